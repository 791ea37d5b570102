import type { AlertRule, SavedAlertRule } from "../../domain/alertRules";
import type { CallOptions } from "./settings";

/** The person's alert rules, how many they may keep, and the brand names a rule may name. */
export interface AlertRulesOverview {
  rules: SavedAlertRule[];
  maxRules: number;
  brands: string[];
}

/** GET, POST /alert-rules and DELETE /alert-rules/:id; each answers the rules kept now. Failures throw RequestError. */
export abstract class AlertRulesGateway {
  abstract rules(options?: CallOptions): Promise<AlertRulesOverview>;
  abstract add(rule: AlertRule, options?: CallOptions): Promise<AlertRulesOverview>;
  abstract remove(ruleId: string, options?: CallOptions): Promise<AlertRulesOverview>;
}
