import { assign, fromPromise, setup, type ActorRefFrom } from "xstate";
import { RequestError, endsSession, isRequestError } from "../errors";
import type { SessionRefreshLock, SessionStore } from "../ports/session";
import type { AuthGateway } from "../ports/auth";
import type { Navigation } from "../ports/platform";

/** A refresh that failed in this tab, not on the wire (its storage, its lock): the session is kept. */
const UNKNOWN_FAILURE = new RequestError(null, "refresh_failed", "The session could not be refreshed");

/**
 * One refresh for any number of 401s (docs/product.md, "Token refresh"). While a refresh runs, further requests for one are absorbed;
 * the outcome is the state it lands in. A refresh the server refuses clears the session and sends the person to
 * /login, unless they are already on a page that signs them in; one that could not be made (no answer, a server
 * fault, a rate limit) keeps the session, and the next 401 asks again.
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as { failure: RequestError | null },
    events: {} as { type: "REFRESH_NEEDED" },
  },
  actors: {
    refreshSession: fromPromise<void>(async () => {
      throw new Error("refreshSession is provided at the composition root");
    }),
  },
  guards: {
    isOnSignInPage: () => false,
  },
  actions: {
    clearSession: () => {},
    endSession: () => {},
    redirectToLogin: () => {},
  },
}).createMachine({
  id: "tokenRefresh",
  context: { failure: null },
  initial: "idle",
  states: {
    idle: { on: { REFRESH_NEEDED: "refreshing" } },
    refreshing: {
      invoke: {
        id: "refreshSession",
        src: "refreshSession",
        onDone: "refreshed",
        onError: [
          {
            guard: ({ event }) => !endsSession(event.error),
            target: "unavailable",
            actions: assign({ failure: ({ event }) => (isRequestError(event.error) ? event.error : UNKNOWN_FAILURE) }),
          },
          { guard: "isOnSignInPage", target: "expired", actions: ["clearSession", "endSession"] },
          { target: "expired", actions: ["clearSession", "endSession", "redirectToLogin"] },
        ],
      },
    },
    refreshed: { on: { REFRESH_NEEDED: "refreshing" } },
    /** No new token came, and nothing said the session ended: it is kept. */
    unavailable: { on: { REFRESH_NEEDED: "refreshing" } },
    expired: { on: { REFRESH_NEEDED: "refreshing" } },
  },
});

export type TokenRefreshActor = ActorRefFrom<typeof tokenRefreshMachine>;

/** How a refresh ended: a new token stored, the session over, or the session kept without a new token, and why. */
export type RefreshResult = { kind: "refreshed" } | { kind: "ended" } | { kind: "unavailable"; failure: RequestError };

/** Asks the machine for a refresh, or joins the one under way, and tells how it ended. */
export function requestRefresh(actor: TokenRefreshActor): Promise<RefreshResult> {
  return new Promise((resolve) => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches("refreshing")) return;
      subscription.unsubscribe();
      if (snapshot.matches("refreshed")) resolve({ kind: "refreshed" });
      else if (snapshot.matches("unavailable")) resolve({ kind: "unavailable", failure: snapshot.context.failure ?? UNKNOWN_FAILURE });
      else resolve({ kind: "ended" });
    });
    if (!actor.getSnapshot().matches("refreshing")) actor.send({ type: "REFRESH_NEEDED" });
  });
}

const SIGN_IN_PAGES = ["/login", "/oauth-callback"];

/** The refresh machine wired to its ports. `onSessionEnded` tells the auth machine the session is gone. */
export function provideTokenRefreshMachine(ports: {
  auth: AuthGateway;
  session: SessionStore;
  lock: SessionRefreshLock;
  navigation: Navigation;
  onSessionEnded: () => void;
}) {
  return tokenRefreshMachine.provide({
    actors: {
      // The new session is stored before the lock is let go, so that a tab waiting for it reads that session rather
      // than spend the token this one spent (a second use ends the session).
      refreshSession: fromPromise(async () => {
        const asked = ports.session.refreshToken();
        await ports.lock.holding(async () => {
          const refreshToken = ports.session.refreshToken();
          if (!refreshToken) throw new RequestError(401, "no_refresh_token", "No refresh token is stored");
          // Another tab refreshed while this one waited: what it stored serves this tab too.
          if (refreshToken !== asked && ports.session.accessToken()) return;
          ports.session.save(await ports.auth.refresh(refreshToken));
        });
      }),
    },
    guards: {
      isOnSignInPage: () => SIGN_IN_PAGES.includes(ports.navigation.currentPath()),
    },
    actions: {
      clearSession: () => ports.session.clear(),
      endSession: () => ports.onSessionEnded(),
      redirectToLogin: () => ports.navigation.navigate("/login", { replace: true }),
    },
  });
}
