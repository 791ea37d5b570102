import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject, type SnapshotFrom } from "xstate";
import {
  dashboardSyncOf,
  provideSyncProgressMachine,
  syncProgressMachine,
} from "../../src/application/machines/syncProgressMachine";
import type { SyncState } from "../../src/application/ports/settings";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledGmailGateway } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const IDLE: SyncState = { syncing: false, message: "", progress: null, lastSyncAt: null, lastSyncFailed: false, nextSyncAt: null };
const neverSynced = IDLE;
const scanning = (processed: number): SyncState => ({ ...IDLE, syncing: true, message: `Scanning ${processed} of 47 emails`, progress: { processed, total: 47 } });
const finished: SyncState = {
  ...IDLE,
  message: "Sync completed: 0 new deals",
  progress: { processed: 47, total: 47 },
  lastSyncAt: "2026-11-23T10:00:00.000Z",
  nextSyncAt: "2026-11-23T10:30:00.000Z",
};
const failedSync: SyncState = { ...IDLE, message: "Sync failed: Gmail answered 500", lastSyncFailed: true };

/** The rule the dashboard follows: fetch the deals again when an answer can bring new ones, never on the first. */
function bringsDeals(before: SyncState | null, now: SyncState): boolean {
  if (!before) return false;
  if (now.syncing) return now.progress?.processed !== before.progress?.processed;
  return before.syncing || now.lastSyncAt !== before.lastSyncAt;
}

function setUp() {
  const log = new EffectLog();
  const calls = new ControlledAuthGateway(log);
  const logic = provideSyncProgressMachine({ gateway: new ControlledGmailGateway(calls), dealsChanged: () => log.record("deals changed") });
  return { log, calls, logic };
}

describe("sync progress on the dashboard: every simple path, and one step more", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "SYNC_STARTED" },
    { type: "PAGE_HIDDEN" },
    { type: "PAGE_VISIBLE" },
    { type: "xstate.after.2000.syncProgress.syncing" },
    { type: "xstate.after.30000.syncProgress.idle" },
    done("syncStatus", neverSynced),
    done("syncStatus", scanning(12)),
    done("syncStatus", scanning(30)),
    done("syncStatus", finished),
    done("syncStatus", failedSync),
    failed("syncStatus", new RequestError(null, "network_error", "Network error occurred")),
  ];
  const paths = pathsWithOneMoreStep(syncProgressMachine, events);

  /** The status the page knew before the step. */
  let known: SyncState | null = null;

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (to === '"checking"' && from !== to) return ["call syncStatus (silent)"];
    if (event.type === "xstate.done.actor.syncStatus" && bringsDeals(known, (event as unknown as { output: SyncState }).output)) {
      return ["deals changed"];
    }
    return [];
  }

  function assertStep(snapshot: SnapshotFrom<typeof syncProgressMachine>, event: EventObject) {
    const view = dashboardSyncOf(snapshot);
    if (event.type === "SYNC_STARTED") expect(view).toEqual({ kind: "running", message: "Starting sync...", progress: null });
    if (event.type === "xstate.done.actor.syncStatus") {
      const status = (event as unknown as { output: SyncState }).output;
      if (status.syncing) expect(view).toEqual({ kind: "running", message: status.message, progress: status.progress });
      else if (status === neverSynced) expect(view).toEqual({ kind: "never" });
      else {
        expect(view).toEqual({
          kind: "ended",
          message: status.message,
          failed: status.lastSyncFailed,
          nextSyncAt: status.nextSyncAt,
          endedWhileWatched: bringsDeals(known, status),
        });
      }
    }
    if (event.type === "xstate.error.actor.syncStatus") expect(snapshot.context.sync).toBe(known);
    // Polls run only while the page is seen; the next one is 2 s away while a sync runs, else 30 s.
    if (snapshot.matches("syncing")) expect(view.kind).toBe("running");
    if (snapshot.matches("idle")) expect(view.kind).not.toBe("running");
    known = snapshot.context.sync;
  }

  it("reaches every state, and takes every transition", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"checking"', '"syncing"', '"idle"', '"hidden"']));
    const taken = new Set<EventObject>(paths.flatMap((path) => path.steps.map((step) => step.event)));
    expect(events.filter((event) => !taken.has(event))).toEqual([]);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type.replace("xstate.", "")).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      known = null;
      const { log, calls, logic } = setUp();
      await drivePath({ logic, gateway: calls, log, gatewayCallOf: { syncStatus: "syncStatus" }, expectedEffects, assertStep }, path);
    },
  );
});

describe("sync progress polling", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fetches the deals each time the count moves and when the sync ends, never for an answer that changes nothing", async () => {
    const { log, calls, logic } = setUp();
    const actor = createActor(logic).start();
    const answer = async (status: SyncState, wait: number) => {
      expect(log.takeNew()).toEqual(["call syncStatus (silent)"]);
      calls.settle("syncStatus", { output: status });
      await vi.advanceTimersByTimeAsync(0);
      const effects = log.takeNew();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(log.takeNew()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      return effects;
    };
    expect(await answer(scanning(12), 2_000)).toEqual([]);
    expect(await answer(scanning(30), 2_000)).toEqual(["deals changed"]);
    expect(await answer(scanning(30), 2_000)).toEqual([]);
    expect(await answer(finished, 30_000)).toEqual(["deals changed"]);
    expect(dashboardSyncOf(actor.getSnapshot())).toMatchObject({ kind: "ended", endedWhileWatched: true, nextSyncAt: finished.nextSyncAt });
    expect(await answer(finished, 30_000)).toEqual([]);
    // A background sync that started and ended between two slow polls still brings its deals.
    expect(await answer({ ...finished, lastSyncAt: "2026-11-23T10:30:30.000Z" }, 30_000)).toEqual(["deals changed"]);
    actor.stop();
  });

  it("asks nothing while the page is hidden, and asks at once when it is seen again", async () => {
    const { log, calls, logic } = setUp();
    const actor = createActor(logic).start();
    expect(log.takeNew()).toEqual(["call syncStatus (silent)"]);
    calls.settle("syncStatus", { output: scanning(12) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "PAGE_HIDDEN" });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(log.takeNew()).toEqual([]);
    actor.send({ type: "PAGE_VISIBLE" });
    expect(log.takeNew()).toEqual(["call syncStatus (silent)"]);
    actor.stop();
  });
});
