import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { User } from "../../domain/user";
import type { Session, SessionStore } from "../ports/session";
import type { AuthGateway } from "../ports/auth";
import type { Navigation } from "../ports/platform";

export interface AuthInput {
  /** The user stored with an access token, if any; it is verified before it is trusted. */
  storedUser: User | null;
}

export type AuthEvent =
  | { type: "SIGNED_IN"; session: Session }
  | { type: "SIGN_OUT" }
  | { type: "SESSION_EXPIRED" }
  | { type: "USER_UPDATED"; user: User };

/**
 * Who is signed in (SPEC section 4). A stored session is verified with a profile fetch; failure clears everything.
 * Signing out calls logout, then clears stored data whatever the server said.
 */
export const authMachine = setup({
  types: {
    context: {} as { user: User | null },
    input: {} as AuthInput,
    events: {} as AuthEvent,
  },
  actors: {
    fetchProfile: fromPromise<User | null>(async () => {
      throw new Error("fetchProfile is provided at the composition root");
    }),
    logout: fromPromise<void>(async () => {
      throw new Error("logout is provided at the composition root");
    }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.user !== null,
  },
  actions: {
    storeSession: (_, _session: Session) => {},
    storeUser: (_, _user: User) => {},
    clearSession: () => {},
    leaveToHome: () => {},
  },
}).createMachine({
  id: "auth",
  context: ({ input }) => ({ user: input.storedUser }),
  initial: "restoring",
  on: {
    SIGNED_IN: {
      target: ".signedIn",
      actions: [
        { type: "storeSession", params: ({ event }) => event.session },
        assign({ user: ({ event }) => event.session.user }),
      ],
    },
  },
  states: {
    restoring: {
      always: [{ guard: "hasStoredSession", target: "verifying" }, { target: "signedOut" }],
    },
    verifying: {
      invoke: {
        id: "fetchProfile",
        src: "fetchProfile",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "signedIn",
            actions: [
              { type: "storeUser", params: ({ event }) => event.output as User },
              assign({ user: ({ event }) => event.output }),
            ],
          },
          { target: "signedOut", actions: ["clearSession", assign({ user: null })] },
        ],
        onError: { target: "signedOut", actions: ["clearSession", assign({ user: null })] },
      },
    },
    signedOut: {},
    signedIn: {
      on: {
        SIGN_OUT: "signingOut",
        SESSION_EXPIRED: { target: "signedOut", actions: assign({ user: null }) },
        USER_UPDATED: {
          actions: [{ type: "storeUser", params: ({ event }) => event.user }, assign({ user: ({ event }) => event.user })],
        },
      },
    },
    signingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        onDone: { target: "signedOut", actions: ["clearSession", assign({ user: null }), "leaveToHome"] },
        onError: { target: "signedOut", actions: ["clearSession", assign({ user: null }), "leaveToHome"] },
      },
    },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export type AuthStatus = "checking" | "signedIn" | "signedOut";

/** The three answers route guards need. Signing out still counts as signed in until it is done. */
export function authStatusOf(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches("signedIn") || snapshot.matches("signingOut")) return "signedIn";
  if (snapshot.matches("signedOut")) return "signedOut";
  return "checking";
}

/**
 * The person the page shows: once signed in, and also while a stored session is being checked, so that a returning
 * person's header has its signed-in layout from the first paint instead of moving once the check is done.
 */
export function shownUserOf(snapshot: AuthSnapshot): User | null {
  return authStatusOf(snapshot) === "signedOut" ? null : snapshot.context.user;
}

/** The auth machine wired to its ports; the composition root and the path test both use this. */
export function provideAuthMachine(ports: { auth: AuthGateway; session: SessionStore; navigation: Navigation }) {
  return authMachine.provide({
    actors: {
      fetchProfile: fromPromise(() => ports.auth.fetchProfile()),
      logout: fromPromise(() => ports.auth.logout()),
    },
    actions: {
      storeSession: (_, session) => ports.session.save(session),
      storeUser: (_, user) => ports.session.saveUser(user),
      clearSession: () => ports.session.clear(),
      leaveToHome: () => ports.navigation.navigate("/"),
    },
  });
}
