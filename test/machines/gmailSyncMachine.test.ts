import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject, type SnapshotFrom } from "xstate";
import { gmailSyncMachine, gmailSyncViewOf, provideGmailSyncMachine } from "../../src/application/machines/gmailSyncMachine";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledGmailGateway } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const running = { syncing: true, message: "Scanning 12 of 47 emails", progress: { processed: 12, total: 47 } };
const finished = { syncing: false, message: "Sync completed: 9 new deals", progress: { processed: 47, total: 47 } };

const startFailures = [
  { name: "409", error: new RequestError(409, "sync_in_progress", "busy", "A sync runs"), message: "Sync is already in progress. Please wait for it to complete." },
  { name: "a server message", error: new RequestError(400, "gmail_not_connected", "x", "Gmail is not connected. Connect Gmail first."), message: "Gmail is not connected. Connect Gmail first." },
  { name: "no answer", error: new RequestError(null, "network_error", "Network error occurred"), message: "Failed to initiate Gmail sync. Please try again." },
];

describe.each(startFailures)("Gmail sync machine, when Sync Now fails with $name: every simple path", ({ error, message }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "CONNECTED" },
    { type: "DISCONNECTED" },
    { type: "SYNC_NOW" },
    { type: "DISCONNECT" },
    { type: "xstate.after.3000.gmailSync.connected.notSyncing" },
    { type: "xstate.after.3000.gmailSync.connected.syncing" },
    done("syncStatus", running),
    done("syncStatus", finished),
    failed("syncStatus"),
    done("startSync", "Gmail sync started."),
    failed("startSync", error),
    done("disconnect", "Gmail disconnected."),
    failed("disconnect", new RequestError(500, "internal", "boom", "Google could not be reached")),
  ];
  const paths = pathsWithOneMoreStep(gmailSyncMachine, events);

  /** Whether the card showed a running sync before the step; a sync seen to finish refreshes the settings. */
  let wasSyncing = false;

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (to === '{"connected":"checking"}' && from !== to) return ["call syncStatus (silent)"];
    if (event.type === "SYNC_NOW") return ["call startSync (silent)"];
    if (event.type === "DISCONNECT") return ["call disconnect (silent)"];
    if (event.type === "xstate.done.actor.startSync") return ["refetch settings"];
    if (event.type === "xstate.done.actor.disconnect") return ["refetch settings"];
    if (event.type === "xstate.done.actor.syncStatus" && wasSyncing && to === '{"connected":"notSyncing"}') {
      return ["refetch settings", "deals changed"];
    }
    return [];
  }

  function assertStep(snapshot: SnapshotFrom<typeof gmailSyncMachine>, event: EventObject) {
    const view = gmailSyncViewOf(snapshot);
    if (event.type === "xstate.done.actor.syncStatus") {
      const status = (event as unknown as { output: typeof running }).output;
      expect(view).toMatchObject({ syncing: status.syncing, message: status.message, progress: status.progress });
    }
    if (event.type === "xstate.done.actor.startSync") expect(view).toMatchObject({ syncing: true, message: "Gmail sync started." });
    if (event.type === "xstate.error.actor.startSync") expect(view).toMatchObject({ syncing: false, message });
    if (event.type === "xstate.error.actor.disconnect") expect(view.message).toBe("Google could not be reached");
    if (snapshot.matches("notConnected")) expect(view.syncing).toBe(false);
    expect(view.starting).toBe(snapshot.matches({ connected: "starting" }));
    expect(view.disconnecting).toBe(snapshot.matches("disconnecting"));
    wasSyncing = view.syncing;
  }

  it("reaches every state, and takes every transition", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toEqual(
      new Set([
        '"notConnected"',
        '"disconnecting"',
        '{"connected":"checking"}',
        '{"connected":"notSyncing"}',
        '{"connected":"syncing"}',
        '{"connected":"starting"}',
      ]),
    );
    const taken = new Set<EventObject>(paths.flatMap((path) => path.steps.map((step) => step.event)));
    expect(events.filter((event) => !taken.has(event))).toEqual([]);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type.replace("xstate.", "")).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      wasSyncing = false;
      const log = new EffectLog();
      const calls = new ControlledAuthGateway(log);
      const logic = provideGmailSyncMachine({
        gateway: new ControlledGmailGateway(calls),
        dealsChanged: () => log.record("deals changed"),
      }).provide({ actions: { refetchSettings: () => log.record("refetch settings") } });
      await drivePath(
        {
          logic,
          gateway: calls,
          log,
          gatewayCallOf: { syncStatus: "syncStatus", startSync: "startSync", disconnect: "disconnect" },
          expectedEffects,
          assertStep,
        },
        path,
      );
    },
  );
});

describe("Gmail sync polling", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks for the status every 3 s while connected, and stops when disconnected", async () => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const actor = createActor(
      provideGmailSyncMachine({ gateway: new ControlledGmailGateway(calls), dealsChanged: () => undefined }),
    ).start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.takeNew()).toEqual([]);
    actor.send({ type: "CONNECTED" });
    for (let poll = 0; poll < 3; poll++) {
      expect(log.takeNew()).toEqual(["call syncStatus (silent)"]);
      calls.settle("syncStatus", { output: running });
      await vi.advanceTimersByTimeAsync(2_999);
      expect(log.takeNew()).toEqual([]);
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
