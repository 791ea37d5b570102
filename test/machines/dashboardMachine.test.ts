import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, transition, type EventObject } from "xstate";
import { dashboardMachine, isUpdating, provideDashboardMachine, type DashboardSnapshot } from "../../src/application/machines/dashboardMachine";
import { DashboardSource, type LiveQuery, type QueryState } from "../../src/application/ports/deals";
import { Clipboard } from "../../src/application/ports/platform";
import { GmailGateway, SettingsGateway, type AccountDeletion, type BrandToggleResult, type SettingsData, type SyncState } from "../../src/application/ports/settings";
import { RequestError } from "../../src/application/errors";
import type { Dashboard } from "../../src/domain/dashboard";
import { SAMPLE_DASHBOARD } from "../../src/ui/pages/dashboard/fixtures";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { byValue, done, drivePath, failed, simplePathsOf } from "./pathDriver";

const query = (state: Partial<QueryState<Dashboard>>): EventObject =>
  ({ type: "QUERY_CHANGED", query: { status: "pending", data: undefined, error: null, isFetching: true, ...state } }) as EventObject;

const loaded = query({ status: "success", data: SAMPLE_DASHBOARD, isFetching: false });
const refetching = query({ status: "success", data: SAMPLE_DASHBOARD, isFetching: true });
const loadFailed = query({ status: "error", error: new Error("down"), isFetching: false });
const stillLoading = query({});
const brand = { brandId: "brand-d1", brand: "Brindlemart" };

/** The dashboard's ports as fakes: every call waits for the path to settle it, every effect is logged. */
function fakePorts(log: EffectLog) {
  const calls = new ControlledAuthGateway(log);
  const source = new (class extends DashboardSource {
    watch(): LiveQuery<Dashboard> {
      log.record("watch dashboard");
      const pending = { status: "pending", data: undefined, error: null, isFetching: true } as const;
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
    toggleBrand(brandId: string): Promise<BrandToggleResult> {
      return calls.call("toggleBrand", ` ${brandId}`);
    }
    deleteAccount(): Promise<AccountDeletion> {
      return calls.call("deleteAccount");
    }
  })();
  const gmail = new (class extends GmailGateway {
    syncStatus(): Promise<SyncState> {
      return calls.call("syncStatus");
    }
    startSync(): Promise<string> {
      return calls.call("startSync");
    }
    disconnect(): Promise<string> {
      return calls.call("disconnect");
    }
  })();
  const logic = provideDashboardMachine({
    source,
    clipboard,
    settings,
    gmail,
    notifier: { notify: (toast) => log.record(`toast ${toast.title}: ${toast.description}`) },
    connectGmail: () => calls.call("connectGmail"),
  });
  return { calls, logic };
}

const gatewayCallOf = { refresh: "refresh", copyCode: "copy", hideBrand: "toggleBrand", connectGmail: "connectGmail", startSync: "startSync" };

/** The state of one region of the loaded dashboard, from a state serialized by value; null before it is loaded. */
function region(state: string, name: string): string | null {
  const value = JSON.parse(state) as string | { ready: Record<string, string> };
  return typeof value === "string" ? null : value.ready[name]!;
}

function expectedEffects(from: string, event: EventObject, to: string): string[] {
  switch (event.type) {
    case "xstate.init":
      return ["watch dashboard"];
    case "REFRESH":
    case "RETRY":
      return ["call refresh"];
    case "COPY":
      return [`call copy ${(event as unknown as { code: string }).code}`];
    case "HIDE_BRAND":
      return region(to, "hide") === "hiding" ? ["call toggleBrand brand-d1"] : [];
    case "CONFIRM_HIDE":
      return ["call toggleBrand brand-d1"];
    case "CONNECT_GMAIL":
      return ["call connectGmail"];
    case "START_SYNC":
      return ["call startSync"];
    case "xstate.done.actor.hideBrand":
      return (event as unknown as { output: BrandToggleResult }).output.isActive
        ? ["toast Error: Failed to deactivate brand. Please try again."]
        : ["mark dashboard stale", "toast All deals from Brindlemart hidden: Refresh to see changes!"];
    case "xstate.error.actor.hideBrand":
      return ["toast Error: Failed to deactivate brand. Please try again."];
    case "xstate.error.actor.copyCode":
      return ["toast Copy failed: Select the code SAFE10 and copy it by hand."];
    case "xstate.done.actor.startSync":
      return ["toast Gmail sync started: Your deals appear here as your Promotions are scanned: press Refresh in a moment."];
    case "xstate.error.actor.startSync":
      return (event as unknown as { error: RequestError }).error.status === 409
        ? ["toast Sync in progress: Sync is already in progress. Please wait for it to complete."]
        : ["toast Sync failed: Failed to initiate Gmail sync. Please try again."];
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
  expect(context.pendingHide).toEqual(["confirming", "hiding"].includes(region(state, "hide") ?? "") ? brand : null);
  expect(context.copied).toEqual(
    ["copying", "copied"].includes(region(state, "copy") ?? "") ? { dealId: "d2", code: "SAFE10" } : null,
  );
  expect(isUpdating(snapshot)).toBe(region(state, "refresh") === "updating" || (region(state, "refresh") !== null && context.isFetching));
}

const scenarios: { name: string; events: EventObject[] }[] = [
  {
    name: "loading, failing and trying again",
    events: [stillLoading, loaded, loadFailed, { type: "RETRY" }, done("refresh", undefined), failed("refresh")],
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
      { type: "xstate.after.1500.dashboard.ready.copy.copied" },
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
      done("hideBrand", { isActive: false, message: "Brand deactivated" }),
      done("hideBrand", { isActive: true, message: "Brand activated" }),
      failed("hideBrand", new RequestError(500, "http_error", "Server error")),
    ],
  },
  {
    name: "connecting Gmail and starting a sync from the welcome panel",
    events: [
      loaded,
      { type: "CONNECT_GMAIL" },
      { type: "START_SYNC" },
      done("connectGmail", true),
      failed("connectGmail"),
      done("startSync", "Gmail sync started."),
      failed("startSync", new RequestError(409, "sync_running", "Conflict", "A sync is already running")),
      failed("startSync", new RequestError(500, "http_error", "Server error", null)),
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

describe("dashboard filters", () => {
  it("start with the from_domain parameter as the search, and follow category, search and expiry events", () => {
    const { logic } = fakePorts(new EffectLog());
    const actor = createActor(logic, { input: { fromDomain: "brindlemart.com" } }).start();
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
    calls.settle("toggleBrand", { output: { isActive: false, message: "ok" } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.hiddenBrandIds).toEqual(["brand-d1"]));
    actor.send(refetching as never);
    expect(actor.getSnapshot().context.hiddenBrandIds).toEqual(["brand-d1"]);
    actor.stop();
  });
});
