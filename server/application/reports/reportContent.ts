/**
 * What the weekly report and a reminder say, from what the dashboard already stores; pure (time and zone are
 * parameters), so every rule is tested without a clock, a database or a mail server.
 */
import type { DealEvidence } from "../../../src/domain/evidence";
import { CATEGORIES, type Category } from "../../../src/domain/category";
import { daysUntil, type DealStatus } from "../../../src/domain/deal";
import { dealStateOf, isCurrent, isNewDeal, type DealState } from "../../../src/domain/dealLifecycle";
import { MAX_PICKS, topPicks } from "../../../src/domain/reportPicks";
import { savedTotals, type RecordedSaving, type SavedTotals } from "../../../src/domain/savings";
import { localDateOf, type LocalDate } from "./schedule";

/** A deal as a report reads it: the dashboard's fields, its brand's switch, and when we found it. */
export interface ReportDeal {
  id: string;
  title: string;
  brand: string;
  brandId: string;
  brandDomain: string;
  /** The brand's switch: only brands switched on are in reports. */
  brandActive: boolean;
  category: Category;
  promoCodes: string[];
  discount: string | null;
  expirationDate: LocalDate | null;
  status: DealStatus | null;
  /** When the sync stored it: "new since the last report" is about what the person has not been told of. */
  foundAt: Date;
  /** What stated its fields (src/domain/evidence.ts); absent is unknown. */
  evidence?: DealEvidence | undefined;
}

export interface ReportItem {
  dealId: string;
  title: string;
  brand: string;
  category: Category;
  codes: string[];
  discount: string | null;
  expirationDate: LocalDate | null;
  /** Whole days from today to the end date (0 is today); null without an end date. */
  daysLeft: number | null;
  /** What stated its end and category, for their wording (src/domain/evidence.ts); absent is unknown. */
  evidence?: DealEvidence | undefined;
  /** The deal's own address in the app, relative to its origin: it opens the deal's Details. */
  dashboardPath: string;
}

export interface ReportSection {
  items: ReportItem[];
  /** Deals of this section beyond those listed, which the dashboard shows. */
  more: number;
}

/** One brand's deals among the report's rest. */
export interface BrandGroup {
  brand: string;
  items: ReportItem[];
}

/**
 * Which deals the report calls new, for its wording: those since the last report; since the person joined (no weekly
 * report went out yet); or, for a test report after weekly ones, those of the past week.
 */
export type ReportSince = "last-report" | "joined" | "past-week";

export interface CategoryTotal {
  category: Category;
  count: number;
}

export type WeeklyReport =
  | { kind: "nothing" }
  | {
      kind: "report";
      today: LocalDate;
      /** Sent on request from Settings, not on the schedule: its subject says so. */
      test: boolean;
      since: ReportSince;
      /** Codes and deals ending soon (state ending-soon: 0 to 7 days left), soonest first. */
      expiringSoon: ReportSection;
      /** The other new deals (found since the last report), newest first: those not already listed as ending soon. */
      newDeals: ReportSection;
      /** The top picks of both, ending soonest with the biggest saving (src/domain/reportPicks): the email's first list. */
      picks: ReportItem[];
      /** The rest, by brand (A to Z): each brand's deals ending soon first, soonest first, then its newest; the first MAX_LISTED_REST in that order. */
      brands: BrandGroup[];
      /** Deals of the rest beyond those listed, which the dashboard shows. */
      more: number;
      /** Every new deal (dealLifecycle's isNewDeal: found since the last report, still usable), ending soon or not. */
      newDealCount: number;
      /** Every deal of the report by category, most first. */
      totals: CategoryTotal[];
      dealCount: number;
      /** What the person said their used deals saved this month and this year, per currency: the dashboard's figures. */
      saved: SavedTotals;
    };

/** A reminder is only ever for a dated deal: its item always says how many days are left. */
export type ReminderContent = { kind: "nothing" } | { kind: "reminder"; today: LocalDate; item: ReportItem & { daysLeft: number } };

/** Each of the report's two groups holds at most this many deals, and says how many more the dashboard has. */
export const MAX_LISTED_PER_SECTION = 20;

/** An email is read in a minute: beyond this many deals after the picks it says how many more the dashboard has. */
export const MAX_LISTED_REST = 20;

/** With no report sent yet, "new" means found in the last week. */
const FIRST_REPORT_LOOKBACK_MS = 7 * 86_400_000;

export interface ReportRequest {
  deals: readonly ReportDeal[];
  /** When the last report went out; null before the first. */
  lastReportAt: Date | null;
  now: Date;
  timeZone: string;
  /** A test report, which reads like a first report (lastReportAt null); whether a weekly report went out before. */
  test?: { weeklySentBefore: boolean };
  /** The person's recorded savings of this year (savings.ts); none when left out. */
  savings?: readonly RecordedSaving[];
}

/**
 * A deal's own address, which opens its Details on the dashboard (docs/product.md, "Deal details and statuses").
 * Deal emails never link anywhere the mail pointed: every address in our emails is ours.
 */
export function dashboardPathOf(deal: Pick<ReportDeal, "id">): string {
  return `/dashboard?${new URLSearchParams({ deal: deal.id }).toString()}`;
}

/** The window a repository reads for a report of `now`: today in the zone, and since when deals are new. */
export function reportWindow(lastReportAt: Date | null, now: Date, timeZone: string): { today: LocalDate; foundSince: Date } {
  return { today: localDateOf(now, timeZone), foundSince: lastReportAt ?? new Date(now.getTime() - FIRST_REPORT_LOOKBACK_MS) };
}

const dayOf = (today: LocalDate) => new Date(`${today}T00:00:00Z`);

const daysLeftOf = (deal: ReportDeal, today: LocalDate) => (deal.expirationDate === null ? null : daysUntil(deal.expirationDate, dayOf(today)));

/** The deal's lifecycle state on the person's day; the brand's switch is part of it. */
const stateOf = (deal: ReportDeal, today: LocalDate): DealState => dealStateOf({ ...deal, brandShown: deal.brandActive }, dayOf(today));

function itemOf(deal: ReportDeal, today: LocalDate): ReportItem {
  return {
    dealId: deal.id,
    title: deal.title,
    brand: deal.brand,
    category: deal.category,
    codes: deal.promoCodes,
    discount: deal.discount,
    expirationDate: deal.expirationDate,
    daysLeft: daysLeftOf(deal, today),
    ...(deal.evidence ? { evidence: deal.evidence } : {}),
    dashboardPath: dashboardPathOf(deal),
  };
}

const sectionOf = (deals: readonly ReportDeal[], today: LocalDate): ReportSection => ({
  items: deals.slice(0, MAX_LISTED_PER_SECTION).map((deal) => itemOf(deal, today)),
  more: Math.max(0, deals.length - MAX_LISTED_PER_SECTION),
});

const brandOrder = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The rest after the picks, grouped by brand A to Z. At most MAX_LISTED_REST are listed, and the cap keeps the first in
 * report order (ending soonest, then newest): a deal that ends today is never left out for one of a brand earlier in
 * the alphabet that lasts for weeks.
 */
function brandGroupsOf(rest: readonly ReportDeal[], today: LocalDate): { brands: BrandGroup[]; more: number } {
  const listed = rest.slice(0, MAX_LISTED_REST);
  const groups = new Map<string, ReportDeal[]>();
  for (const deal of listed) groups.set(deal.brandId, [...(groups.get(deal.brandId) ?? []), deal]);
  const ordered = [...groups.values()].sort((a, b) => brandOrder.compare(a[0]!.brand, b[0]!.brand) || a[0]!.brandId.localeCompare(b[0]!.brandId));
  return {
    brands: ordered.map((deals) => ({ brand: deals[0]!.brand, items: deals.map((deal) => itemOf(deal, today)) })),
    more: rest.length - listed.length,
  };
}

const byFoundNewestFirst = (a: ReportDeal, b: ReportDeal) => b.foundAt.getTime() - a.foundAt.getTime() || a.id.localeCompare(b.id);

function totalsOf(deals: readonly ReportDeal[]): CategoryTotal[] {
  const counts = new Map<Category, number>();
  for (const deal of deals) counts.set(deal.category, (counts.get(deal.category) ?? 0) + 1);
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
}

export function weeklyReport({ deals, lastReportAt, now, timeZone, test, savings = [] }: ReportRequest): WeeklyReport {
  const { today, foundSince } = reportWindow(lastReportAt, now, timeZone);
  const expiring = deals
    .filter((deal) => stateOf(deal, today) === "ending-soon")
    .sort((a, b) => a.expirationDate!.localeCompare(b.expirationDate!) || byFoundNewestFirst(a, b));
  const isNew = (deal: ReportDeal) => isNewDeal({ ...deal, brandShown: deal.brandActive }, foundSince, dayOf(today));
  const listedAsExpiring = new Set(expiring.map((deal) => deal.id));
  const fresh = deals.filter((deal) => !listedAsExpiring.has(deal.id) && isNew(deal)).sort(byFoundNewestFirst);
  const included = [...expiring, ...fresh];
  if (included.length === 0) return { kind: "nothing" };
  const picks = topPicks(
    included.map((deal) => ({ ...deal, codeConditions: [] })),
    dayOf(today),
    MAX_PICKS,
  );
  const picked = new Set(picks.map((deal) => deal.id));
  const since: ReportSince = test ? (test.weeklySentBefore ? "past-week" : "joined") : lastReportAt ? "last-report" : "joined";
  return {
    kind: "report",
    today,
    test: test !== undefined,
    since,
    expiringSoon: sectionOf(expiring, today),
    newDeals: sectionOf(fresh, today),
    picks: picks.map((deal) => itemOf(deal, today)),
    ...brandGroupsOf(
      included.filter((deal) => !picked.has(deal.id)),
      today,
    ),
    newDealCount: deals.filter(isNew).length,
    totals: totalsOf(included),
    dealCount: included.length,
    saved: savedTotals(savings, today, timeZone),
  };
}

/** A starred deal's reminder, or nothing when the deal is no longer worth one (marked, brand off, ended, undated). */
export function reminderContent(deal: ReportDeal, now: Date, timeZone: string): ReminderContent {
  const today = localDateOf(now, timeZone);
  const item = itemOf(deal, today);
  if (item.daysLeft === null || !isCurrent(stateOf(deal, today))) return { kind: "nothing" };
  return { kind: "reminder", today, item: { ...item, daysLeft: item.daysLeft } };
}

/** A deal alert: the deals the person's rules picked (src/domain/alertRules.ts chose them), as a short email lists them. */
export type AlertContent = { kind: "nothing" } | { kind: "alert"; today: LocalDate; items: ReportItem[]; more: number };

/** What a deal alert says: the picked deals in the order given, on the person's day; nothing when none is left. */
export function alertContent(deals: readonly ReportDeal[], more: number, now: Date, timeZone: string): AlertContent {
  const today = localDateOf(now, timeZone);
  if (deals.length === 0) return { kind: "nothing" };
  return { kind: "alert", today, items: deals.map((deal) => itemOf(deal, today)), more };
}
