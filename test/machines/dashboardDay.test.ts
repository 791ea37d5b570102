// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  chipCountsSelector,
  selectAnswerDay,
  statFiguresSelector,
  visibleDealsSelector,
} from "../../src/application/machines/dashboardSelectors";
import type { Dashboard } from "../../src/domain/dashboard";
import { SAMPLE_DASHBOARD } from "../../src/ui/pages/dashboard/fixtures";
import { startWiredDashboard } from "./wiredDashboard";
import { FakeApi, json, settle } from "../unit/support";

/**
 * The browser judges the deals of the dashboard's answer on the day the answer carries (the person's day in their
 * settings' time zone), never on its own clock's date: this test's clock is the machine's real one, years after the
 * sample's deals end, and the answers below differ only in their day.
 */
const ON_THE_10TH: Dashboard = { ...SAMPLE_DASHBOARD, today: "2025-10-10" };
/** Four days on, the sample's deal that ends on the 13th has ended, and the one ending the 16th is ending soon. */
const ON_THE_14TH: Dashboard = { ...SAMPLE_DASHBOARD, deals: [...SAMPLE_DASHBOARD.deals], today: "2025-10-14" };

describe("the dashboard's day is the answer's", () => {
  it("lists and counts the deals on the answer's day, and on the next answer's day after a refresh", async () => {
    const api = new FakeApi().on("GET /dashboard-products", () => json(200, ON_THE_10TH), () => json(200, ON_THE_14TH));
    const { actor } = await startWiredDashboard(api);
    await settle();
    const visible = visibleDealsSelector();
    const chips = chipCountsSelector();
    const stats = statFiguresSelector();
    const ids = () => visible(actor.getSnapshot()).map((deal) => deal.id);

    expect(selectAnswerDay(actor.getSnapshot())).toBe("2025-10-10");
    // The current view on the 10th: all but d3, which ended on the 1st; d1 (the 13th) and d6 (the 16th) end soon.
    expect(ids()).toEqual(["d1", "d6", "d8", "d7", "d2", "d5", "d4"]);
    expect(chips(actor.getSnapshot()).total).toBe(7);
    expect(stats(actor.getSnapshot())).toMatchObject({ activePromos: { value: 7 }, expiring: { value: 2 } });

    actor.send({ type: "REFRESH" });
    await settle();
    expect(selectAnswerDay(actor.getSnapshot())).toBe("2025-10-14");
    expect(ids()).toEqual(["d6", "d8", "d7", "d2", "d5", "d4"]);
    expect(chips(actor.getSnapshot()).total).toBe(6);
    expect(stats(actor.getSnapshot())).toMatchObject({ activePromos: { value: 6 }, expiring: { value: 1 } });
    actor.stop();
  });
});
