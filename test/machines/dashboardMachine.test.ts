import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, transition, type EventObject } from "xstate";
import {
  connectGmailFlowOf,
  dashboardMachine,
  syncProgressOf,
  provideDashboardMachine,
  type DashboardSnapshot,
} from "../../src/application/machines/dashboardMachine";
import {
  chipCountsSelector,
  isUpdating,
  selectHiddenBrandIds,
  selectSort,
  visibleDealsSelector,
} from "../../src/application/machines/dashboardSelectors";
import { selectCopyFeedback } from "../../src/application/machines/codeCopyRegion";
import type { ToastRequest } from "../../src/application/ports/notifications";
import { googleFlowMachine, isGoogleFlowBusy, provideGoogleFlowMachine } from "../../src/application/machines/googleFlowMachine";
import { dashboardSyncOf, provideSyncFollowerMachine } from "../../src/application/machines/syncFollowerMachine";
import { DashboardSource, type LiveQuery, type QueryState } from "../../src/application/ports/deals";
import { Clipboard } from "../../src/application/ports/platform";
import { GmailGateway, SettingsGateway, type AccountDeletion, type BrandToggleResult, type SettingsData, type SyncStart, type SyncState } from "../../src/application/ports/settings";
import { RequestError } from "../../src/application/errors";
import type { Dashboard } from "../../src/domain/dashboard";
import { SAMPLE_DASHBOARD } from "../../src/ui/pages/dashboard/fixtures";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingDashboardAddressBar, RecordingNavigation } from "./fakePorts";
import { getSimplePaths } from "xstate/graph";
import { byValue, done, drivePath, failed, simplePathsOf } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const query = (state: Partial<QueryState<Dashboard>>): EventObject =>
  ({ type: "QUERY_CHANGED", query: { status: "pending", data: undefined, error: null, isFetching: true, failureCount: 0, ...state } }) as EventObject;

const loaded = query({ status: "success", data: SAMPLE_DASHBOARD, isFetching: false });
const refetching = query({ status: "success", data: SAMPLE_DASHBOARD, isFetching: true });
const loadFailed = query({ status: "error", error: new Error("down"), isFetching: false });
/** The first attempt failed and the cache will retry: the error shows now, not after the retries. */
const attemptFailed = query({ failureCount: 1 });
const stillLoading = query({});
const brand = { brandId: "brand-d1", brand: "Brindlemart" };

/** The dashboard's ports as fakes: every call waits for the path to settle it, every effect is logged. */
function fakePorts(log: EffectLog, query = "") {
  const calls = new ControlledAuthGateway(log);
  const source = new (class extends DashboardSource {
    watch(): LiveQuery<Dashboard> {
      log.record("watch dashboard");
      const pending = { status: "pending", data: undefined, error: null, isFetching: true, failureCount: 0 } as const;
      return { subscribe: () => () => undefined, getSnapshot: () => pending, refetch: async () => undefined };
    }
    refresh(): Promise<void> {
      return calls.call("refresh");
    }
    async markStale(): Promise<void> {
      log.record("mark dashboard stale");
    }
    async invalidate(): Promise<void> {
      log.record("invalidate dashboard");
    }
  })();
  const clipboard = new (class extends Clipboard {
    copy(text: string): Promise<void> {
      return calls.call("copy", ` ${text}`);
    }
  })();
  const settings = new (class extends SettingsGateway {
    settings(): Promise<SettingsData> {
      return calls.call("settings");
    }
    setBrandActive(brandId: string, isActive: boolean): Promise<BrandToggleResult> {
      return calls.call("setBrandState", ` ${brandId} ${isActive ? "active" : "inactive"}`);
    }
    deleteAccount(): Promise<AccountDeletion> {
      return calls.call("deleteAccount");
    }
  })();
  const gmail = new (class extends GmailGateway {
    syncStatus(): Promise<SyncState> {
      return calls.call("syncStatus");
    }
    startSync(): Promise<SyncStart> {
      return calls.call("startSync");
    }
    disconnect(): Promise<string> {
      return calls.call("disconnect");
    }
  })();
  const notifier = {
    lastAction: null as (() => void) | null,
    notify(toast: ToastRequest) {
      this.lastAction = toast.action?.onAction ?? null;
      log.record(`toast ${toast.title}: ${toast.description}${toast.action ? ` [${toast.action.label}]` : ""}`);
    },
  };
  const session = new MemorySessionStore(log);
  const connectGmail = provideGoogleFlowMachine({ auth: calls, session, navigation: new RecordingNavigation(log), notifier });
  const syncProgress = provideSyncFollowerMachine({ gateway: gmail, dealsChanged: () => log.record("deals changed") });
  const address = new RecordingDashboardAddressBar(log, query);
  const logic = provideDashboardMachine({ source, address, clipboard, settings, notifier, connectGmail, syncProgress });
  return { calls, session, logic, notifier };
}

const gatewayCallOf = { refresh: "refresh", copyCode: "copy" };
/** The brand machine's answers, as it reports them to the dashboard. */
const brandSaved = (isActive: boolean) => ({ type: "BRAND_SAVED", brandId: "brand-d1", isActive });
const brandFailed = { type: "BRAND_FAILED", brandId: "brand-d1" };
const HIDDEN_TOAST = "toast All deals from Brindlemart hidden: You can show them again in Settings. [Undo]";
const SHOW_FAILED_TOAST = "toast Error: Failed to show Brindlemart again. Please turn it back on in Settings.";

/** The state of one region of the loaded dashboard, from a state serialized by value; null before it is loaded. */
function region(state: string, name: string): string | null {
  const value = JSON.parse(state) as string | { ready: Record<string, string | Record<string, string>> };
  if (typeof value === "string") return null;
  const regionValue = value.ready[name]!;
  return typeof regionValue === "string" ? regionValue : Object.entries(regionValue).map(([parent, child]) => `${parent}.${child}`)[0]!;
}

function expectedEffects(from: string, event: EventObject, to: string): string[] {
  switch (event.type) {
    case "xstate.init":
      return ["follow address", "watch dashboard", "call syncStatus"];
    case "REFRESH":
    case "RETRY":
      return ["call refresh"];
    case "COPY":
      return [`call copy ${(event as unknown as { code: string }).code}`];
    case "HIDE_BRAND":
      return region(to, "hide") === "hiding" ? ["call setBrandState brand-d1 inactive"] : [];
    case "CONFIRM_HIDE":
      return ["call setBrandState brand-d1 inactive"];
    case "BRAND_SAVED": {
      const { isActive } = event as unknown as { isActive: boolean };
      if (region(from, "hide") === "hiding") return isActive ? ["toast Error: Failed to deactivate brand. Please try again."] : ["mark dashboard stale", HIDDEN_TOAST];
      return isActive ? ["mark dashboard stale", "toast Deals from Brindlemart are back: undefined"] : [SHOW_FAILED_TOAST];
    }
    case "BRAND_FAILED":
      return region(from, "hide") === "hiding" ? ["toast Error: Failed to deactivate brand. Please try again."] : [SHOW_FAILED_TOAST];
    case "UNDO_HIDE":
      return region(to, "hide") === "showing" ? ["call setBrandState brand-d1 active"] : [];
    case "xstate.error.actor.refresh":
      // Only a refresh of a shown dashboard says it failed; a retry from the error screen stays on it.
      return region(from, "refresh") === "updating" ? ["toast Error: Failed to load dashboard data. Please try again."] : [];
    case "xstate.error.actor.copyCode":
      return ["toast Copy failed: Select the code SAFE10 and copy it by hand."];
    default:
      return [];
  }
}

/** What views read from the snapshot must agree with the state reached. */
function assertStep(snapshot: DashboardSnapshot): void {
  const state = JSON.stringify(snapshot.value);
  const { context } = snapshot;
  if (region(state, "hide") === null) expect(context.dashboard).toBeNull();
  else expect(context.dashboard).toBe(SAMPLE_DASHBOARD);
  expect(context.pendingHide).toEqual(["confirming", "hiding", "showing"].includes(region(state, "hide") ?? "") ? brand : null);
  const copy = region(state, "copy");
  const copying = copy !== null && copy !== "idle";
  expect(context.copied).toEqual(copying ? { dealId: "d2", code: "SAFE10" } : null);
  // 'Copied!' only after the clipboard took the code; the card is marked for the first 1.5 s of that.
  const status = copy?.startsWith("copied") ? "copied" : copy === "failed" ? "failed" : "copying";
  expect(selectCopyFeedback(snapshot)).toEqual(
    copying ? { dealId: "d2", code: "SAFE10", status, highlighted: copy === "copied.highlighted" } : null,
  );
  expect(isUpdating(snapshot)).toBe(region(state, "refresh") === "updating" || (region(state, "refresh") !== null && context.isFetching));
}

const scenarios: { name: string; events: EventObject[] }[] = [
  {
    name: "loading, failing and trying again",
    events: [stillLoading, loaded, loadFailed, attemptFailed, { type: "RETRY" }, done("refresh", undefined), failed("refresh")],
  },
  {
    name: "refreshing, by hand or on window focus",
    events: [loaded, refetching, { type: "REFRESH" }, done("refresh", undefined), failed("refresh")],
  },
  {
    name: "copying a code",
    events: [
      loaded,
      { type: "COPY", dealId: "d2", code: "SAFE10" } as EventObject,
      done("copyCode", undefined),
      failed("copyCode"),
      { type: "xstate.after.1500.dashboard.ready.copy.copied.highlighted" },
      { type: "xstate.after.500.dashboard.ready.copy.copied.lingering" },
      { type: "xstate.after.2000.dashboard.ready.copy.failed" },
    ],
  },
  {
    name: "hiding a brand, asking first on a phone",
    events: [
      loaded,
      { type: "HIDE_BRAND", brand, confirmFirst: true } as EventObject,
      { type: "HIDE_BRAND", brand, confirmFirst: false } as EventObject,
      { type: "CONFIRM_HIDE" },
      { type: "CANCEL_HIDE" },
      brandSaved(false),
      brandSaved(true),
      brandFailed,
    ],
  },
];

describe.each(scenarios)("dashboard machine, $name: every simple path", ({ events }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const simplePaths = simplePathsOf(dashboardMachine, events, {});
  // Simple paths never return to a state they passed; one more step from each state covers every transition back.
  const seen = new Set<string>();
  const returning = simplePaths.flatMap((path) =>
    events.flatMap((event) => {
      const [next] = transition(dashboardMachine, path.state, event as never);
      const key = `${byValue(path.state)} ${JSON.stringify(event)}`;
      if (byValue(next) === byValue(path.state) || seen.has(key)) return [];
      seen.add(key);
      return [{ ...path, state: next, steps: [...path.steps, { state: next, event: event as (typeof path.steps)[number]["event"] }] }];
    }),
  );
  const paths = [...simplePaths, ...returning];

  it("has paths to drive", () => {
    expect(simplePaths.length).toBeGreaterThan(2);
    expect(returning.length).toBeGreaterThan(simplePaths.length - 2);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const { calls, logic } = fakePorts(log);
      await drivePath(
        { logic, input: {}, gateway: calls, log, gatewayCallOf, expectedEffects, assertStep: (snapshot) => assertStep(snapshot as DashboardSnapshot) },
        path,
      );
    },
  );
});

describe("hiding a brand and undoing it from the toast: every simple path", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const undoEvents: EventObject[] = [
    loaded,
    { type: "HIDE_BRAND", brand, confirmFirst: false } as EventObject,
    brandSaved(false),
    { type: "UNDO_HIDE", brand } as EventObject,
    brandSaved(true),
    brandFailed,
  ];
  // The state value alone cannot tell "idle, nothing hidden" from "idle, the brand hidden"; Undo needs the second.
  const serialize = (snapshot: DashboardSnapshot) => `${byValue(snapshot)} ${snapshot.context.hiddenBrandIds.length > 0}`;
  const simplePaths = getSimplePaths(dashboardMachine, { events: undoEvents as never, input: {}, serializeState: serialize as never });
  // Undo's outcomes lead back to states already visited, which a simple path never does: one more step reaches them.
  const paths = [
    ...simplePaths,
    ...simplePaths.flatMap((path) =>
      undoEvents.flatMap((event) => {
        const [next] = transition(dashboardMachine, path.state, event as never);
        if (serialize(next) === serialize(path.state)) return [];
        return [{ ...path, state: next, steps: [...path.steps, { state: next, event: event as (typeof path.steps)[number]["event"] }] }];
      }),
    ),
  ];

  it("reaches Undo, its success and its failures", () => {
    const ends = paths.map((path) => path.steps.at(-1)!.event.type);
    expect(paths.some((path) => path.steps.map((step) => step.event.type).join(" > ").endsWith("UNDO_HIDE > BRAND_SAVED"))).toBe(true);
    expect(paths.some((path) => path.steps.map((step) => step.event.type).join(" > ").endsWith("UNDO_HIDE > BRAND_FAILED"))).toBe(true);
    expect(ends).toEqual(expect.arrayContaining(["UNDO_HIDE", "BRAND_SAVED", "BRAND_FAILED"]));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { calls, logic } = fakePorts(log);
    await drivePath(
      {
        logic,
        input: {},
        gateway: calls,
        log,
        gatewayCallOf,
        expectedEffects,
        assertStep: (snapshot) => {
          assertStep(snapshot as DashboardSnapshot);
          // The card greys while its brand is hidden and comes back to life once Undo turned the brand on again.
          const path = snapshot as DashboardSnapshot;
          const wasShown = path.context.hiddenBrandIds.length === 0;
          expect(selectHiddenBrandIds(path)).toEqual(wasShown ? [] : ["brand-d1"]);
        },
      },
      path as never,
    );
  });

  it("pressing Undo in the toast sets the brand shown again and un-greys its cards", async () => {
    const log = new EffectLog();
    const { calls, logic, notifier } = fakePorts(log);
    const actor = createActor(logic, { input: {} }).start();
    actor.send(loaded as never);
    actor.send({ type: "HIDE_BRAND", brand, confirmFirst: false });
    calls.settle("setBrandState", { output: { isActive: false, message: "Brand deactivated" } });
    await vi.waitFor(() => expect(selectHiddenBrandIds(actor.getSnapshot())).toEqual(["brand-d1"]));
    log.takeNew();
    // Undo asks for the brand shown, not for a flip: another tab that showed it meanwhile is not undone.
    notifier.lastAction!();
    expect(log.takeNew()).toEqual(["call setBrandState brand-d1 active"]);
    calls.settle("setBrandState", { output: { isActive: true, message: "Brand activated" } });
    await vi.waitFor(() => expect(selectHiddenBrandIds(actor.getSnapshot())).toEqual([]));
    expect(log.takeNew()).toEqual(["mark dashboard stale", "toast Deals from Brindlemart are back: undefined"]);
    // A second press of a stale Undo changes nothing: the brand is no longer hidden here.
    notifier.lastAction?.();
    actor.send({ type: "UNDO_HIDE", brand });
    expect(actor.getSnapshot().matches({ ready: { hide: "idle" } })).toBe(true);
    expect(log.takeNew()).toEqual([]);
    actor.stop();
  });
});

describe("sorting", () => {

  it.each([
    [undefined, "ending-soon"],
    ["newest", "newest"],
    ["saving", "saving"],
    ["brand", "brand"],
    ["biggest", "ending-soon"],
  ] as const)("starts from the URL's sort=%s as %s", (sort, expected) => {
    const { logic } = fakePorts(new EffectLog(), sort === undefined ? "" : `sort=${sort}`);
    const actor = createActor(logic, { input: {} }).start();
    expect(selectSort(actor.getSnapshot())).toBe(expected);
    actor.stop();
  });

  it("re-sorts the visible deals on SORT, keeping the filters, and only when something changed", () => {
    const { logic } = fakePorts(new EffectLog());
    const actor = createActor(logic, { input: {} }).start();
    actor.send(loaded as never);
    const select = visibleDealsSelector();
    const bySoonest = select(actor.getSnapshot());
    expect(bySoonest[0]!.title).toBe("25% off home essentials");
    expect(select(actor.getSnapshot())).toBe(bySoonest);
    actor.send({ type: "SORT", order: "brand" });
    const byBrand = select(actor.getSnapshot()).map((deal) => deal.brand);
    expect(byBrand.slice(0, 3)).toEqual(["Brindlemart", "Cloudnook", "Pawsome Parlor"]);
    actor.send({ type: "SELECT_CATEGORY", category: "Home" });
    expect(select(actor.getSnapshot()).map((deal) => deal.brand)).toEqual(["Brindlemart"]);
    expect(selectSort(actor.getSnapshot())).toBe("brand");
    actor.stop();
  });

  it("counts the chips under the search and expiring-only, not under the category chosen", () => {
    const { logic } = fakePorts(new EffectLog());
    const actor = createActor(logic, { input: {} }).start();
    actor.send(loaded as never);
    const select = chipCountsSelector();
    // 'All' counts the current view: the sample's one expired deal is in the Expired view instead.
    expect(select(actor.getSnapshot()).total).toBe(SAMPLE_DASHBOARD.stats.activePromos.value);
    actor.send({ type: "TOGGLE_EXPIRING" });
    const expiring = select(actor.getSnapshot());
    expect(expiring.total).toBe(2);
    expect(expiring.categories.filter((category) => category.count > 0).map((category) => category.label)).toEqual(["Home", "Pets"]);
    actor.send({ type: "SELECT_CATEGORY", category: "Pets" });
    expect(select(actor.getSnapshot())).toBe(expiring);
    actor.stop();
  });
});

describe("Connect Gmail on the welcome panel: every path of the Google flow the dashboard runs as its child", () => {
  const CONSENT = { authUrl: "https://google.example/consent", state: "state-1" };
  // The flow's own events; START is what the dashboard's CONNECT_GMAIL becomes.
  const flowEvents: EventObject[] = [{ type: "START" }, done("startGoogleFlow", CONSENT), failed("startGoogleFlow", new RequestError(null, "network_error", "Network error occurred"))];
  const input = { flow: "connect-gmail", returnPath: "/dashboard" } as const;
  const paths = pathsWithOneMoreStep(googleFlowMachine, flowEvents, input);

  it("reaches every state of the flow", () => {
    expect(new Set(paths.map((path) => byValue(path.state)))).toEqual(new Set(['"idle"', '"starting"', '"redirecting"', '"failed"']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { calls, session, logic } = fakePorts(log);
    const dashboard = createActor(logic, { input: {} }).start();
    dashboard.send(loaded as never);
    log.takeNew();
    const flow = connectGmailFlowOf(dashboard);
    for (const step of path.steps.slice(1)) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type === "START") dashboard.send({ type: "CONNECT_GMAIL" });
      else calls.settle("startGoogleFlow", event.type.startsWith("xstate.done") ? { output: event.output } : { error: event.error });
      await vi.waitFor(() => expect(byValue(flow.getSnapshot())).toBe(byValue(step.state)));
      const to = byValue(step.state);
      expect(log.takeNew()).toEqual(
        event.type === "START"
          ? ["call startGoogleFlow connect-gmail"]
          : to === '"redirecting"'
            ? ["save oauth state state-1", `assign ${CONSENT.authUrl}`]
            : ["toast Error: Failed to connect Gmail"],
      );
      // The button is busy from the press until the browser leaves; the dashboard's own regions are untouched.
      expect(isGoogleFlowBusy(flow.getSnapshot())).toBe(to === '"starting"' || to === '"redirecting"');
      expect(dashboard.getSnapshot().matches("ready")).toBe(true);
      expect(session.takeReturnPath()).toBe(to === '"redirecting"' ? "/dashboard" : null);
    }
    dashboard.stop();
  });
});

describe("dashboard filters", () => {
  it("start with the from_domain parameter as the search, and follow category, search and expiry events", () => {
    const { logic } = fakePorts(new EffectLog(), "from_domain=brindlemart.com");
    const actor = createActor(logic, { input: {} }).start();
    expect(actor.getSnapshot().context.filters).toEqual({ category: null, search: "brindlemart.com", expiringOnly: false });
    actor.send({ type: "SELECT_CATEGORY", category: "Home" });
    actor.send({ type: "SEARCH", text: "sofa" });
    actor.send({ type: "TOGGLE_EXPIRING" });
    expect(actor.getSnapshot().context.filters).toEqual({ category: "Home", search: "sofa", expiringOnly: true });
    actor.send({ type: "TOGGLE_EXPIRING" });
    actor.send({ type: "SELECT_CATEGORY", category: null });
    expect(actor.getSnapshot().context.filters).toEqual({ category: null, search: "sofa", expiringOnly: false });
    actor.stop();
  });

  it("remember a hidden brand until the dashboard is left", async () => {
    const log = new EffectLog();
    const { calls, logic } = fakePorts(log);
    const actor = createActor(logic, { input: {} }).start();
    actor.send(loaded as never);
    actor.send({ type: "HIDE_BRAND", brand, confirmFirst: false });
    calls.settle("setBrandState", { output: { isActive: false, message: "ok" } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.hiddenBrandIds).toEqual(["brand-d1"]));
    actor.send(refetching as never);
    expect(actor.getSnapshot().context.hiddenBrandIds).toEqual(["brand-d1"]);
    actor.stop();
  });
});

describe("copy feedback", () => {
  it("never says 'Copied!' when the clipboard refuses the code, and says it failed beside the toast", async () => {
    const log = new EffectLog();
    const { calls, logic } = fakePorts(log);
    const actor = createActor(logic, { input: {} }).start();
    actor.send(loaded as never);
    actor.send({ type: "COPY", dealId: "d2", code: "SAFE10" });
    expect(selectCopyFeedback(actor.getSnapshot())?.status).toBe("copying");
    calls.settle("copy", { error: new Error("Clipboard blocked") });
    await vi.waitFor(() => expect(selectCopyFeedback(actor.getSnapshot())?.status).toBe("failed"));
    expect(log.takeNew()).toContain("toast Copy failed: Select the code SAFE10 and copy it by hand.");
    actor.stop();
  });
});

const NEVER_SYNCED: SyncState = { syncing: false, message: "", outcome: "none", progress: null, lastSyncAt: null, lastSyncFailed: false, nextSyncAt: null };

describe("a sync started from the welcome panel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A loaded dashboard whose sync child has heard that no sync ever ran. */
  async function loadedWithNoSync() {
    const log = new EffectLog();
    const { calls, logic } = fakePorts(log);
    const dashboard = createActor(logic, { input: {} }).start();
    dashboard.send(loaded as never);
    const progress = syncProgressOf(dashboard);
    calls.settle("syncStatus", { output: NEVER_SYNCED });
    await vi.advanceTimersByTimeAsync(0);
    expect(dashboardSyncOf(progress.getSnapshot())).toEqual({ kind: "never" });
    log.takeNew();
    return { log, calls, dashboard, progress };
  }

  it.each([
    ["started", { output: { outcome: "running", message: "Gmail sync started." } }, []],
    [
      "already running",
      { output: { outcome: "already_running", message: "Sync is already in progress. Please wait for it to complete." } },
      ["toast Sync in progress: Sync is already in progress. Please wait for it to complete."],
    ],
  ] as const)("when %s, shows its progress at once, with no toast to press Refresh, and follows it", async (_name, outcome, toasts) => {
    const { log, calls, dashboard, progress } = await loadedWithNoSync();

    dashboard.send({ type: "START_SYNC" });
    calls.settle("startSync", outcome);
    await vi.waitFor(() => expect(dashboardSyncOf(progress.getSnapshot())).toEqual({ kind: "running", message: "Starting sync...", progress: null }));
    expect(log.takeNew()).toEqual(["call startSync", ...toasts]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.takeNew()).toEqual(["call syncStatus"]);
    dashboard.stop();
  });

  it("when it cannot start, says why in a toast and keeps following the status at its idle pace", async () => {
    const { log, calls, dashboard, progress } = await loadedWithNoSync();

    dashboard.send({ type: "START_SYNC" });
    calls.settle("startSync", { error: new RequestError(500, "http_error", "Server error", null) });
    await vi.advanceTimersByTimeAsync(0);
    expect(dashboardSyncOf(progress.getSnapshot())).toEqual({ kind: "never" });
    expect(log.takeNew()).toEqual(["call startSync", "toast Sync failed: Failed to initiate Gmail sync. Please try again."]);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(log.takeNew()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log.takeNew()).toEqual(["call syncStatus"]);
    dashboard.stop();
  });
});
