import * as t from "io-ts";
import type { SavedAlertRule } from "../domain/alertRules";
import { nullable } from "./nullable";
import type { Same } from "./same";

/** One alert rule: `brand` null is the brands the person follows (src/domain/alertRules.ts). */
export const AlertRuleCodec = t.union([
  t.type({ id: t.string, kind: t.literal("percent"), minPercent: t.number, brand: nullable(t.string) }),
  t.type({ id: t.string, kind: t.literal("code"), brand: nullable(t.string) }),
]);

/** GET /alert-rules, POST /alert-rules (201), DELETE /alert-rules/:id: the person's rules after the change, oldest first. */
export const AlertRulesCodec = t.type({
  rules: t.array(AlertRuleCodec),
  /** How many rules a person may keep. */
  maxRules: t.number,
  /** The names of the person's brands, which a rule may name. */
  brands: t.array(t.string),
});

/** Compile-time proof that the wire's rule is the domain's. */
const ruleMatchesDomain: Same<t.TypeOf<typeof AlertRuleCodec>, SavedAlertRule> = true;
void ruleMatchesDomain;
