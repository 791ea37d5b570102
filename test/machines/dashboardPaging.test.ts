// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { chipCounts, isUpdating, visibleDeals } from "../../src/application/machines/dashboardSelectors";
import type { Dashboard } from "../../src/domain/dashboard";
import { NO_FILTERS } from "../../src/domain/dealSearch";
import { SAMPLE_DASHBOARD, SAMPLE_DEALS } from "../../src/ui/pages/dashboard/fixtures";
import { startWiredDashboard } from "./wiredDashboard";
import { FakeApi, json, settle, type RecordedRequest } from "../unit/support";
import { Clock } from "../../src/application/ports/platform";

/** The deals in the server's order, so that the pages are slices of one list. */
const ORDERED = visibleDeals({ ...SAMPLE_DASHBOARD, deals: SAMPLE_DEALS }, NO_FILTERS);
const FIRST: Dashboard = { ...SAMPLE_DASHBOARD, deals: ORDERED.slice(0, 3), totalDeals: ORDERED.length, nextCursor: "after-3" };
const PAGES: Record<string, { deals: typeof ORDERED; nextCursor: string | null }> = {
  "after-3": { deals: ORDERED.slice(3, 6), nextCursor: "after-6" },
  "after-6": { deals: ORDERED.slice(6), nextCursor: null },
};

/** Pages answered only when the test lets them through, so each step of the filling can be looked at. */
function heldPages(pages = PAGES) {
  const waiting: (() => void)[] = [];
  const handler = (request: RecordedRequest) =>
    new Promise<Response>((resolve) => {
      const page = pages[request.url.searchParams.get("after") ?? ""];
      waiting.push(() => resolve(page ? json(200, page) : json(400, { success: false, code: "invalid_cursor", message: "Reload the dashboard." })));
    });
  return {
    handler,
    async release() {
      await settle();
      expect(waiting.length).toBeGreaterThan(0);
      for (const answer of waiting.splice(0)) answer();
      await settle();
    },
  };
}

/** The dashboard machine as the composition root wires it: real adapters and data cache, the API faked at fetch. */
async function wire(firstAnswers: (() => Response)[], pages: (request: RecordedRequest) => Promise<Response>, clock?: Clock) {
  const api = new FakeApi().on("GET /dashboard-products", ...firstAnswers).on("GET /dashboard-products/deals", pages);
  const { actor } = await startWiredDashboard(api, clock);
  return { api, actor };
}

/** The deals in three pages after the first answer, two deals each. */
const THREE_PAGES: typeof PAGES = {
  "after-3": { deals: ORDERED.slice(3, 5), nextCursor: "after-5" },
  "after-5": { deals: ORDERED.slice(5, 7), nextCursor: "after-7" },
  "after-7": { deals: ORDERED.slice(7), nextCursor: null },
};

class StoppedClock extends Clock {
  constructor(public time = Date.parse("2026-11-28T09:00:00Z")) {
    super();
  }
  now(): Date {
    return new Date(this.time);
  }
}

const cursorsAsked = (api: FakeApi) =>
  api.requests.filter((request) => request.url.pathname.endsWith("/deals")).map((request) => request.url.searchParams.get("after"));

describe("the dashboard's deals arrive after its first answer", () => {
  it("shows the first screenful at once, then adds the pages to the cached answer, counting the chips with the server's numbers meanwhile", async () => {
    const pages = heldPages();
    const { api, actor } = await wire([() => json(200, FIRST)], pages.handler);
    await settle();
    const snapshot = () => actor.getSnapshot();
    expect(snapshot().matches("ready")).toBe(true);
    expect(snapshot().context.dashboard?.deals.map((deal) => deal.id)).toEqual(ORDERED.slice(0, 3).map((deal) => deal.id));
    expect(isUpdating(snapshot())).toBe(true);
    const whileLoading = chipCounts(snapshot().context.dashboard!, NO_FILTERS);
    expect(whileLoading.total).toBe(SAMPLE_DASHBOARD.categories.reduce((total, category) => total + category.current, 0));

    await pages.release();
    expect(snapshot().context.dashboard?.deals).toHaveLength(6);
    expect(isUpdating(snapshot())).toBe(true);
    await pages.release();

    const dashboard = snapshot().context.dashboard!;
    expect(dashboard.deals.map((deal) => deal.id)).toEqual(ORDERED.map((deal) => deal.id));
    expect(dashboard.nextCursor).toBeNull();
    expect(isUpdating(snapshot())).toBe(false);
    expect(cursorsAsked(api)).toEqual(["after-3", "after-6"]);
    // Complete, the chips count the deals themselves, as they always did: the same numbers here.
    expect(chipCounts(dashboard, NO_FILTERS)).toEqual({ ...whileLoading, categories: whileLoading.categories });
    expect(visibleDeals(dashboard, { ...NO_FILTERS, search: "off" })).toEqual(visibleDeals({ ...SAMPLE_DASHBOARD, deals: SAMPLE_DEALS }, { ...NO_FILTERS, search: "off" }));
    actor.stop();
  });

  it("adds the pages after the first together once the last has come, so the whole list is worked out once more, not once per page", async () => {
    const pages = heldPages(THREE_PAGES);
    const { api, actor } = await wire([() => json(200, FIRST)], pages.handler, new StoppedClock());
    await settle();
    const shown = () => actor.getSnapshot().context.dashboard!.deals.map((deal) => deal.id);
    await pages.release();
    expect(shown()).toEqual(ORDERED.slice(0, 5).map((deal) => deal.id));
    await pages.release();
    expect(shown()).toHaveLength(5);
    expect(isUpdating(actor.getSnapshot())).toBe(true);
    await pages.release();
    expect(shown()).toEqual(ORDERED.map((deal) => deal.id));
    expect(isUpdating(actor.getSnapshot())).toBe(false);
    expect(cursorsAsked(api)).toEqual(["after-3", "after-5", "after-7"]);
    actor.stop();
  });

  it("on a slow connection, adds the pages kept so far once 3 s have passed since the deals last grew", async () => {
    const pages = heldPages(THREE_PAGES);
    const clock = new StoppedClock();
    const { actor } = await wire([() => json(200, FIRST)], pages.handler, clock);
    await settle();
    const shown = () => actor.getSnapshot().context.dashboard!.deals.length;
    await pages.release();
    expect(shown()).toBe(5);
    clock.time += 3_000;
    await pages.release();
    expect(shown()).toBe(7);
    await pages.release();
    expect(shown()).toBe(ORDERED.length);
    actor.stop();
  });

  it("drops the pages of an answer a refresh replaced, so no deal shows twice", async () => {
    const pages = heldPages();
    const { api, actor } = await wire([() => json(200, FIRST), () => json(200, FIRST)], pages.handler);
    await settle();
    actor.send({ type: "REFRESH" });
    // The first answer's page and the refreshed answer's page are both on their way; whichever lands first is added.
    await pages.release();
    await pages.release();
    const ids = actor.getSnapshot().context.dashboard!.deals.map((deal) => deal.id);
    expect(ids).toEqual(ORDERED.map((deal) => deal.id));
    expect(api.count("GET /dashboard-products")).toBe(2);
    actor.stop();
  });

  it("keeps what it has when a page keeps failing, and stops asking", { timeout: 10_000 }, async () => {
    const { api, actor } = await wire([() => json(200, FIRST)], async () => json(500, { success: false, code: "internal", message: "Down" }));
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    await settle();
    expect(actor.getSnapshot().context.dashboard?.deals).toHaveLength(3);
    expect(cursorsAsked(api)).toEqual(["after-3", "after-3", "after-3"]);
    actor.stop();
  });
});
