import type { Brand } from "./brand";
import type { Deal, DealSource } from "./deal";
import { DEAL_VIEW_LABELS, DEAL_VIEWS, dealStateOf, isInView, type DealView, type LifecycleFacts } from "./dealLifecycle";
import { percentsOff } from "./percentOff";

/** Where a deal came from: the email it was found in, and how. Only its owner ever sees it. */
export interface DealDetail {
  deal: Deal;
  email: {
    /** The From header as stored: "Name <address>". */
    sender: string | null;
    subject: string | null;
    /** ISO 8601; null when the email gave no date. */
    sentAt: string | null;
    /** The message in Gmail (or, in demo mode, in the Google emulator's own view of it). */
    url: string;
  };
}

/** How each kind of extraction is named to people. */
export const DEAL_SOURCE_LABELS: Readonly<Record<DealSource, string>> = {
  markup: "From the email's structured data",
  text: "Read from the email's text",
  llm: "Found by the language model",
};

/** Which deals the dashboard shows: one of its views (dealLifecycle's DEAL_VIEWS), the current one by default. */
export type DealShowFilter = DealView;

export const DEAL_SHOW_FILTERS: readonly { value: DealShowFilter; label: string }[] = DEAL_VIEWS.map((view) => ({ value: view, label: DEAL_VIEW_LABELS[view] }));

/** Whether a deal belongs to a view on `today`: its lifecycle state is one of the view's. */
export function matchesShowFilter(deal: LifecycleFacts, show: DealShowFilter, today: Date): boolean {
  return isInView(dealStateOf(deal, today), show);
}

/** A brand's own page: its deals, what it typically offers and how often it writes. */
export interface BrandPage {
  brand: Brand;
  /** Deals the person can still use (dealLifecycle's current states, judged as if the brand were shown), soonest first. */
  currentDeals: Deal[];
  /** The others: expired, or marked used or not working; the dashboard's order reversed (the most recently expired first). */
  pastDeals: Deal[];
  /** The median percent off of its deals that state one; null when none does. */
  typicalPercentOff: number | null;
  /** Emails with deals from this brand per week, over the weeks we have mail of (at least one). */
  emailsPerWeek: number;
  /** Emails with deals from this brand. */
  emailCount: number;
  /** The person's day (YYYY-MM-DD) the deals were judged on; the page's "ends in N days" counts from it. */
  today: string;
}

/**
 * A brand's typical discount: the median of the largest percent each deal states (the middle value, or the mean of
 * the two middle ones), rounded to a whole percent; percentsOff (percentOff.ts) reads each deal's percents. Deals
 * without a percent (free shipping, "$10 off") do not count.
 */
export function typicalPercentOff(discounts: readonly (string | null)[]): number | null {
  const percents = discounts.flatMap((discount) => {
    const found = percentsOff(discount);
    return found.length > 0 ? [Math.max(...found)] : [];
  });
  if (percents.length === 0) return null;
  percents.sort((a, b) => a - b);
  const middle = Math.floor(percents.length / 2);
  const median = percents.length % 2 === 1 ? percents[middle]! : (percents[middle - 1]! + percents[middle]!) / 2;
  return Math.round(median);
}

const WEEK_MS = 7 * 86_400_000;

/** Emails per week over a period, counted as at least one week so that a first day of mail does not read as a flood. */
export function emailsPerWeek(emailCount: number, periodStart: Date | null, periodEnd: Date | null): number {
  if (emailCount === 0 || !periodStart || !periodEnd) return 0;
  const weeks = Math.max(1, (periodEnd.getTime() - periodStart.getTime()) / WEEK_MS);
  return Math.round((emailCount / weeks) * 10) / 10;
}
