// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { focusManager } from "@tanstack/query-core";
import { ToastCenter } from "../../src/application/toastCenter";
import { SAMPLE_DASHBOARD } from "../../src/ui/pages/dashboard/fixtures";
import { startWiredDashboard } from "./wiredDashboard";
import { FakeApi, json, settle } from "../unit/support";

const HIDDEN_BRAND = "brand-d5";
const WITHOUT_BRAND = { ...SAMPLE_DASHBOARD, deals: SAMPLE_DASHBOARD.deals.filter((deal) => deal.brandId !== HIDDEN_BRAND) };

/** The dashboard machine as the composition root wires it: real adapters and data cache, the API faked at fetch. */
async function wire(answers = [() => json(200, SAMPLE_DASHBOARD), () => json(200, WITHOUT_BRAND)]) {
  const api = new FakeApi()
    .on("GET /dashboard-products", ...answers)
    .on(`PUT /brands/${HIDDEN_BRAND}/state`, () => json(200, { status: "success", is_active: false, message: "Brand deactivated" }));
  const { container, actor } = await startWiredDashboard(api);
  return { api, actor, toasts: container.get(ToastCenter) };
}

afterEach(() => focusManager.setFocused(undefined));

describe("the dashboard machine on the data cache", () => {
  it("loads, hides a brand without refetching, and never shows the brand again once the stale data is refetched on focus", async () => {
    const { api, actor, toasts } = await wire();
    await settle();
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(actor.getSnapshot().context.dashboard?.deals).toHaveLength(SAMPLE_DASHBOARD.deals.length);

    actor.send({ type: "HIDE_BRAND", brand: { brandId: HIDDEN_BRAND, brand: "Cloudnook" }, confirmFirst: false });
    await settle();
    // The state wanted, not a flip: a brand another tab hid meanwhile stays hidden.
    expect(api.requests.filter((request) => request.method === "PUT").map((request) => [request.url.pathname, request.body])).toEqual([
      [`/api/brands/${HIDDEN_BRAND}/state`, { active: false }],
    ]);
    expect(actor.getSnapshot().context.hiddenBrandIds).toEqual([HIDDEN_BRAND]);
    expect(toasts.getSnapshot()[0]).toMatchObject({ title: "All deals from Cloudnook hidden", actionLabel: "Undo", durationMs: 8_000 });
    // The card stays, greyed, until the person refreshes or comes back.
    expect(api.count("GET /dashboard-products")).toBe(1);

    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
    expect(api.count("GET /dashboard-products")).toBe(2);
    expect(actor.getSnapshot().context.dashboard?.deals.some((deal) => deal.brandId === HIDDEN_BRAND)).toBe(false);
    actor.stop();
  });

  it("refetches when asked to refresh, showing 'Updating...' meanwhile", async () => {
    const { api, actor } = await wire();
    await settle();
    actor.send({ type: "REFRESH" });
    expect(actor.getSnapshot().matches({ ready: { refresh: "updating" } })).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { refresh: "idle" } })).toBe(true);
    expect(api.count("GET /dashboard-products")).toBe(2);
    expect(actor.getSnapshot().context.dashboard?.deals).toHaveLength(WITHOUT_BRAND.deals.length);
    actor.stop();
  });

  it("shows no deals, and says why, when one deal of the answer breaks the contract", async () => {
    const deals = SAMPLE_DASHBOARD.deals.map((deal, index) => (index === 1 ? { ...deal, category: "Not a category" } : deal));
    const { actor, toasts } = await wire([() => json(200, { ...SAMPLE_DASHBOARD, deals })]);
    await settle();
    // The first failed attempt shows the dashboard's own error at once (the cache retries behind it), with no toast.
    expect(actor.getSnapshot().matches("failed")).toBe(true);
    expect(actor.getSnapshot().context.dashboard).toBeNull();
    expect(toasts.getSnapshot()).toEqual([]);
    actor.stop();
  });
});
