import { and, assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import type { ExtensionCodesDto, ExtensionTokensDto } from "../../../src/contract/extension";

/** The extension's own session with Deal Finder: never the user's cookie session, only what pairing gave it. */
export interface ExtensionSession {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/** An answer of the API that says the session is over (401): the extension must be connected again. */
export class SessionEnded extends Error {
  constructor(message = "The extension's session has ended.") {
    super(message);
    this.name = "SessionEnded";
  }
}

/** How the session is kept and how the API is reached; the background's adapters say how (chrome.storage, fetch). */
export interface SessionPorts {
  loadSession(): Promise<ExtensionSession | null>;
  pair(code: string): Promise<ExtensionTokensDto>;
  fetchCodes(accessToken: string): Promise<ExtensionCodesDto>;
  refresh(refreshToken: string): Promise<ExtensionTokensDto>;
  logout(accessToken: string): Promise<void>;
  saveSession(session: ExtensionSession): void;
  clearSession(): void;
  saveCodes(codes: ExtensionCodesDto): void;
}

interface SessionContext {
  session: ExtensionSession | null;
  /** Why the last pairing or sync failed, for the popup and the app's page; null when all went well. */
  problem: string | null;
  /** The tokens were refreshed for the sync under way. */
  refreshed: boolean;
}

type SessionEvent = { type: "PAIR"; code: string } | { type: "SYNC" } | { type: "SIGN_OUT" };

const sessionOf = (tokens: ExtensionTokensDto): ExtensionSession => ({
  accessToken: tokens.accessToken,
  refreshToken: tokens.refreshToken,
  sessionId: tokens.sessionId,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const CONNECTION_LOST = "Deal Finder could not be reached. The codes you have are kept.";

/**
 * Pairing and the session: unpaired until a pairing code is exchanged for tokens; paired, it syncs the codes when
 * asked; an access token refused (401) is refreshed once, and a refused refresh, or a refusal right after a refresh,
 * ends the session. Signing out ends only this extension's session on the server.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    loadSession: fromPromise<ExtensionSession | null>(async () => {
      throw new Error("loadSession is provided by provideSessionMachine");
    }),
    pair: fromPromise<ExtensionTokensDto, { code: string }>(async () => {
      throw new Error("pair is provided by provideSessionMachine");
    }),
    fetchCodes: fromPromise<ExtensionCodesDto, { accessToken: string }>(async () => {
      throw new Error("fetchCodes is provided by provideSessionMachine");
    }),
    refresh: fromPromise<ExtensionTokensDto, { refreshToken: string }>(async () => {
      throw new Error("refresh is provided by provideSessionMachine");
    }),
    logout: fromPromise<void, { accessToken: string }>(async () => {
      throw new Error("logout is provided by provideSessionMachine");
    }),
  },
  guards: {
    hasSession: (_, session: ExtensionSession | null) => session !== null,
    sessionEnded: (_, error: unknown) => error instanceof SessionEnded,
    justRefreshed: ({ context }) => context.refreshed,
  },
  actions: {
    saveSession: (_, _session: ExtensionSession) => {},
    clearSession: () => {},
    saveCodes: (_, _codes: ExtensionCodesDto) => {},
  },
}).createMachine({
  id: "session",
  context: { session: null, problem: null, refreshed: false },
  initial: "restoring",
  states: {
    restoring: {
      invoke: {
        id: "loadSession",
        src: "loadSession",
        onDone: [
          {
            guard: { type: "hasSession", params: ({ event }) => event.output },
            target: "paired",
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: "unpaired" },
        ],
        onError: { target: "unpaired" },
      },
    },
    unpaired: {
      on: { PAIR: { target: "pairing" } },
    },
    pairing: {
      invoke: {
        id: "pair",
        src: "pair",
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: {
          target: "paired.syncing",
          actions: [
            assign({ session: ({ event }) => sessionOf(event.output), problem: null }),
            { type: "saveSession", params: ({ event }) => sessionOf(event.output) },
          ],
        },
        onError: { target: "unpaired", actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
    paired: {
      initial: "idle",
      on: { SIGN_OUT: { target: "signingOut" } },
      states: {
        idle: { on: { SYNC: { target: "syncing" } } },
        syncing: {
          invoke: {
            id: "fetchCodes",
            src: "fetchCodes",
            input: ({ context }) => ({ accessToken: context.session!.accessToken }),
            onDone: {
              target: "idle",
              actions: [assign({ problem: null, refreshed: false }), { type: "saveCodes", params: ({ event }) => event.output }],
            },
            onError: [
              // A refusal right after a refresh means the session was revoked: there is no second refresh.
              {
                guard: and(["justRefreshed", { type: "sessionEnded", params: ({ event }: { event: { error: unknown } }) => event.error }]),
                target: "#session.ended",
              },
              {
                guard: { type: "sessionEnded", params: ({ event }: { event: { error: unknown } }) => event.error },
                target: "refreshing",
              },
              { target: "idle", actions: assign({ problem: CONNECTION_LOST, refreshed: false }) },
            ],
          },
        },
        refreshing: {
          invoke: {
            id: "refresh",
            src: "refresh",
            input: ({ context }) => ({ refreshToken: context.session!.refreshToken }),
            onDone: {
              target: "syncing",
              actions: [
                assign({ session: ({ event }) => sessionOf(event.output), refreshed: true }),
                { type: "saveSession", params: ({ event }) => sessionOf(event.output) },
              ],
            },
            onError: [
              { guard: { type: "sessionEnded", params: ({ event }: { event: { error: unknown } }) => event.error }, target: "#session.ended" },
              { target: "idle", actions: assign({ problem: CONNECTION_LOST }) },
            ],
          },
        },
      },
    },
    /** The server ended the session (revoked in Settings, or expired): forget it and offer Connect again. */
    ended: {
      always: {
        target: "unpaired",
        actions: [
          assign({ session: null, refreshed: false, problem: "Deal Finder ended this connection. Connect the extension again." }),
          "clearSession",
        ],
      },
    },
    signingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        input: ({ context }) => ({ accessToken: context.session!.accessToken }),
        onDone: { target: "unpaired", actions: [assign({ session: null, problem: null }), "clearSession"] },
        // Signed out here whatever the server said: the tokens are forgotten, and an unreachable server's session lapses.
        onError: { target: "unpaired", actions: [assign({ session: null, problem: null }), "clearSession"] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export function provideSessionMachine(ports: SessionPorts) {
  return sessionMachine.provide({
    actors: {
      loadSession: fromPromise(() => ports.loadSession()),
      pair: fromPromise(({ input }) => ports.pair(input.code)),
      fetchCodes: fromPromise(({ input }) => ports.fetchCodes(input.accessToken)),
      refresh: fromPromise(({ input }) => ports.refresh(input.refreshToken)),
      logout: fromPromise(({ input }) => ports.logout(input.accessToken)),
    },
    actions: {
      saveSession: (_, session) => ports.saveSession(session),
      clearSession: () => ports.clearSession(),
      saveCodes: (_, codes) => ports.saveCodes(codes),
    },
  });
}
