import { describe, expect, it } from "vitest";
import { createActor, type EventObject } from "xstate";
import { dashboardMachine, provideDashboardMachine, type DashboardSnapshot } from "../../src/application/machines/dashboardMachine";
import { selectFilters, selectOpenDealId, selectSort } from "../../src/application/machines/dashboardSelectors";
import { provideGoogleFlowMachine } from "../../src/application/machines/googleFlowMachine";
import { provideSyncFollowerMachine } from "../../src/application/machines/syncFollowerMachine";
import { DashboardSource, type LiveQuery } from "../../src/application/ports/deals";
import { Clipboard } from "../../src/application/ports/platform";
import { GmailGateway, SettingsGateway, type AccountDeletion, type BrandToggleResult, type SettingsData, type SyncStart, type SyncState } from "../../src/application/ports/settings";
import { DEFAULT_DASHBOARD_ADDRESS, MAX_ADDRESS_SEARCH, dashboardQuery, readDashboardAddress, type DashboardAddress } from "../../src/domain/dashboardAddress";
import type { Dashboard } from "../../src/domain/dashboard";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingDashboardAddressBar, RecordingNavigation, RecordingNotifier } from "./fakePorts";
import { byValue, simplePathsOf } from "./pathDriver";

/** The dashboard with its address faked as a history of entries; the other ports only answer what the start asks. */
function dashboardAt(query = "") {
  const log = new EffectLog();
  const calls = new ControlledAuthGateway(log);
  const pending = { status: "pending", data: undefined, error: null, isFetching: true, failureCount: 0 } as const;
  const source = new (class extends DashboardSource {
    watch(): LiveQuery<Dashboard> {
      return { subscribe: () => () => undefined, getSnapshot: () => pending, refetch: async () => undefined };
    }
    refresh = () => calls.call<void>("refresh");
    markStale = async () => undefined;
    invalidate = async () => undefined;
  })();
  const clipboard = new (class extends Clipboard {
    copy = (text: string) => calls.call<void>("copy", ` ${text}`);
  })();
  const settings = new (class extends SettingsGateway {
    settings = () => calls.call<SettingsData>("settings");
    setBrandActive = (brandId: string) => calls.call<BrandToggleResult>("setBrandState", ` ${brandId}`);
    deleteAccount = () => calls.call<AccountDeletion>("deleteAccount");
  })();
  // The sync child asks for the status at the start and is never answered here: its own tests follow it.
  const gmail = new (class extends GmailGateway {
    syncStatus = () => new Promise<SyncState>(() => undefined);
    startSync = () => calls.call<SyncStart>("startSync");
    disconnect = () => calls.call<string>("disconnect");
  })();
  const notifier = new RecordingNotifier(log);
  const address = new RecordingDashboardAddressBar(log, query);
  const logic = provideDashboardMachine({
    source,
    address,
    clipboard,
    settings,
    notifier,
    connectGmail: provideGoogleFlowMachine({ auth: calls, session: new MemorySessionStore(log), navigation: new RecordingNavigation(log), notifier }),
    syncProgress: provideSyncFollowerMachine({ gateway: gmail, dealsChanged: () => undefined }),
  });
  const actor = createActor(logic).start();
  return { actor, address, log };
}

const addressOf = (snapshot: DashboardSnapshot): DashboardAddress => ({
  filters: selectFilters(snapshot),
  sort: selectSort(snapshot),
  dealId: selectOpenDealId(snapshot),
});

/** A state as the paths tell states apart: its value, the view's address, and the two facts of how it got there. */
const serialize = (snapshot: DashboardSnapshot) =>
  `${byValue(snapshot)} ?${dashboardQuery(addressOf(snapshot))} searching=${snapshot.context.searching} openedHere=${snapshot.context.dealOpenedHere}`;

const changed = (query: string): EventObject => ({ type: "ADDRESS_CHANGED", address: readDashboardAddress(query) }) as EventObject;

/** What the address must be asked for when `event` takes the view from `from` to `to`. */
function expectedWrites(from: DashboardSnapshot, event: EventObject, to: DashboardSnapshot): string[] {
  const before = dashboardQuery(addressOf(from));
  const after = dashboardQuery(addressOf(to));
  switch (event.type) {
    case "ADDRESS_CHANGED":
      return [];
    case "CLOSE_DEAL":
      if (before === after) return [];
      return from.context.dealOpenedHere ? ["back"] : [`replace ?${after}`];
    case "SEARCH":
      if (before === after) return [];
      return [`${from.context.searching ? "replace" : "push"} ?${after}`];
    default:
      return before === after ? [] : [`push ?${after}`];
  }
}

const scenarios: { name: string; events: EventObject[] }[] = [
  {
    name: "choosing a category, Expiring Soon, a view and an order",
    events: [
      { type: "SELECT_CATEGORY", category: "Home" },
      { type: "TOGGLE_EXPIRING" },
      { type: "SHOW_STATUS", show: "expired" },
      { type: "SORT", order: "newest" },
    ] as EventObject[],
  },
  {
    name: "typing a search, then another change, and Back or a link",
    events: [{ type: "SEARCH", text: "so" }, { type: "SEARCH", text: "sofa" }, { type: "SELECT_CATEGORY", category: "Home" }, changed("")] as EventObject[],
  },
  {
    name: "opening and closing a deal's Details, by a card, Back and a link",
    events: [
      { type: "OPEN_DEAL", dealId: "d2" },
      { type: "OPEN_DEAL", dealId: "d3" },
      { type: "CLOSE_DEAL" },
      changed("deal=d2"),
      changed(""),
    ] as EventObject[],
  },
];

describe.each(scenarios)("the dashboard's address, $name: every simple path", ({ events }) => {
  const paths = simplePathsOf(dashboardMachine, events, undefined, serialize);

  it("has paths to drive", () => {
    expect(paths.length).toBeGreaterThan(events.length);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", (_name, path) => {
    const { actor, address, log } = dashboardAt();
    expect(log.takeNew()).toEqual(["follow address"]);
    let from = actor.getSnapshot();
    for (const step of path.steps.slice(1)) {
      const event = step.event as EventObject & { address?: DashboardAddress };
      // Back, Forward and links reach the dashboard through its address, as in the browser.
      if (event.type === "ADDRESS_CHANGED") address.visit(dashboardQuery(event.address!));
      else actor.send(event as never);
      const to = actor.getSnapshot();
      expect(serialize(to), `after ${event.type}`).toBe(serialize(step.state as DashboardSnapshot));
      expect(log.takeNew(), `writes of ${event.type}`).toEqual(expectedWrites(from, event, step.state as DashboardSnapshot));
      // The address always says the view shown: a reload or a copied link opens the same one.
      expect(address.query).toBe(dashboardQuery(addressOf(to)));
      from = to;
    }
    actor.stop();
  });
});

describe("the dashboard's address", () => {
  it("opens the view a shared link says, deal included, without writing anything", () => {
    const { actor, address, log } = dashboardAt("category=home&expiring=1&show=used&search=sofa&sort=brand&deal=0b6c7a4e-1f7e-4b9e-9c1a-2d3e4f5a6b7c");
    expect(addressOf(actor.getSnapshot())).toEqual({
      filters: { category: "Home", search: "sofa", expiringOnly: true, show: "used" },
      sort: "brand",
      dealId: "0b6c7a4e-1f7e-4b9e-9c1a-2d3e4f5a6b7c",
    });
    expect(log.takeNew()).toEqual(["follow address"]);
    expect(address.history().entries).toHaveLength(1);
    actor.stop();
  });

  it("reads a hostile address as the plain dashboard, with the search cut short", () => {
    const long = "x".repeat(5_000);
    const { actor, log } = dashboardAt(
      `category=Nope&expiring=yes&show=everything&sort=cheapest&deal=${encodeURIComponent("../../settings")}&search=${long}&search=second`,
    );
    const { filters, sort, dealId } = addressOf(actor.getSnapshot());
    expect({ ...filters, search: "" }).toEqual({ ...DEFAULT_DASHBOARD_ADDRESS.filters });
    expect(filters.search.length).toBeLessThanOrEqual(MAX_ADDRESS_SEARCH);
    expect([sort, dealId]).toEqual(["ending-soon", null]);
    expect(log.takeNew()).toEqual(["follow address"]);
    actor.stop();
  });

  it("steps Back through each deliberate change, and Forward again", () => {
    const { actor, address, log } = dashboardAt();
    actor.send({ type: "SELECT_CATEGORY", category: "Pets" });
    actor.send({ type: "TOGGLE_EXPIRING" });
    actor.send({ type: "SHOW_STATUS", show: "expired" });
    actor.send({ type: "SORT", order: "newest" });
    expect(log.takeNew()).toEqual([
      "follow address",
      "push ?category=Pets",
      "push ?category=Pets&expiring=1",
      "push ?category=Pets&expiring=1&show=expired",
      "push ?category=Pets&expiring=1&show=expired&sort=newest",
    ]);
    const { entries } = address.history();
    // Back: the browser shows the entry before, and the dashboard follows it.
    for (let at = entries.length - 2; at >= 0; at -= 1) {
      address.visit(entries[at]!);
      expect(dashboardQuery(addressOf(actor.getSnapshot()))).toBe(entries[at]);
    }
    expect(addressOf(actor.getSnapshot())).toEqual(DEFAULT_DASHBOARD_ADDRESS);
    expect(log.takeNew()).toEqual([]);
    actor.stop();
  });

  it("makes one step of a search typed key by key", () => {
    const { actor, address, log } = dashboardAt("category=Home");
    for (const text of ["s", "so", "sof", "sofa"]) actor.send({ type: "SEARCH", text });
    expect(log.takeNew()).toEqual(["follow address", "push ?category=Home&search=s", "replace ?category=Home&search=so", "replace ?category=Home&search=sof", "replace ?category=Home&search=sofa"]);
    expect(address.history().entries).toEqual(["category=Home", "category=Home&search=sofa"]);
    // A deliberate change ends the search's step; the next keystroke starts a new one.
    actor.send({ type: "TOGGLE_EXPIRING" });
    actor.send({ type: "SEARCH", text: "sofas" });
    expect(address.history().entries).toEqual(["category=Home", "category=Home&search=sofa", "category=Home&expiring=1&search=sofa", "category=Home&expiring=1&search=sofas"]);
    actor.stop();
  });

  it("closes Details opened from a card by going Back over their step, and those a link opened by dropping the deal", () => {
    const { actor, address, log } = dashboardAt("category=Home");
    actor.send({ type: "OPEN_DEAL", dealId: "d2" });
    expect(address.history()).toEqual({ entries: ["category=Home", "category=Home&deal=d2"], at: 1 });
    // Another card cannot be opened over open Details.
    actor.send({ type: "OPEN_DEAL", dealId: "d3" });
    actor.send({ type: "CLOSE_DEAL" });
    expect(address.history()).toEqual({ entries: ["category=Home", "category=Home&deal=d2"], at: 0 });
    expect(selectOpenDealId(actor.getSnapshot())).toBeNull();
    expect(log.takeNew()).toEqual(["follow address", "push ?category=Home&deal=d2", "back"]);

    const linked = dashboardAt("deal=d7");
    expect(selectOpenDealId(linked.actor.getSnapshot())).toBe("d7");
    linked.actor.send({ type: "CLOSE_DEAL" });
    expect(linked.address.history()).toEqual({ entries: [""], at: 0 });
    expect(linked.log.takeNew()).toEqual(["follow address", "replace ?"]);
    actor.stop();
    linked.actor.stop();
  });
});
