/** What the deal alerts need from storage; server/infrastructure/db/alertsRepository.ts implements it. */
import type { AlertRule, SavedAlertRule } from "../../../src/domain/alertRules";
import type { ReportDeal } from "../reports/reportContent";

/** A person who may be owed an alert: rules kept, alerts on, emails not stopped, and new deals not alerted yet. */
export interface AlertCandidate {
  userId: string;
  timeZone: string;
}

/** Which deals count as new: stored by a sync since `foundSince`, from mail sent since `mailSince` (or undated). */
export interface NewDealsWindow {
  foundSince: Date;
  mailSince: Date;
}

/** A new deal, and whether an alert carried it already. */
export type AlertableDeal = ReportDeal & { alerted: boolean };

export interface AlertsRepository {
  rules(userId: string): Promise<SavedAlertRule[]>;
  addRule(userId: string, rule: AlertRule): Promise<SavedAlertRule>;
  /** False when the person has no such rule. */
  removeRule(userId: string, ruleId: string): Promise<boolean>;
  /** The names of the person's brands, as their list shows them. */
  brandNames(userId: string): Promise<string[]>;
  /** The brands the person follows: those of which they starred a deal. */
  followedBrands(userId: string): Promise<string[]>;
  candidates(window: NewDealsWindow): Promise<AlertCandidate[]>;
  /** The person's new deals (capped), each with whether an alert carried it. */
  newDeals(userId: string, window: NewDealsWindow): Promise<AlertableDeal[]>;
  /** Records that an alert carried these deals. */
  markAlerted(userId: string, dealIds: readonly string[], at: Date): Promise<void>;
}
