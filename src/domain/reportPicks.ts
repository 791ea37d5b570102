import type { Deal } from "./deal";
import { daysUntil, EXPIRING_SOON_DAYS } from "./deal";
import { savingPercent } from "./dealOrder";

/** The weekly report opens with at most this many picks (docs/product.md, "Emails"). */
export const MAX_PICKS = 5;

type PickableDeal = Pick<Deal, "id" | "title" | "discount" | "codeConditions" | "expirationDate">;

/**
 * The report's picks: the deals a person would most regret missing, those ending soonest with the biggest saving.
 * - A deal ending within the week (0 to 7 days left) comes before one that lasts longer or has no end date: it is the
 *   one that cannot wait for next week's report.
 * - Among those, and then among the rest, the bigger saving comes first (the "Biggest saving" reading of
 *   savingPercent); a deal stating no saving comes after those that do.
 * - Level on both, the sooner end comes first, then the id, so the same deals always give the same picks.
 * `today` is the person's day (midnight UTC of it); the deals are ones that can still be used.
 */
export function topPicks<T extends PickableDeal>(deals: readonly T[], today: Date, max = MAX_PICKS): T[] {
  const keyed = deals.map((deal) => {
    const daysLeft = deal.expirationDate === null ? null : daysUntil(deal.expirationDate, today);
    return { deal, daysLeft, endsThisWeek: daysLeft !== null && daysLeft <= EXPIRING_SOON_DAYS, saving: savingPercent(deal) };
  });
  keyed.sort(
    (a, b) =>
      Number(b.endsThisWeek) - Number(a.endsThisWeek) ||
      (b.saving ?? -1) - (a.saving ?? -1) ||
      (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) ||
      a.deal.id.localeCompare(b.deal.id),
  );
  return keyed.slice(0, max).map(({ deal }) => deal);
}
