import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { GmailGateway, SyncProgress, SyncState } from "../ports/settings";

/** While a sync runs, its status is asked for this often, so its deals appear as they are stored. */
export const RUNNING_POLL_MS = 2_000;
/** While none runs and the page is seen, slowly, so a background sync shows when it starts. */
export const IDLE_POLL_MS = 30_000;

/** What a sync says before the server has counted anything. */
export const SYNC_STARTING_MESSAGE = "Starting sync...";

export type SyncProgressEvent =
  /** This page started a sync (or found one running): follow it now. */
  | { type: "SYNC_STARTED" }
  /** The page went to the background: nobody is looking, so nothing is asked. */
  | { type: "PAGE_HIDDEN" }
  | { type: "PAGE_VISIBLE" };

export interface SyncProgressContext {
  /** The last status the server gave; null before the first answer. */
  sync: SyncState | null;
  /** The page saw the last sync end, so it can say how it went. */
  endedWhileWatched: boolean;
}

/** Deals may have been stored since the last answer: the processed count moved, a sync ended, or one ran unseen. */
function bringsNewDeals(before: SyncState | null, now: SyncState): boolean {
  if (!before) return false;
  return (
    (before.syncing && !now.syncing) ||
    (now.syncing && now.progress?.processed !== before.progress?.processed) ||
    (!now.syncing && now.lastSyncAt !== before.lastSyncAt)
  );
}

/**
 * The dashboard's view of its Gmail sync (docs/product.md, "Sync progress"): while a sync runs its status is asked for every 2 s and each
 * answer that brings deals makes the dashboard's data fetch again, so deals appear without a refresh; while none runs
 * it is asked every 30 s, so a background sync shows when it starts; while the page is hidden nothing is asked, and
 * coming back asks at once.
 */
export const syncProgressMachine = setup({
  types: { context: {} as SyncProgressContext, events: {} as SyncProgressEvent },
  actors: {
    syncStatus: fromPromise<SyncState>(async () => {
      throw new Error("syncStatus is provided at the composition root");
    }),
  },
  guards: {
    isSyncing: (_, status: SyncState) => status.syncing,
    bringsNewDeals: ({ context }, status: SyncState) => bringsNewDeals(context.sync, status),
    isSyncingWithNewDeals: ({ context }, status: SyncState) => status.syncing && bringsNewDeals(context.sync, status),
    wasSyncing: ({ context }) => context.sync?.syncing ?? false,
  },
  actions: {
    /** The dashboard's data changed on the server: provided at the composition root. */
    dealsChanged: () => {},
    remember: assign((_, status: SyncState) => ({ sync: status })),
  },
}).createMachine({
  id: "syncProgress",
  context: { sync: null, endedWhileWatched: false },
  initial: "checking",
  on: {
    PAGE_HIDDEN: ".hidden",
    SYNC_STARTED: {
      target: ".syncing",
      actions: assign({
        sync: ({ context }) => ({
          lastSyncAt: null,
          lastSyncFailed: false,
          ...context.sync,
          syncing: true,
          message: SYNC_STARTING_MESSAGE,
          progress: null,
          nextSyncAt: null,
        }),
        endedWhileWatched: false,
      }),
    },
  },
  states: {
    checking: {
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
            actions: ["dealsChanged", { type: "remember", params: ({ event }) => event.output }, assign({ endedWhileWatched: true })],
          },
          { target: "idle", actions: { type: "remember", params: ({ event }) => event.output } },
        ],
        // A missed answer keeps what was shown; the next poll follows as usual.
        onError: [{ guard: "wasSyncing", target: "syncing" }, { target: "idle" }],
      },
    },
    syncing: { after: { [RUNNING_POLL_MS]: "checking" } },
    idle: { after: { [IDLE_POLL_MS]: "checking" } },
    hidden: { on: { PAGE_VISIBLE: "checking" } },
  },
});

export type SyncProgressActor = ActorRefFrom<typeof syncProgressMachine>;
export type ProvidedSyncProgressMachine = ReturnType<typeof provideSyncProgressMachine>;

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

export function dashboardSyncOf(snapshot: SnapshotFrom<typeof syncProgressMachine>): DashboardSync {
  const { sync, endedWhileWatched } = snapshot.context;
  if (!sync) return { kind: "unknown" };
  if (sync.syncing) return { kind: "running", message: sync.message || SYNC_STARTING_MESSAGE, progress: sync.progress };
  if (!sync.lastSyncAt && !sync.lastSyncFailed) return { kind: "never" };
  return { kind: "ended", message: sync.message, failed: sync.lastSyncFailed, nextSyncAt: sync.nextSyncAt, endedWhileWatched };
}

export function provideSyncProgressMachine(ports: { gateway: GmailGateway; dealsChanged: () => void }) {
  return syncProgressMachine.provide({
    actors: {
      // Silent: a missed poll is asked again shortly, and a toast every 2 s would be noise.
      syncStatus: fromPromise(() => ports.gateway.syncStatus({ silent: true })),
    },
    actions: { dealsChanged: () => ports.dealsChanged() },
  });
}
