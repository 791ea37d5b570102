import { EXPIRING_SOON_DAYS } from "../../../src/domain/deal";
import { DEAL_STATE_PRECEDENCE, type DealState } from "../../../src/domain/dealLifecycle";

/** The columns a deal's state is decided from, as SQL expressions of the query that asks. */
export interface LifecycleColumns {
  expirationDate: string;
  status: string;
  brandShown: string;
}

/** A deal joined to its brand as `deals d JOIN brands b`, the repositories' usual form. */
export const DEAL_AND_BRAND: LifecycleColumns = { expirationDate: "d.expiration_date", status: "d.status", brandShown: "b.is_active" };

/**
 * Each state's own condition, tested in the domain's precedence (DEAL_STATE_PRECEDENCE): the first that holds is the
 * state, as in dealStateOf. A state added to the domain does not compile here until it has its condition. `today` is
 * a date and `days` an integer (EXPIRING_SOON_DAYS), both SQL expressions.
 */
const STATE_CONDITIONS: Readonly<Record<DealState, (columns: LifecycleColumns, today: string, days: string) => string>> = {
  "brand-hidden": (c) => `NOT ${c.brandShown}`,
  used: (c) => `${c.status} = 'used'`,
  "not-working": (c) => `${c.status} = 'not_working'`,
  expired: (c, today) => `${c.expirationDate} < ${today}`,
  "ending-soon": (c, today, days) => `${c.expirationDate} <= ${today} + ${days}`,
  live: () => "TRUE",
};

/**
 * A deal's state as SQL text ('live', 'ending-soon', ...): a CASE over the conditions in precedence order, where a
 * NULL condition (no end date, no mark) counts as not holding, as in the domain.
 */
export function dealStateSql(columns: LifecycleColumns, today: string, days: string = String(EXPIRING_SOON_DAYS)): string {
  const branches = DEAL_STATE_PRECEDENCE.map((state) => `WHEN ${STATE_CONDITIONS[state](columns, today, days)} THEN '${state}'`);
  return `(CASE ${branches.join(" ")} END)`;
}

/** A condition: the deal's state is one of `states`. */
export function inStatesSql(states: readonly DealState[], columns: LifecycleColumns, today: string, days?: string): string {
  return `${dealStateSql(columns, today, days)} IN (${states.map((state) => `'${state}'`).join(", ")})`;
}
