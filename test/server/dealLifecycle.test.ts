import { SavedTotalsReader } from "../../server/application/savings";
import { SqlSavingsRepository } from "../../server/infrastructure/db/savingsRepository";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../src/domain/category";
import type { Dashboard } from "../../src/domain/dashboard";
import { sortDeals, type DealStatus } from "../../src/domain/deal";
import { dayIn } from "../../src/domain/calendarDay";
import { countStates, DEAL_VIEWS, dealStateOf, isInView, isNewDeal, todayIn, VIEW_STATES, type DealState } from "../../src/domain/dealLifecycle";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { answerDay, chipCounts, statFigures, visibleDeals } from "../../src/application/machines/dashboardSelectors";
import { currentDeals, personToday } from "../../extension/src/domain/siteMatch";
import { BrandPages } from "../../server/application/brands";
import { DashboardService } from "../../server/application/dashboard";
import { ExtensionService } from "../../server/application/extension";
import { ImageLinks } from "../../server/application/images/imageLinks";
import { PersonDays } from "../../server/application/personDay";
import { reminderContent, reportWindow, weeklyReport } from "../../server/application/reports/reportContent";
import { instantAtLocalHour } from "../../server/application/reports/schedule";
import { SqlBrandPagesRepository } from "../../server/infrastructure/db/dealDetailsRepository";
import { SqlExtensionSessionsRepository } from "../../server/infrastructure/db/extensionSessionsRepository";
import { SqlPreferencesRepository } from "../../server/infrastructure/db/preferencesRepository";
import { SqlSyncRepository } from "../../server/infrastructure/db/syncRepository";
import type { Database } from "../../server/infrastructure/db/database";
import { SqlDealsRepository } from "../../server/infrastructure/db/dealsRepository";
import { SqlExtensionDealsRepository } from "../../server/infrastructure/db/extensionDealsRepository";
import { SqlReportsRepository } from "../../server/infrastructure/db/reportsRepository";
import { DEAL_AND_BRAND, dealStateSql } from "../../server/infrastructure/db/dealLifecycleSql";
import { DATABASES, openMigratedTestDatabase } from "./support/stack";

/**
 * One set of deals with every lifecycle state, and the same states, counts and lists from each place that judges a
 * deal: the domain's dealStateOf, the SQL generated from it (on PGlite and PostgreSQL), the dashboard's figures and
 * the browser's views and chips over the server's deals, the weekly report's content and the extension's answer.
 */

const TODAY = "2025-10-10";
const today = new Date(`${TODAY}T00:00:00Z`);
/** The last weekly report: deals found after it are new. */
const LAST_REPORT = new Date("2025-10-06T08:00:00Z");

interface Row {
  key: string;
  expires: string | null;
  status: DealStatus | null;
  /** The brand's switch: a brand per switch, so hiding is a property of the row. */
  brandShown: boolean;
  codes: string[];
  category: Category;
  /** When a sync stored it. */
  foundAt: string;
  state: DealState;
}

const DEALS: Row[] = [
  { key: "undated", expires: null, status: null, brandShown: true, codes: ["ALWAYS"], category: "Home", foundAt: "2025-10-10T06:00:00Z", state: "live" },
  { key: "in-15-days", expires: "2025-10-25", status: null, brandShown: true, codes: [], category: "Home", foundAt: "2025-10-01T06:00:00Z", state: "live" },
  { key: "in-8-days", expires: "2025-10-18", status: null, brandShown: true, codes: ["EIGHT"], category: "Fashion", foundAt: "2025-10-08T06:00:00Z", state: "live" },
  { key: "in-7-days", expires: "2025-10-17", status: null, brandShown: true, codes: ["SEVEN"], category: "Fashion", foundAt: "2025-10-10T07:00:00Z", state: "ending-soon" },
  { key: "ends-today", expires: "2025-10-10", status: null, brandShown: true, codes: ["TODAY"], category: "Pets", foundAt: "2025-10-02T06:00:00Z", state: "ending-soon" },
  { key: "ended-yesterday", expires: "2025-10-09", status: null, brandShown: true, codes: ["YESTERDAY"], category: "Pets", foundAt: "2025-10-10T08:00:00Z", state: "expired" },
  { key: "long-ended", expires: "2025-08-01", status: null, brandShown: true, codes: [], category: "Home", foundAt: "2025-08-01T06:00:00Z", state: "expired" },
  { key: "used-soon", expires: "2025-10-12", status: "used", brandShown: true, codes: ["USED"], category: "Fashion", foundAt: "2025-10-10T09:00:00Z", state: "used" },
  { key: "used-ended", expires: "2025-10-01", status: "used", brandShown: true, codes: ["OLDUSE"], category: "Home", foundAt: "2025-09-20T06:00:00Z", state: "used" },
  { key: "did-not-work", expires: null, status: "not_working", brandShown: true, codes: ["BROKEN"], category: "Pets", foundAt: "2025-10-09T06:00:00Z", state: "not-working" },
  { key: "hidden-soon", expires: "2025-10-12", status: null, brandShown: false, codes: ["HIDDEN"], category: "Home", foundAt: "2025-10-10T06:00:00Z", state: "brand-hidden" },
  { key: "hidden-used", expires: null, status: "used", brandShown: false, codes: ["HIDUSED"], category: "Fashion", foundAt: "2025-10-07T06:00:00Z", state: "brand-hidden" },
];

const keysIn = (states: readonly DealState[]) => DEALS.filter((deal) => states.includes(deal.state)).map((deal) => deal.key).sort();
const sorted = (keys: Iterable<string>) => [...keys].sort();
const facts = (deal: Row) => ({ expirationDate: deal.expires, status: deal.status, brandShown: deal.brandShown });

const CURRENT = keysIn(["live", "ending-soon"]);
const EXPECTED_COUNTS: Record<DealState, number> = { live: 3, "ending-soon": 2, expired: 2, used: 2, "not-working": 1, "brand-hidden": 2 };
/** Found after the last report and still usable. */
const NEW_SINCE_REPORT = ["in-7-days", "in-8-days", "undated"];
/** Found since today's midnight and still usable. */
const NEW_TODAY = ["in-7-days", "undated"];

describe("the lifecycle in the domain", () => {
  it.each(DEALS)("$key is $state", (deal) => {
    expect(dealStateOf(facts(deal), today)).toBe(deal.state);
  });

  it("counts each state, and the new deals by one definition", () => {
    expect(countStates(DEALS.map(facts), today)).toEqual(EXPECTED_COUNTS);
    const found = (deal: Row) => ({ ...facts(deal), foundAt: new Date(deal.foundAt) });
    expect(sorted(DEALS.filter((deal) => isNewDeal(found(deal), LAST_REPORT, today)).map((deal) => deal.key))).toEqual(NEW_SINCE_REPORT);
    expect(sorted(DEALS.filter((deal) => isNewDeal(found(deal), today, today)).map((deal) => deal.key))).toEqual(NEW_TODAY);
  });

  it("puts every deal of a shown brand in exactly one view", () => {
    for (const deal of DEALS) {
      const views = DEAL_VIEWS.filter((view) => isInView(deal.state, view));
      expect(views).toHaveLength(deal.brandShown ? 1 : 0);
    }
  });
});

async function seed(db: Database): Promise<{ userId: string; keyOf: Map<string, string> }> {
  const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('lifecycle@example.com') RETURNING id");
  const userId = user!.id;
  const keyOf = new Map<string, string>();
  for (const deal of DEALS) {
    const [brand] = await db.query<{ id: string }>(
      "INSERT INTO brands (user_id, domain, name, is_active) VALUES ($1, $2, $3, $4) RETURNING id",
      [userId, `${deal.key}.example.com`, `Brand ${deal.key}`, deal.brandShown],
    );
    const [stored] = await db.query<{ id: string }>(
      `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, expiration_date, source, status, sent_at, created_at)
       VALUES ($1, $2, $3, '', $4, '', $5, $6, $7, 'text', $8, $9, $9) RETURNING id`,
      [userId, brand!.id, deal.key, `Deal ${deal.key}`, deal.category, deal.codes, deal.expires, deal.status, deal.foundAt],
    );
    keyOf.set(stored!.id, deal.key);
  }
  return { userId, keyOf };
}

describe.each(DATABASES)("the same lifecycle through SQL, the report and the extension, on %s", (database) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let userId: string;
  let keyOf: Map<string, string>;
  const keys = (ids: Iterable<{ id: string } | string>) => sorted([...ids].map((item) => keyOf.get(typeof item === "string" ? item : item.id)!));

  beforeAll(async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    ({ userId, keyOf } = await seed(db));
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("gives every deal the domain's state", async () => {
    const rows = await db.query<{ id: string; state: DealState }>(
      `SELECT d.id, ${dealStateSql(DEAL_AND_BRAND, "$2::date")} AS state FROM deals d JOIN brands b ON b.id = d.brand_id WHERE d.user_id = $1`,
      [userId, TODAY],
    );
    expect(Object.fromEntries(rows.map((row) => [keyOf.get(row.id), row.state]))).toEqual(Object.fromEntries(DEALS.map((deal) => [deal.key, deal.state])));
  });

  it("counts the dashboard's figures and lists its views as the domain does, before and after all deals are in the browser", async () => {
    const repository = new SqlDealsRepository(db);
    const summary = await repository.summary(userId, TODAY, "2025-09-10", today);
    expect(summary.current.activePromos).toBe(CURRENT.length);
    expect(summary.current.expiring).toBe(EXPECTED_COUNTS["ending-soon"]);
    expect(summary.newDealsToday).toBe(NEW_TODAY.length);
    // The dashboard holds the deals of shown brands only: every view, hidden brands in none.
    const deals = await repository.deals(userId, TODAY, {});
    expect(keys(deals)).toEqual(sorted(DEALS.filter((deal) => deal.brandShown).map((deal) => deal.key)));
    for (const view of DEAL_VIEWS) {
      expect(keys(filterDeals(sortDeals(deals, today), { ...NO_FILTERS, show: view }, today)), view).toEqual(keysIn(VIEW_STATES[view]));
    }
    // The current view never lists an expired deal, and its expiring filter lists what Expiring Soon counts.
    const expiring = filterDeals(deals, { ...NO_FILTERS, expiringOnly: true }, today);
    expect(keys(expiring)).toEqual(keysIn(["ending-soon"]));

    const categories = summary.categories.map(({ category, count, current }) => ({ id: category.toLowerCase(), label: category, count, current }));
    const stats = {
      activePromos: { value: summary.current.activePromos, delta: null },
      emailsScanned: { value: 0, delta: null },
      uniqueBrands: { value: 0, delta: null },
      expiring: { value: summary.current.expiring, delta: null },
    };
    const whole: Dashboard = { categories, deals, totalDeals: summary.totalDeals, nextCursor: null, stats, newDealsToday: summary.newDealsToday, today: TODAY, saved: { month: [], year: [] } };
    const firstScreen: Dashboard = { ...whole, deals: deals.slice(0, 2), nextCursor: "more" };
    for (const dashboard of [firstScreen, whole]) {
      const chips = chipCounts(dashboard, NO_FILTERS);
      expect(chips.total).toBe(CURRENT.length);
      for (const chip of chips.categories) expect(chip.count, chip.label).toBe(DEALS.filter((deal) => deal.category === chip.label && CURRENT.includes(deal.key)).length);
      expect(statFigures(dashboard).activePromos.value).toBe(CURRENT.length);
      expect(statFigures(dashboard).expiring.value).toBe(EXPECTED_COUNTS["ending-soon"]);
    }
  });

  it("makes the weekly report of the current deals: ending soon first, then the other new ones", async () => {
    const read = await new SqlReportsRepository(db).reportDeals(userId, { today: TODAY, foundSince: LAST_REPORT });
    expect(read.every((deal) => CURRENT.includes(keyOf.get(deal.id)!))).toBe(true);
    const report = weeklyReport({ deals: read, lastReportAt: LAST_REPORT, now: new Date(`${TODAY}T08:00:00Z`), timeZone: "UTC" });
    if (report.kind !== "report") throw new Error("expected a report");
    expect(keys(report.expiringSoon.items.map((item) => item.dealId))).toEqual(keysIn(["ending-soon"]));
    expect(keys(report.newDeals.items.map((item) => item.dealId))).toEqual(NEW_SINCE_REPORT.filter((key) => !keysIn(["ending-soon"]).includes(key)));
    expect(report.newDealCount).toBe(NEW_SINCE_REPORT.length);
  });

  it("answers the extension with the current deals that have codes, and the extension keeps them all", async () => {
    const answer = await new SqlExtensionDealsRepository(db).currentCodes(userId, TODAY);
    const withCodes = DEALS.filter((deal) => CURRENT.includes(deal.key) && deal.codes.length > 0).map((deal) => deal.key);
    expect(keys(answer)).toEqual(sorted(withCodes));
    expect(keys(currentDeals(answer, today))).toEqual(sorted(withCodes));
    // A day later the answer kept by the extension drops what ended today, as the server would.
    const tomorrow = new Date(`2025-10-11T00:00:00Z`);
    expect(keys(currentDeals(answer, tomorrow))).toEqual(sorted(withCodes.filter((key) => key !== "ends-today")));
  });
});

/**
 * A person whose day is not UTC's: at each instant below the person's day is TODAY while UTC's is the day before or
 * after, so a deal's state differs between the two for "ends-today" or "ended-yesterday". Every use case that judges
 * deals (the dashboard's answer and the browser's views of it, Discover, the expiring filter, a brand's page, the
 * extension's codes, the weekly report and a reminder) must find the states of TODAY, the person's day.
 */
const AWAY_FROM_UTC = [
  { timeZone: "Pacific/Auckland", now: new Date("2025-10-09T12:00:00Z"), utcDay: "2025-10-09" },
  { timeZone: "America/Los_Angeles", now: new Date("2025-10-11T03:00:00Z"), utcDay: "2025-10-11" },
] as const;

describe.each(AWAY_FROM_UTC)("a person in $timeZone at $now", ({ timeZone, now, utcDay }) => {
  it("has TODAY as their day where UTC has another, and another state for a deal at its end", () => {
    expect(dayIn(now, timeZone)).toBe(TODAY);
    expect(dayIn(now, "UTC")).toBe(utcDay);
    const endsToday = DEALS.find((deal) => deal.key === "ends-today")!;
    const endedYesterday = DEALS.find((deal) => deal.key === "ended-yesterday")!;
    const utcStates = [dealStateOf(facts(endsToday), todayIn(now, "UTC")), dealStateOf(facts(endedYesterday), todayIn(now, "UTC"))];
    expect(utcStates).not.toEqual([endsToday.state, endedYesterday.state]);
    for (const deal of DEALS) expect(dealStateOf(facts(deal), todayIn(now, timeZone)), deal.key).toBe(deal.state);
  });
});

describe.each(DATABASES)("the person's own day through every use case, on %s", (database) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let userId: string;
  let keyOf: Map<string, string>;
  const keys = (ids: Iterable<{ id: string } | string>) => sorted([...ids].map((item) => keyOf.get(typeof item === "string" ? item : item.id)!));

  beforeAll(async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    ({ userId, keyOf } = await seed(db));
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /** The use cases as the server composes them, on a clock stopped at `now`, for a person whose settings say `timeZone`. */
  async function useCasesAt(now: Date, timeZone: string) {
    const preferences = new SqlPreferencesRepository(db);
    await preferences.save(userId, { timeZone });
    const days = new PersonDays(preferences, { now: () => now });
    const imageLinks = new ImageLinks(Buffer.alloc(32, 7));
    return {
      dashboard: new DashboardService(new SqlDealsRepository(db), days, imageLinks, new SavedTotalsReader(new SqlSavingsRepository(db))),
      extension: new ExtensionService(new SqlExtensionSessionsRepository(db), new SqlExtensionDealsRepository(db), new SqlSyncRepository(db), { now: () => now }, 30, days),
      brandPages: new BrandPages(new SqlBrandPagesRepository(db), imageLinks, days),
    };
  }

  it.each(AWAY_FROM_UTC)("$timeZone: the dashboard's answer carries the person's day, and its figures and the browser's views are that day's", async ({ timeZone, now }) => {
    const { dashboard } = await useCasesAt(now, timeZone);
    const answer = await dashboard.dashboard(userId, {});
    expect(answer.today).toBe(TODAY);
    expect(answer.nextCursor).toBeNull();
    expect(answer.stats.activePromos.value).toBe(CURRENT.length);
    expect(answer.stats.expiring.value).toBe(EXPECTED_COUNTS["ending-soon"]);
    // New today: current deals stored since the person's midnight, by the domain's isNewDeal.
    const midnight = instantAtLocalHour(TODAY, 0, timeZone);
    const newToday = DEALS.filter((deal) => isNewDeal({ ...facts(deal), foundAt: new Date(deal.foundAt) }, midnight, today));
    expect(answer.newDealsToday).toBe(newToday.length);
    // The browser judges the answer's deals on the answer's day, whatever its own clock says.
    expect(answerDay(answer)).toEqual(today);
    for (const view of DEAL_VIEWS) expect(keys(visibleDeals(answer, { ...NO_FILTERS, show: view })), view).toEqual(keysIn(VIEW_STATES[view]));
    expect(keys(visibleDeals(answer, { ...NO_FILTERS, expiringOnly: true }))).toEqual(keysIn(["ending-soon"]));
    expect(chipCounts(answer, NO_FILTERS).total).toBe(CURRENT.length);
    expect(statFigures(answer).activePromos.value).toBe(CURRENT.length);
    expect(statFigures(answer).expiring.value).toBe(EXPECTED_COUNTS["ending-soon"]);
  });

  it.each(AWAY_FROM_UTC)("$timeZone: expiring=true lists the ending-soon state only, and Discover the current deals only", async ({ timeZone, now }) => {
    const { dashboard } = await useCasesAt(now, timeZone);
    const expiring = await dashboard.dashboard(userId, { expiringOnly: true });
    expect(keys(expiring.deals)).toEqual(keysIn(["ending-soon"]));
    expect(expiring.totalDeals).toBe(EXPECTED_COUNTS["ending-soon"]);
    const discover = await dashboard.page(userId, {}, 1, 100);
    expect(keys(discover.deals)).toEqual(CURRENT);
    expect(discover.total).toBe(CURRENT.length);
    const discoverExpiring = await dashboard.page(userId, { expiringOnly: true }, 1, 100);
    expect(keys(discoverExpiring.deals)).toEqual(keysIn(["ending-soon"]));
  });

  it.each(AWAY_FROM_UTC)("$timeZone: a brand's page, the extension's codes, the report and a reminder judge that day too", async ({ timeZone, now }) => {
    const { extension, brandPages } = await useCasesAt(now, timeZone);
    const brandOf = async (key: string) => {
      const [row] = await db.query<{ brand_id: string }>("SELECT brand_id FROM deals WHERE user_id = $1 AND gmail_id = $2", [userId, key]);
      return (await brandPages.brandPage(userId, row!.brand_id))!;
    };
    for (const key of ["ends-today", "ended-yesterday"]) {
      const page = await brandOf(key);
      expect(page.today).toBe(TODAY);
      expect(keys(page.currentDeals), key).toEqual(keysIn(["live", "ending-soon"]).filter((current) => current === key));
    }

    const codes = await extension.codes(userId);
    expect({ today: codes.today, timeZone: codes.timeZone }).toEqual({ today: TODAY, timeZone });
    const withCodes = DEALS.filter((deal) => CURRENT.includes(deal.key) && deal.codes.length > 0).map((deal) => deal.key);
    expect(keys(codes.deals)).toEqual(sorted(withCodes));
    // The extension judges the codes it keeps on the person's day in the zone sent with them, not on UTC's.
    expect(personToday(codes, now)).toEqual(today);
    expect(keys(currentDeals(codes.deals, personToday(codes, now)))).toEqual(sorted(withCodes));

    const window = reportWindow(LAST_REPORT, now, timeZone);
    expect(window.today).toBe(TODAY);
    const read = await new SqlReportsRepository(db).reportDeals(userId, window);
    const report = weeklyReport({ deals: read, lastReportAt: LAST_REPORT, now, timeZone });
    if (report.kind !== "report") throw new Error("expected a report");
    expect(keys(report.expiringSoon.items.map((item) => item.dealId))).toEqual(keysIn(["ending-soon"]));
    const endsToday = read.find((deal) => keyOf.get(deal.id) === "ends-today")!;
    const reminder = reminderContent(endsToday, now, timeZone);
    expect(reminder.kind === "reminder" && reminder.item.daysLeft).toBe(0);
  });

  it.each([
    { timeZone: "Pacific/Auckland", now: new Date("2025-10-09T12:00:00Z"), ends: "2025-10-09", isNew: 0 },
    { timeZone: "America/Los_Angeles", now: new Date("2025-10-11T03:00:00Z"), ends: "2025-10-10", isNew: 1 },
  ])("$timeZone: the sync line's new deals are those usable on the person's day (one ending $ends: $isNew)", async ({ timeZone, now, ends, isNew }) => {
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [`sync.${timeZone.replace("/", ".")}@example.com`]);
    await new SqlPreferencesRepository(db).save(user!.id, { timeZone });
    const message = { gmailId: `ends-${ends}`, sender: "Shop <news@shop.example.com>", subject: "Last call", sentAt: now };
    const deal = {
      brand: "Shop", brandDomain: "shop.example.com", title: "Last call", description: "", category: "Home" as const, promoCodes: ["LAST"],
      discount: null, terms: [], codeConditions: [], expirationDate: ends, dealUrl: null, imageUrls: [], source: "text" as const,
    };
    // Judged on UTC's day, the answer would be the other one: the deal ends the day before UTC's in Los Angeles.
    expect(dealStateOf({ expirationDate: ends, status: null }, todayIn(now, "UTC")) === "expired" ? 0 : 1).toBe(1 - isNew);
    await db.query("INSERT INTO gmail_messages (user_id, gmail_id) VALUES ($1, $2)", [user!.id, message.gmailId]);
    expect(await new SqlSyncRepository(db).storeBatch(user!.id, [{ message, deals: [deal] }], [], now)).toBe(isNew);
    const [stored] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM deals WHERE user_id = $1", [user!.id]);
    expect(stored!.n).toBe(1);
  });
});
