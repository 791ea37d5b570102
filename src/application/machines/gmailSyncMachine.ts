import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { isSyncAlreadyRunning, serverMessageOr } from "../errors";
import type { GmailGateway, SyncProgress, SyncState } from "../ports/settings";
import { SYNC_MESSAGES } from "../messages";

/** The sync status is asked for every 3 s while Gmail is connected (docs/product.md, "Constants"). */
export const SYNC_POLL_INTERVAL_MS = 3_000;

export type GmailSyncEvent =
  /** The settings say whether Gmail is connected; polling runs only while it is. */
  | { type: "CONNECTED" }
  | { type: "DISCONNECTED" }
  | { type: "SYNC_NOW" }
  | { type: "DISCONNECT" };

export interface GmailSyncContext {
  syncing: boolean;
  /** The last sync message: the server's progress sentence, its answer to Sync Now, or what failed. */
  message: string | null;
  progress: SyncProgress | null;
}

/**
 * The Gmail connection card (docs/product.md, "Gmail Connection card"). While connected the status is polled every 3 s; Sync Now sets
 * syncing and then refreshes the settings, or goes back to not-syncing with the 409 message, the server's or the
 * fallback. A sync seen to finish refreshes the settings (last sync) and makes the cached deals stale. Disconnect
 * refreshes the settings on success.
 */
export const gmailSyncMachine = setup({
  types: { context: {} as GmailSyncContext, events: {} as GmailSyncEvent },
  actors: {
    syncStatus: fromPromise<SyncState>(async () => {
      throw new Error("syncStatus is provided at the composition root");
    }),
    startSync: fromPromise<string>(async () => {
      throw new Error("startSync is provided at the composition root");
    }),
    disconnect: fromPromise<string>(async () => {
      throw new Error("disconnect is provided at the composition root");
    }),
  },
  guards: {
    hasJustFinished: ({ context }, state: SyncState) => context.syncing && !state.syncing,
    isSyncing: (_, state: SyncState) => state.syncing,
  },
  actions: {
    /** The settings may have changed: provided by the page that shows them. */
    refetchSettings: () => {},
    dealsChanged: () => {},
  },
}).createMachine({
  id: "gmailSync",
  context: { syncing: false, message: null, progress: null },
  initial: "notConnected",
  states: {
    notConnected: {
      entry: assign({ syncing: false, progress: null }),
      on: { CONNECTED: "connected" },
    },
    connected: {
      initial: "checking",
      on: { DISCONNECTED: "notConnected", DISCONNECT: "disconnecting" },
      states: {
        checking: {
          invoke: {
            id: "syncStatus",
            src: "syncStatus",
            onDone: [
              {
                guard: { type: "hasJustFinished", params: ({ event }) => event.output },
                target: "notSyncing",
                actions: [assign(({ event }) => statusOf(event.output)), "refetchSettings", "dealsChanged"],
              },
              {
                guard: { type: "isSyncing", params: ({ event }) => event.output },
                target: "syncing",
                actions: assign(({ event }) => statusOf(event.output)),
              },
              { target: "notSyncing", actions: assign(({ event }) => statusOf(event.output)) },
            ],
            // A missed poll keeps what was shown; the next one follows 3 s later.
            onError: [{ guard: ({ context }) => context.syncing, target: "syncing" }, { target: "notSyncing" }],
          },
        },
        notSyncing: {
          after: { [SYNC_POLL_INTERVAL_MS]: "checking" },
          on: { SYNC_NOW: "starting" },
        },
        syncing: {
          after: { [SYNC_POLL_INTERVAL_MS]: "checking" },
        },
        starting: {
          invoke: {
            id: "startSync",
            src: "startSync",
            onDone: {
              target: "syncing",
              actions: [assign({ syncing: true, message: ({ event }) => event.output, progress: null }), "refetchSettings"],
            },
            onError: {
              target: "notSyncing",
              actions: assign({ syncing: false, message: ({ event }) => startFailureMessage(event.error) }),
            },
          },
        },
      },
    },
    disconnecting: {
      invoke: {
        id: "disconnect",
        src: "disconnect",
        onDone: { target: "notConnected", actions: [assign({ message: null }), "refetchSettings"] },
        onError: {
          target: "connected",
          actions: assign({
            message: ({ event }) => serverMessageOr(event.error, SYNC_MESSAGES.disconnectFailed),
          }),
        },
      },
    },
  },
});

function statusOf(state: SyncState): GmailSyncContext {
  return { syncing: state.syncing, message: state.message || null, progress: state.progress };
}

function startFailureMessage(error: unknown): string {
  return isSyncAlreadyRunning(error) ? SYNC_MESSAGES.alreadyRunning : serverMessageOr(error, SYNC_MESSAGES.startFailed);
}

export type GmailSyncActor = ActorRefFrom<typeof gmailSyncMachine>;

/** What the Gmail Connection card shows of the sync. */
export interface GmailSyncView {
  syncing: boolean;
  /** Sync Now was pressed and the server has not answered yet. */
  starting: boolean;
  disconnecting: boolean;
  message: string | null;
  progress: SyncProgress | null;
}

export function gmailSyncViewOf(snapshot: SnapshotFrom<typeof gmailSyncMachine>): GmailSyncView {
  const { syncing, message, progress } = snapshot.context;
  return {
    syncing,
    starting: snapshot.matches({ connected: "starting" }),
    disconnecting: snapshot.matches("disconnecting"),
    message,
    progress,
  };
}

export function provideGmailSyncMachine(ports: { gateway: GmailGateway; dealsChanged: () => void }) {
  return gmailSyncMachine.provide({
    actors: {
      // Silent: a missed poll is retried in 3 s, and the card shows why a start or disconnect failed.
      syncStatus: fromPromise(() => ports.gateway.syncStatus({ silent: true })),
      startSync: fromPromise(() => ports.gateway.startSync({ silent: true })),
      disconnect: fromPromise(() => ports.gateway.disconnect({ silent: true })),
    },
    actions: { dealsChanged: () => ports.dealsChanged() },
  });
}
