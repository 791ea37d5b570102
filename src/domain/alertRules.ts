/**
 * Alerts a person chooses: how long before a starred deal ends its reminder goes out, and the rules that pick new
 * deals worth an email of their own ("30% or more from brands I follow", "any code from Nike"). One definition of
 * which deal a rule matches and of which deals one day's alert holds, shared by the server's alert job, the settings
 * route's checks and the Settings page.
 */
import { dayIn, dayStart } from "./calendarDay";
import type { DealStatus } from "./deal";
import { dealStateOf, isCurrent } from "./dealLifecycle";
import { percentsOff } from "./percentOff";
import { countOf } from "./counting";

/** Days before a starred deal ends that its reminder goes out, at the report hour: 0 is the morning of its last day. */
export const REMINDER_LEAD_DAYS = [0, 1, 3, 7] as const;
export type ReminderLeadDays = (typeof REMINDER_LEAD_DAYS)[number];
/** The day before, as reminders always went. */
export const DEFAULT_REMINDER_LEAD_DAYS: ReminderLeadDays = 1;

export const isReminderLeadDays = (days: unknown): days is ReminderLeadDays => REMINDER_LEAD_DAYS.includes(days as ReminderLeadDays);

/** "On the day it ends", "1 day before", "3 days before". */
export function reminderLeadLabel(days: ReminderLeadDays): string {
  if (days === 0) return "On the day it ends";
  return `${countOf(days, "day")} before`;
}

/**
 * A rule. `brand` is a brand's name as the person's brand list shows it, or null for the brands they follow: those
 * of which they starred a deal ("Remind me"), the one sign of interest in a brand the app keeps.
 */
export type AlertRule = { kind: "percent"; minPercent: number; brand: string | null } | { kind: "code"; brand: string | null };
export type AlertRuleKind = AlertRule["kind"];

/** A stored rule, with its id. */
export type SavedAlertRule = AlertRule & { id: string };

/** Rules one person may keep: each is read against every new deal, and a short list is one a person can survey. */
export const MAX_ALERT_RULES = 10;
/** A percent rule's threshold, whole percents: 5% is the smallest discount worth an email, 100% a free item. */
export const MIN_ALERT_PERCENT = 5;
export const MAX_ALERT_PERCENT = 100;
/** Deals one alert email lists; the rest are counted and on the dashboard. */
export const MAX_ALERT_DEALS = 10;
/** A brand name in a rule, as long as the brands table keeps one. */
export const MAX_ALERT_BRAND_LENGTH = 200;

/** Brand names compared as a person reads them: case, width and surrounding spaces do not count. */
export const brandKey = (name: string): string => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");

/** A deal as an alert reads it. */
export interface AlertDeal {
  id: string;
  brand: string;
  promoCodes: readonly string[];
  discount: string | null;
  /** YYYY-MM-DD, or null for a deal without an end. */
  expirationDate: string | null;
  status: DealStatus | null;
  /** The brand's switch: a hidden brand sends no alerts. */
  brandShown: boolean;
  /** When a sync stored it. */
  foundAt: Date;
}

/** The largest percent off a deal states ("Up to 40% off" is 40); null when it states none. */
export function percentOffOf(discount: string | null): number | null {
  const percents = percentsOff(discount);
  return percents.length > 0 ? Math.max(...percents) : null;
}

/** Whether one rule picks a deal; `followed` holds the brandKey of each brand the person follows. */
export function ruleMatches(rule: AlertRule, deal: AlertDeal, followed: ReadonlySet<string>): boolean {
  const brand = brandKey(deal.brand);
  if (rule.brand === null ? !followed.has(brand) : brandKey(rule.brand) !== brand) return false;
  if (rule.kind === "code") return deal.promoCodes.some((code) => code.trim().length > 0);
  const percent = percentOffOf(deal.discount);
  return percent !== null && percent >= rule.minPercent;
}

export interface AlertBatchInput {
  rules: readonly AlertRule[];
  /** The person's new deals, as the server reads them. */
  deals: readonly AlertDeal[];
  /** brandKey of each brand the person follows. */
  followed: ReadonlySet<string>;
  /** Deals an earlier alert carried: never alerted twice. */
  alerted: ReadonlySet<string>;
  /** The person's day (YYYY-MM-DD, their time zone): a deal they can no longer use that day is not news. */
  today: string;
}

export interface AlertBatch {
  /** The deals this alert lists, newest first. */
  deals: AlertDeal[];
  /** Matching deals beyond those listed. */
  more: number;
}

/**
 * One day's alert: the deals a rule picks that the person can still use today and that no alert carried before,
 * newest first, at most MAX_ALERT_DEALS listed. Empty when there is nothing to say (and then nothing is sent).
 */
export function alertBatch({ rules, deals, followed, alerted, today }: AlertBatchInput): AlertBatch {
  const day = dayStart(today);
  const seen = new Set<string>();
  const matching = deals.filter((deal) => {
    if (seen.has(deal.id) || alerted.has(deal.id)) return false;
    seen.add(deal.id);
    if (!isCurrent(dealStateOf({ expirationDate: deal.expirationDate, status: deal.status, brandShown: deal.brandShown }, day))) return false;
    return rules.some((rule) => ruleMatches(rule, deal, followed));
  });
  matching.sort((a, b) => b.foundAt.getTime() - a.foundAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { deals: matching.slice(0, MAX_ALERT_DEALS), more: Math.max(0, matching.length - MAX_ALERT_DEALS) };
}

/**
 * The sent-log period of the alert sent at `now`: one a day, by the person's own calendar in their time zone, so two
 * syncs on one day bring one email and a sync after their midnight may bring the next.
 */
export function alertPeriodKey(now: Date, timeZone: string): string {
  return `alert:${dayIn(now, timeZone)}`;
}

/** Whether an alert may go out at `now`, given when the last one did: not twice on one of the person's days. */
export function mayAlertAt(now: Date, lastAlertAt: Date | null, timeZone: string): boolean {
  return lastAlertAt === null || dayIn(lastAlertAt, timeZone) !== dayIn(now, timeZone);
}

/** A rule as a person reads it: "30% or more from brands you follow", "Any code from Nike". */
export function describeRule(rule: AlertRule): string {
  const from = rule.brand === null ? "brands you follow" : rule.brand;
  return rule.kind === "code" ? `Any code from ${from}` : `${rule.minPercent}% or more from ${from}`;
}

export type AlertRuleRefusal = "too-many" | "bad-percent" | "unknown-brand" | "duplicate";

/** Why a rule cannot be added, in the person's words. */
export const ALERT_RULE_REFUSALS: Readonly<Record<AlertRuleRefusal, string>> = {
  "too-many": `You can keep up to ${MAX_ALERT_RULES} alert rules. Remove one to add another.`,
  "bad-percent": `Choose a percent from ${MIN_ALERT_PERCENT} to ${MAX_ALERT_PERCENT}.`,
  "unknown-brand": "Choose a brand from your list: alerts come from brands in your mail.",
  duplicate: "You already have that alert.",
};

/**
 * Checks a rule a person adds against the rules they keep and their brands' names: answers the rule as it will be
 * kept (the brand spelled as their list spells it), or why not.
 */
export function checkNewRule(
  rule: AlertRule,
  existing: readonly AlertRule[],
  brandNames: readonly string[],
): { ok: true; rule: AlertRule } | { ok: false; refusal: AlertRuleRefusal } {
  if (existing.length >= MAX_ALERT_RULES) return { ok: false, refusal: "too-many" };
  if (rule.kind === "percent" && !(Number.isInteger(rule.minPercent) && rule.minPercent >= MIN_ALERT_PERCENT && rule.minPercent <= MAX_ALERT_PERCENT)) {
    return { ok: false, refusal: "bad-percent" };
  }
  let brand: string | null = null;
  if (rule.brand !== null) {
    const wanted = brandKey(rule.brand);
    const known = brandNames.find((name) => brandKey(name) === wanted);
    if (wanted.length === 0 || known === undefined) return { ok: false, refusal: "unknown-brand" };
    brand = known;
  }
  const kept: AlertRule = rule.kind === "code" ? { kind: "code", brand } : { kind: "percent", minPercent: rule.minPercent, brand };
  const same = (other: AlertRule) =>
    other.kind === kept.kind &&
    (other.brand === null ? kept.brand === null : kept.brand !== null && brandKey(other.brand) === brandKey(kept.brand)) &&
    (other.kind === "code" || kept.kind === "code" || other.minPercent === kept.minPercent);
  if (existing.some(same)) return { ok: false, refusal: "duplicate" };
  return { ok: true, rule: kept };
}
