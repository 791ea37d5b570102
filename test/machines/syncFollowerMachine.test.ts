import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject, type SnapshotFrom } from "xstate";
import {
  DASHBOARD_SYNC_POLLING,
  dashboardSyncOf,
  gmailSyncViewOf,
  provideSyncFollowerMachine,
  SETTINGS_SYNC_POLLING,
  syncFollowerMachine,
  type SyncFollowerInput,
} from "../../src/application/machines/syncFollowerMachine";
import type { SyncStart, SyncState } from "../../src/application/ports/settings";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledGmailGateway } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const IDLE: SyncState = { syncing: false, message: "", outcome: "none", progress: null, lastSyncAt: null, lastSyncFailed: false, nextSyncAt: null };
const neverSynced = IDLE;
const scanning = (processed: number): SyncState => ({
  ...IDLE,
  syncing: true,
  outcome: "running",
  message: `Scanning ${processed} of 47 emails`,
  progress: { processed, total: 47 },
});
const finished: SyncState = {
  ...IDLE,
  outcome: "completed",
  message: "Sync completed: 0 new deals",
  progress: { processed: 47, total: 47 },
  lastSyncAt: "2026-11-23T10:00:00.000Z",
  nextSyncAt: "2026-11-23T10:30:00.000Z",
};
const failedSync: SyncState = { ...IDLE, outcome: "failed", message: "Sync failed: Gmail answered 500", lastSyncFailed: true };
const started: SyncStart = { outcome: "running", message: "Gmail sync started." };
const alreadyRunning: SyncStart = { outcome: "already_running", message: "Sync is already in progress. Please wait for it to complete." };

/** The rule both pages follow: the deals are stale when an answer can bring new ones, never on the first. */
function bringsDeals(before: SyncState | null, now: SyncState): boolean {
  if (!before) return false;
  if (now.syncing) return now.progress?.processed !== before.progress?.processed;
  return before.syncing || now.lastSyncAt !== before.lastSyncAt;
}

const pages: { name: string; input: SyncFollowerInput }[] = [
  { name: "the dashboard (2 s / 30 s, from the start)", input: { ...DASHBOARD_SYNC_POLLING, followAtStart: true } },
  { name: "Settings (3 s, once connected)", input: { ...SETTINGS_SYNC_POLLING, followAtStart: false } },
];

const startFailures = [
  { name: "a server message", error: new RequestError(400, "gmail_not_connected", "x", "Gmail is not connected. Connect Gmail first."), text: "Gmail is not connected. Connect Gmail first." },
  { name: "no answer", error: new RequestError(null, "network_error", "Network error occurred"), text: "Failed to initiate Gmail sync. Please try again." },
];

function setUp() {
  const log = new EffectLog();
  const calls = new ControlledAuthGateway(log);
  const logic = provideSyncFollowerMachine({ gateway: new ControlledGmailGateway(calls), dealsChanged: () => log.record("deals changed") }).provide({
    actions: {
      settingsChanged: () => log.record("settings changed"),
      startAnswered: (_, notice) => log.record(`answered ${notice.outcome}: ${notice.text}`),
    },
  });
  return { log, calls, logic };
}

describe.each(pages)("the sync follower on $name", ({ input }) => {
  describe.each(startFailures)("when Sync Now fails with $name: every simple path, and one step more", ({ error, text }) => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const events: EventObject[] = [
      { type: "CONNECTED" },
      { type: "DISCONNECTED" },
      { type: "SYNC_NOW" },
      { type: "DISCONNECT" },
      { type: "PAGE_HIDDEN" },
      { type: "PAGE_VISIBLE" },
      { type: "xstate.after.runningPoll.syncFollower.following.syncing" },
      { type: "xstate.after.idlePoll.syncFollower.following.idle" },
      done("syncStatus", neverSynced),
      done("syncStatus", scanning(12)),
      done("syncStatus", scanning(30)),
      done("syncStatus", finished),
      done("syncStatus", failedSync),
      failed("syncStatus", new RequestError(null, "network_error", "Network error occurred")),
      done("startSync", started),
      done("startSync", alreadyRunning),
      failed("startSync", error),
      done("disconnect", "Gmail disconnected."),
      failed("disconnect", new RequestError(500, "internal", "boom", "Google could not be reached")),
    ];
    const paths = pathsWithOneMoreStep(syncFollowerMachine, events, input);

    /** The status the page knew before the step. */
    let known: SyncState | null = null;

    function expectedEffects(from: string, event: EventObject, to: string): string[] {
      if (to === '{"following":"checking"}' && from !== to) return ["call syncStatus (silent)"];
      const output = (event as unknown as { output: unknown }).output;
      switch (event.type) {
        case "SYNC_NOW":
          return ["call startSync (silent)"];
        case "DISCONNECT":
          return ["call disconnect (silent)"];
        case "xstate.done.actor.disconnect":
          return ["settings changed"];
        case "xstate.done.actor.startSync": {
          const answer = output as SyncStart;
          // A started sync changes the settings' last sync; a refusal changes nothing.
          return [...(answer.outcome === "running" ? ["settings changed"] : []), `answered ${answer.outcome}: ${answer.message}`];
        }
        case "xstate.error.actor.startSync":
          return [`answered failed: ${text}`];
        case "xstate.done.actor.syncStatus": {
          const status = output as SyncState;
          if (!bringsDeals(known, status)) return [];
          return status.syncing ? ["deals changed"] : ["deals changed", "settings changed"];
        }
      }
      return [];
    }

    function assertStep(snapshot: SnapshotFrom<typeof syncFollowerMachine>, event: EventObject) {
      const dashboard = dashboardSyncOf(snapshot);
      const card = gmailSyncViewOf(snapshot);
      const output = (event as unknown as { output: unknown }).output;
      if (event.type === "xstate.done.actor.syncStatus") {
        const status = output as SyncState;
        expect(card).toMatchObject({ syncing: status.syncing, progress: status.progress });
        // The colour comes with the sentence, from the server's outcome.
        expect(card.notice).toEqual(status.message ? { text: status.message, outcome: status.outcome } : null);
        if (status.syncing) expect(dashboard).toEqual({ kind: "running", message: status.message, progress: status.progress });
        else if (status === neverSynced) expect(dashboard).toEqual({ kind: "never" });
        else {
          expect(dashboard).toEqual({
            kind: "ended",
            message: status.message,
            failed: status.lastSyncFailed,
            nextSyncAt: status.nextSyncAt,
            endedWhileWatched: bringsDeals(known, status),
          });
        }
      }
      if (event.type === "xstate.done.actor.startSync") {
        const answer = output as SyncStart;
        // Started or already running, a sync runs: it is followed at once.
        expect(dashboard).toEqual({ kind: "running", message: "Starting sync...", progress: null });
        expect(card).toMatchObject({ syncing: true, notice: { text: answer.message, outcome: answer.outcome } });
      }
      if (event.type === "xstate.error.actor.startSync") expect(card.notice).toEqual({ text, outcome: "failed" });
      if (event.type === "xstate.error.actor.syncStatus") expect(snapshot.context.sync).toBe(known);
      if (event.type === "xstate.error.actor.disconnect") expect(card.notice).toEqual({ text: "Google could not be reached", outcome: "failed" });
      if (event.type === "xstate.done.actor.disconnect") expect(card.notice).toBeNull();
      if (snapshot.matches("off")) expect(card.syncing).toBe(false);
      if (snapshot.matches({ following: "syncing" })) expect(dashboard.kind).toBe("running");
      if (snapshot.matches({ following: "idle" })) expect(dashboard.kind).not.toBe("running");
      expect(card.starting).toBe(snapshot.matches({ following: "starting" }));
      expect(card.disconnecting).toBe(snapshot.matches("disconnecting"));
      known = snapshot.context.sync;
    }

    it("reaches every state, and takes every transition", () => {
      expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
        new Set([
          '"off"',
          '"hidden"',
          '"disconnecting"',
          '{"following":"checking"}',
          '{"following":"syncing"}',
          '{"following":"idle"}',
          '{"following":"starting"}',
        ]),
      );
      const taken = new Set<EventObject>(paths.flatMap((path) => path.steps.map((step) => step.event)));
      expect(events.filter((event) => !taken.has(event))).toEqual([]);
    });

    it.each(paths.map((path) => [path.steps.map((step) => step.event.type.replace("xstate.", "")).join(" > "), path] as const))(
      "%s",
      async (_name, path) => {
        known = null;
        const { log, calls, logic } = setUp();
        await drivePath(
          {
            logic,
            input,
            gateway: calls,
            log,
            gatewayCallOf: { syncStatus: "syncStatus", startSync: "startSync", disconnect: "disconnect" },
            delays: { runningPoll: input.runningPollMs, idlePoll: input.idlePollMs },
            expectedEffects,
            assertStep,
          },
          path,
        );
      },
    );
  });
});

describe("sync follower polling", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("on the dashboard, asks every 2 s while a sync runs and every 30 s while none does; the deals follow the count", async () => {
    const { log, calls, logic } = setUp();
    const actor = createActor(logic, { input: { ...DASHBOARD_SYNC_POLLING, followAtStart: true } }).start();
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
    expect(await answer(finished, 30_000)).toEqual(["deals changed", "settings changed"]);
    expect(dashboardSyncOf(actor.getSnapshot())).toMatchObject({ kind: "ended", endedWhileWatched: true, nextSyncAt: finished.nextSyncAt });
    expect(await answer(finished, 30_000)).toEqual([]);
    // A background sync that started and ended between two slow polls still brings its deals.
    expect(await answer({ ...finished, lastSyncAt: "2026-11-23T10:30:30.000Z" }, 30_000)).toEqual(["deals changed", "settings changed"]);
    actor.stop();
  });

  it("on the dashboard, asks nothing while the page is hidden, and asks at once when it is seen again", async () => {
    const { log, calls, logic } = setUp();
    const actor = createActor(logic, { input: { ...DASHBOARD_SYNC_POLLING, followAtStart: true } }).start();
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

  it("in Settings, asks every 3 s while connected, running or not, and stops when disconnected", async () => {
    const { log, calls, logic } = setUp();
    const actor = createActor(logic, { input: { ...SETTINGS_SYNC_POLLING, followAtStart: false } }).start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.takeNew()).toEqual([]);
    actor.send({ type: "CONNECTED" });
    for (const status of [scanning(12), scanning(12), finished, finished]) {
      expect(log.takeNew()).toEqual(["call syncStatus (silent)"]);
      calls.settle("syncStatus", { output: status });
      await vi.advanceTimersByTimeAsync(2_999);
      log.takeNew();
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(log.takeNew()).toEqual(["call syncStatus (silent)"]);
    calls.settle("syncStatus", { output: finished });
    actor.send({ type: "DISCONNECTED" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.takeNew()).toEqual([]);
    actor.stop();
  });
});
