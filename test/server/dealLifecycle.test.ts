import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../src/domain/category";
import type { Dashboard } from "../../src/domain/dashboard";
import { sortDeals, type DealStatus } from "../../src/domain/deal";
import { countStates, DEAL_VIEWS, dealStateOf, isInView, isNewDeal, VIEW_STATES, type DealState } from "../../src/domain/dealLifecycle";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { chipCounts, statFigures } from "../../src/application/machines/dashboardSelectors";
import { currentDeals } from "../../extension/src/domain/siteMatch";
import { weeklyReport } from "../../server/application/reports/reportContent";
import type { Database } from "../../server/infrastructure/db/database";
import { migrate } from "../../server/infrastructure/db/migrate";
import { SqlDealsRepository } from "../../server/infrastructure/db/dealsRepository";
import { SqlExtensionDealsRepository } from "../../server/infrastructure/db/extensionDealsRepository";
import { SqlReportsRepository } from "../../server/infrastructure/db/reportsRepository";
import { DEAL_AND_BRAND, dealStateSql } from "../../server/infrastructure/db/dealLifecycleSql";
import { DATABASES, openTestDatabase } from "./support/stack";

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
    ({ db, drop } = await openTestDatabase(database));
    await migrate(db);
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
    const summary = await repository.summary(userId, TODAY, "2025-09-10");
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
    const whole: Dashboard = { categories, deals, totalDeals: summary.totalDeals, nextCursor: null, stats, newDealsToday: summary.newDealsToday };
    const firstScreen: Dashboard = { ...whole, deals: deals.slice(0, 2), nextCursor: "more" };
    for (const dashboard of [firstScreen, whole]) {
      const chips = chipCounts(dashboard, NO_FILTERS, today);
      expect(chips.total).toBe(CURRENT.length);
      for (const chip of chips.categories) expect(chip.count, chip.label).toBe(DEALS.filter((deal) => deal.category === chip.label && CURRENT.includes(deal.key)).length);
      expect(statFigures(dashboard, today).activePromos.value).toBe(CURRENT.length);
      expect(statFigures(dashboard, today).expiring.value).toBe(EXPECTED_COUNTS["ending-soon"]);
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
