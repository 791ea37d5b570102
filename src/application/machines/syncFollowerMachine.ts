import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { SyncOutcome } from "../../domain/gmailSettings";
import { serverMessageOr } from "../errors";
import { SYNC_MESSAGES } from "../messages";
import type { GmailGateway, SyncProgress, SyncStart, SyncState } from "../ports/settings";

/** How often a page asks for the sync's status: while a sync runs, and while none does. */
export interface SyncPolling {
  runningPollMs: number;
  idlePollMs: number;
}

/** The dashboard: every 2 s while a sync runs, so its deals appear as they are stored; slowly while none runs. */
export const DASHBOARD_SYNC_POLLING: SyncPolling = { runningPollMs: 2_000, idlePollMs: 30_000 };
/** Settings' Gmail card: every 3 s while Gmail is connected, as the spec has it. */
export const SETTINGS_SYNC_POLLING: SyncPolling = { runningPollMs: 3_000, idlePollMs: 3_000 };

export interface SyncFollowerInput extends SyncPolling {
  /** Follow from the start (the dashboard), or only once told Gmail is connected (Settings, after its load). */
  followAtStart: boolean;
}

/** What a sync message a page shows, and the outcome that colours it. */
export interface SyncNotice {
  text: string;
  outcome: SyncOutcome;
}

/** What a sync says before the server has counted anything. */
export const SYNC_STARTING_MESSAGE = "Starting sync...";

export type SyncFollowerEvent =
  /** Settings' load says whether Gmail is connected; its card follows the sync only while it is. */
  | { type: "CONNECTED" }
  | { type: "DISCONNECTED" }
  | { type: "SYNC_NOW" }
  | { type: "DISCONNECT" }
  /** The page went to the background: nobody is looking, so nothing is asked until it is seen again. */
  | { type: "PAGE_HIDDEN" }
  | { type: "PAGE_VISIBLE" };

export interface SyncFollowerContext extends SyncPolling {
  followAtStart: boolean;
  /** The last status the server gave, or what a started sync is known to be; null before the first answer. */
  sync: SyncState | null;
  /** The page saw the last sync end, so it can say how it went. */
  endedWhileWatched: boolean;
  /** The last thing said of the sync: a status's sentence, the answer to Sync Now, or what failed. */
  notice: SyncNotice | null;
}

/** Deals may have been stored since the last answer: the processed count moved, a sync ended, or one ran unseen. */
function bringsNewDeals(before: SyncState | null, now: SyncState): boolean {
  if (!before) return false;
  if (now.syncing) return now.progress?.processed !== before.progress?.processed;
  return before.syncing || now.lastSyncAt !== before.lastSyncAt;
}

/** A sync started here runs from now on, with nothing counted yet. */
const startedSync = (sync: SyncState | null): SyncState => ({
  lastSyncAt: null,
  lastSyncFailed: false,
  ...sync,
  syncing: true,
  outcome: "running",
  message: SYNC_STARTING_MESSAGE,
  progress: null,
  nextSyncAt: null,
});

const noticeOf = (status: SyncState): SyncNotice | null => (status.message ? { text: status.message, outcome: status.outcome } : null);
const startFailure = (error: unknown): SyncNotice => ({ text: serverMessageOr(error, SYNC_MESSAGES.startFailed), outcome: "failed" });

/**
 * One page's view of the Gmail sync, on the dashboard and in Settings alike: the status is asked for at the page's
 * intervals (input), each answer that can bring deals makes the cached deals stale, and one that ends a sync makes
 * the settings (last sync) stale too. Sync Now starts a sync; a 409 is no failure but a sync already running, which
 * is then followed. Settings also disconnects Gmail through it. While the page is hidden nothing is asked, and coming
 * back asks at once.
 */
export const syncFollowerMachine = setup({
  types: {
    context: {} as SyncFollowerContext,
    events: {} as SyncFollowerEvent,
    input: {} as SyncFollowerInput,
  },
  actors: {
    syncStatus: fromPromise<SyncState>(async () => {
      throw new Error("syncStatus is provided at the composition root");
    }),
    startSync: fromPromise<SyncStart>(async () => {
      throw new Error("startSync is provided at the composition root");
    }),
    disconnect: fromPromise<string>(async () => {
      throw new Error("disconnect is provided at the composition root");
    }),
  },
  delays: {
    runningPoll: ({ context }) => context.runningPollMs,
    idlePoll: ({ context }) => context.idlePollMs,
  },
  guards: {
    followsAtStart: ({ context }) => context.followAtStart,
    isSyncing: (_, status: SyncState) => status.syncing,
    bringsNewDeals: ({ context }, status: SyncState) => bringsNewDeals(context.sync, status),
    isSyncingWithNewDeals: ({ context }, status: SyncState) => status.syncing && bringsNewDeals(context.sync, status),
    wasSyncing: ({ context }) => context.sync?.syncing ?? false,
    isAlreadyRunning: (_, answer: SyncStart) => answer.outcome === "already_running",
  },
  actions: {
    /** The cached deals, and the settings page's data, may have changed: the page's to provide. */
    dealsChanged: () => {},
    settingsChanged: () => {},
    /** Sync Now was answered, or failed: a page that shows toasts rather than a message provides this. */
    startAnswered: (_, _notice: SyncNotice) => {},
    remember: assign((_, status: SyncState) => ({ sync: status, notice: noticeOf(status) })),
    say: assign((_, notice: SyncNotice) => ({ notice })),
    followStarted: assign(({ context }) => ({ sync: startedSync(context.sync), endedWhileWatched: false })),
  },
}).createMachine({
  id: "syncFollower",
  context: ({ input }) => ({ ...input, sync: null, endedWhileWatched: false, notice: null }),
  initial: "choosing",
  states: {
    choosing: { always: [{ guard: "followsAtStart", target: "following" }, { target: "off" }] },
    off: {
      entry: assign({ sync: null, endedWhileWatched: false }),
      on: { CONNECTED: "following" },
    },
    following: {
      on: { DISCONNECTED: "off", DISCONNECT: "disconnecting", PAGE_HIDDEN: "hidden" },
      initial: "checking",
      states: {
        checking: {
          on: { SYNC_NOW: "starting" },
          invoke: {
            id: "syncStatus",
            src: "syncStatus",
            onDone: [
              {
                guard: { type: "isSyncingWithNewDeals", params: ({ event }) => event.output },
                target: "syncing",
                actions: ["dealsChanged", { type: "remember", params: ({ event }) => event.output }],
              },
              {
                guard: { type: "isSyncing", params: ({ event }) => event.output },
                target: "syncing",
                actions: { type: "remember", params: ({ event }) => event.output },
              },
              {
                guard: { type: "bringsNewDeals", params: ({ event }) => event.output },
                target: "idle",
                actions: [
                  "dealsChanged",
                  "settingsChanged",
                  { type: "remember", params: ({ event }) => event.output },
                  assign({ endedWhileWatched: true }),
                ],
              },
              { target: "idle", actions: { type: "remember", params: ({ event }) => event.output } },
            ],
            // A missed answer keeps what was shown; the next poll follows as usual.
            onError: [{ guard: "wasSyncing", target: "syncing" }, { target: "idle" }],
          },
        },
        syncing: { after: { runningPoll: "checking" } },
        idle: {
          after: { idlePoll: "checking" },
          on: { SYNC_NOW: "starting" },
        },
        starting: {
          // The answer is awaited even from a hidden page, so what Sync Now did is never lost.
          on: { PAGE_HIDDEN: {} },
          invoke: {
            id: "startSync",
            src: "startSync",
            onDone: [
              {
                guard: { type: "isAlreadyRunning", params: ({ event }) => event.output },
                target: "syncing",
                actions: [
                  "followStarted",
                  { type: "say", params: ({ event }) => ({ text: event.output.message, outcome: event.output.outcome }) },
                  { type: "startAnswered", params: ({ event }) => ({ text: event.output.message, outcome: event.output.outcome }) },
                ],
              },
              {
                target: "syncing",
                actions: [
                  "followStarted",
                  { type: "say", params: ({ event }) => ({ text: event.output.message, outcome: event.output.outcome }) },
                  "settingsChanged",
                  { type: "startAnswered", params: ({ event }) => ({ text: event.output.message, outcome: event.output.outcome }) },
                ],
              },
            ],
            onError: [
              {
                guard: "wasSyncing",
                target: "syncing",
                actions: [
                  { type: "say", params: ({ event }) => startFailure(event.error) },
                  { type: "startAnswered", params: ({ event }) => startFailure(event.error) },
                ],
              },
              {
                target: "idle",
                actions: [
                  { type: "say", params: ({ event }) => startFailure(event.error) },
                  { type: "startAnswered", params: ({ event }) => startFailure(event.error) },
                ],
              },
            ],
          },
        },
      },
    },
    hidden: {
      on: { PAGE_VISIBLE: "following", DISCONNECTED: "off" },
    },
    disconnecting: {
      invoke: {
        id: "disconnect",
        src: "disconnect",
        onDone: { target: "off", actions: [assign({ notice: null }), "settingsChanged"] },
        onError: {
          target: "following",
          actions: {
            type: "say",
            params: ({ event }) => ({ text: serverMessageOr(event.error, SYNC_MESSAGES.disconnectFailed), outcome: "failed" }),
          },
        },
      },
    },
  },
});

export type SyncFollowerActor = ActorRefFrom<typeof syncFollowerMachine>;
export type SyncFollowerSnapshot = SnapshotFrom<typeof syncFollowerMachine>;
export type ProvidedSyncFollowerMachine = ReturnType<typeof provideSyncFollowerMachine>;

/** What the dashboard shows of its sync. */
export type DashboardSync =
  /** Not asked yet. */
  | { kind: "unknown" }
  /** No sync has run yet, and none runs. */
  | { kind: "never" }
  | { kind: "running"; message: string; progress: SyncProgress | null }
  | {
      kind: "ended";
      /** 'Sync completed: 14 new deals', or what failed. */
      message: string;
      failed: boolean;
      /** When the background sync looks again, if it does. */
      nextSyncAt: string | null;
      /** The page saw it end, so the outcome is news. */
      endedWhileWatched: boolean;
    };

export function dashboardSyncOf(snapshot: SyncFollowerSnapshot): DashboardSync {
  const { sync, endedWhileWatched } = snapshot.context;
  if (!sync) return { kind: "unknown" };
  if (sync.syncing) return { kind: "running", message: sync.message || SYNC_STARTING_MESSAGE, progress: sync.progress };
  if (!sync.lastSyncAt && !sync.lastSyncFailed) return { kind: "never" };
  return { kind: "ended", message: sync.message, failed: sync.lastSyncFailed, nextSyncAt: sync.nextSyncAt, endedWhileWatched };
}

/** The dashboard's Sync Now waits for the server's answer. */
export const isStartingSync = (snapshot: SyncFollowerSnapshot): boolean => snapshot.matches({ following: "starting" });

/** What the Gmail Connection card shows of the sync. */
export interface GmailSyncView {
  syncing: boolean;
  /** Sync Now was pressed and the server has not answered yet. */
  starting: boolean;
  disconnecting: boolean;
  notice: SyncNotice | null;
  progress: SyncProgress | null;
}

export function gmailSyncViewOf(snapshot: SyncFollowerSnapshot): GmailSyncView {
  const { sync, notice } = snapshot.context;
  return {
    syncing: sync?.syncing ?? false,
    starting: isStartingSync(snapshot),
    disconnecting: snapshot.matches("disconnecting"),
    notice,
    progress: sync?.progress ?? null,
  };
}

export interface SyncFollowerPorts {
  gateway: GmailGateway;
  dealsChanged: () => void;
}

export function provideSyncFollowerMachine(ports: SyncFollowerPorts) {
  return syncFollowerMachine.provide({
    actors: {
      // Silent: a missed poll is asked again shortly, and the page says itself why a start or disconnect failed.
      syncStatus: fromPromise(() => ports.gateway.syncStatus({ silent: true })),
      startSync: fromPromise(() => ports.gateway.startSync({ silent: true })),
      disconnect: fromPromise(() => ports.gateway.disconnect({ silent: true })),
    },
    actions: { dealsChanged: () => ports.dealsChanged() },
  });
}
