import { dayIn, dayStart } from "./calendarDay";
import { daysUntil, EXPIRING_SOON_DAYS, type DealStatus } from "./deal";

/**
 * Where a deal stands for its person on a day. Every count, list, filter, email and extension answer takes a deal's
 * state from `dealStateOf` (or, in SQL, from the same table: server/infrastructure/db/dealLifecycleSql.ts), so "a deal
 * you can still use" means one thing everywhere.
 *
 * - live: the person can use it, and more than EXPIRING_SOON_DAYS days remain (or it has no end date);
 * - ending-soon: the person can use it, and 0 to EXPIRING_SOON_DAYS (7) days remain (0 is its last day);
 * - expired: its end date is before today;
 * - used / not-working: the person marked it "Used it" / "Didn't work" (whatever its date);
 * - brand-hidden: the person hid its brand (whatever else is true of it).
 */
export const DEAL_STATES = ["brand-hidden", "used", "not-working", "expired", "ending-soon", "live"] as const;
export type DealState = (typeof DEAL_STATES)[number];

/**
 * DEAL_STATES is also the order the states are decided in: a deal is in the first state whose condition holds. A hidden
 * brand outranks a mark, and a mark outranks the date, so a used deal is never also counted as expired.
 */
export const DEAL_STATE_PRECEDENCE: readonly DealState[] = DEAL_STATES;

/** The states of a deal the person can still use: the dashboard's current view, Active Promos, the extension's codes. */
export const CURRENT_STATES: readonly DealState[] = ["ending-soon", "live"];

export const isCurrent = (state: DealState): boolean => state === "live" || state === "ending-soon";

/** What a deal's state is decided from. `brandShown` is the brand's switch; absent means shown. */
export interface LifecycleFacts {
  expirationDate: string | null;
  status: DealStatus | null;
  brandShown?: boolean;
}

/**
 * A deal's state on `today`, the person's calendar day (the date of `todayIn(instant, timeZone)`; only its UTC date
 * is read, so a Date at that day's UTC midnight, or any instant of it read in UTC, means the same day).
 */
export function dealStateOf(deal: LifecycleFacts, today: Date): DealState {
  if (deal.brandShown === false) return "brand-hidden";
  if (deal.status === "used") return "used";
  if (deal.status === "not_working") return "not-working";
  if (deal.expirationDate === null) return "live";
  const daysLeft = daysUntil(deal.expirationDate, today);
  if (daysLeft < 0) return "expired";
  return daysLeft <= EXPIRING_SOON_DAYS ? "ending-soon" : "live";
}

/** Whether the person can still use the deal on `today`: its brand shown, not marked, not ended before today. */
export const isCurrentDeal = (deal: LifecycleFacts, today: Date): boolean => isCurrent(dealStateOf(deal, today));

/**
 * The person's calendar day at an instant, in their time zone (calendarDay's dayIn), as the Date of that day's UTC
 * midnight (the form every `today` parameter of the domain reads). "Expired" and "ends today" follow the person's
 * midnight, not the server's.
 */
export function todayIn(instant: Date, timeZone: string): Date {
  return dayStart(dayIn(instant, timeZone));
}

/** A day as YYYY-MM-DD, the form end dates are stored in and SQL is given `today` in. */
export const dayText = (today: Date): string => today.toISOString().slice(0, 10);

/** How many deals are in each state. */
export function countStates(deals: readonly LifecycleFacts[], today: Date): Record<DealState, number> {
  const counts = Object.fromEntries(DEAL_STATES.map((state) => [state, 0])) as Record<DealState, number>;
  for (const deal of deals) counts[dealStateOf(deal, today)] += 1;
  return counts;
}

/**
 * The dashboard's views, each a set of states: what the person can still use (the default), what has expired, and
 * what they marked. Deals of a hidden brand are in none.
 */
export const DEAL_VIEWS = ["current", "expired", "used", "not_working"] as const;
export type DealView = (typeof DEAL_VIEWS)[number];

export const VIEW_STATES: Readonly<Record<DealView, readonly DealState[]>> = {
  current: CURRENT_STATES,
  expired: ["expired"],
  used: ["used"],
  not_working: ["not-working"],
};

export const DEAL_VIEW_LABELS: Readonly<Record<DealView, string>> = {
  current: "Current",
  expired: "Expired",
  used: "Used",
  not_working: "Didn't work",
};

export const isInView = (state: DealState, view: DealView): boolean => VIEW_STATES[view].includes(state);

/**
 * A new deal: one a sync found (stored) after `since` that the person can still use on `today`; found, not sent, so
 * old mail read for the first time brings new deals, and a deal is new once. The greeting's "new deals today" counts
 * those found since midnight, a sync's "N new deals" those it stored, the weekly email's "N new" those found since the
 * last report.
 */
export function isNewDeal(deal: LifecycleFacts & { foundAt: Date }, since: Date, today: Date): boolean {
  return deal.foundAt.getTime() > since.getTime() && isCurrentDeal(deal, today);
}
