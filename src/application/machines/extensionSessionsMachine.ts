import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { serverMessageOr } from "../errors";
import type { ConnectedExtension, ExtensionGateway } from "../ports/extension";
import type { Notifier, ToastRequest } from "../ports/notifications";

export const EXTENSION_SESSIONS_MESSAGES = {
  loadFailed: "Could not load your connected extensions",
  disconnectFailed: "The extension could not be disconnected. Please try again.",
  disconnectedTitle: "Extension disconnected",
} as const;

export type ExtensionSessionsEvent = { type: "RETRY" } | { type: "DISCONNECT"; sessionId: string } | { type: "CANCEL" } | { type: "CONFIRM" };

/**
 * Settings' "Browser extension" card: the extensions connected to the account, each with Disconnect, which asks for
 * a confirmation first. A failed disconnect keeps the confirmation open with the reason, to try again or cancel.
 */
export const extensionSessionsMachine = setup({
  types: {
    context: {} as { sessions: ConnectedExtension[]; pendingId: string | null; error: string | null },
    events: {} as ExtensionSessionsEvent,
  },
  actors: {
    list: fromPromise<ConnectedExtension[]>(async () => {
      throw new Error("list is provided at the composition root");
    }),
    disconnect: fromPromise<string, { sessionId: string }>(async () => {
      throw new Error("disconnect is provided at the composition root");
    }),
  },
  actions: {
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "extensionSessions",
  context: { sessions: [], pendingId: null, error: null },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: "list",
        src: "list",
        onDone: { target: "ready", actions: assign({ sessions: ({ event }) => event.output }) },
        onError: { target: "loadFailed", actions: assign({ error: ({ event }) => serverMessageOr(event.error, EXTENSION_SESSIONS_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: { on: { RETRY: "loading" } },
    ready: {
      entry: assign({ pendingId: null, error: null }),
      on: { DISCONNECT: { target: "confirming", actions: assign({ pendingId: ({ event }) => event.sessionId }) } },
    },
    confirming: { on: { CANCEL: "ready", CONFIRM: "disconnecting" } },
    disconnecting: {
      entry: assign({ error: null }),
      invoke: {
        id: "disconnect",
        src: "disconnect",
        input: ({ context }) => ({ sessionId: context.pendingId! }),
        onDone: {
          target: "ready",
          actions: [
            assign({ sessions: ({ context }) => context.sessions.filter((session) => session.id !== context.pendingId) }),
            { type: "notify", params: ({ event }) => ({ title: EXTENSION_SESSIONS_MESSAGES.disconnectedTitle, description: event.output, variant: "success" }) },
          ],
        },
        onError: {
          target: "disconnectFailed",
          actions: assign({ error: ({ event }) => serverMessageOr(event.error, EXTENSION_SESSIONS_MESSAGES.disconnectFailed) }),
        },
      },
    },
    disconnectFailed: { on: { CANCEL: "ready", CONFIRM: "disconnecting" } },
  },
});

export function provideExtensionSessionsMachine(ports: { gateway: ExtensionGateway; notifier: Notifier }) {
  return extensionSessionsMachine.provide({
    actors: {
      list: fromPromise(() => ports.gateway.connectedExtensions()),
      disconnect: fromPromise(({ input }) => ports.gateway.disconnect(input.sessionId)),
    },
    actions: { notify: (_, toast) => ports.notifier.notify(toast) },
  });
}

/** What the card shows, from the machine's state. */
export type ExtensionSessionsView =
  | { kind: "loading" }
  | { kind: "failed"; error: string }
  | {
      kind: "ready";
      sessions: ConnectedExtension[];
      /** The extension whose Disconnect waits for a confirmation, with how that is going. */
      confirming: { sessionId: string; disconnecting: boolean; error: string | null } | null;
    };

export function extensionSessionsViewOf(snapshot: SnapshotFrom<typeof extensionSessionsMachine>): ExtensionSessionsView {
  const { sessions, pendingId, error } = snapshot.context;
  if (snapshot.matches("loading")) return { kind: "loading" };
  if (snapshot.matches("loadFailed")) return { kind: "failed", error: error ?? EXTENSION_SESSIONS_MESSAGES.loadFailed };
  const confirming = pendingId === null ? null : { sessionId: pendingId, disconnecting: snapshot.matches("disconnecting"), error };
  return { kind: "ready", sessions, confirming };
}
