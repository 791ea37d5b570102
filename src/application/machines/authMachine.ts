import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { User } from "../../domain/user";
import type { Session, SessionStore } from "../ports/session";
import type { AuthGateway, SignOutChoice } from "../ports/auth";
import type { Navigation } from "../ports/platform";
import { endsSession } from "../errors";

export interface AuthInput {
  /** The user stored with an access token, if any; it is verified before it is trusted. */
  storedUser: User | null;
}

export type AuthEvent =
  | { type: "SIGNED_IN"; session: Session }
  | { type: "SIGN_OUT" }
  | { type: "SESSION_EXPIRED" }
  | { type: "USER_UPDATED"; user: User }
  /** In the sign-out's question: also sign out the browser extension paired from this session, or keep it. */
  | { type: "CHOOSE_EXTENSION_SIGN_OUT"; signOut: boolean }
  | { type: "CONFIRM_SIGN_OUT" }
  | { type: "CANCEL_SIGN_OUT" };

/**
 * Who is signed in. A stored session is verified with a profile fetch; failure clears everything, unless no answer
 * came at all (offline), when the stored person is trusted on this device until the server is reached. Signing out calls
 * logout, then clears stored data whatever the server said. When a browser extension was paired from this session,
 * signing out first asks whether to sign it out too (yes unless the person says otherwise), since it would otherwise
 * go on reading their codes after they left.
 */
export const authMachine = setup({
  types: {
    context: {} as { user: User | null; signOutExtension: boolean },
    input: {} as AuthInput,
    events: {} as AuthEvent,
  },
  actors: {
    fetchProfile: fromPromise<User | null>(async () => {
      throw new Error("fetchProfile is provided at the composition root");
    }),
    checkExtension: fromPromise<boolean>(async () => {
      throw new Error("checkExtension is provided at the composition root");
    }),
    logout: fromPromise<void, SignOutChoice>(async () => {
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
  context: ({ input }) => ({ user: input.storedUser, signOutExtension: true }),
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
        // Unreachable, the stored person stays signed in on this device, so that their codes kept for offline
        // reading show (in a shop without signal); their next request that reaches the server checks the session.
        onError: [
          // No answer, a server fault or a rate limit says nothing of the session; only a refusal ends it.
          { guard: ({ event }) => !endsSession(event.error), target: "signedIn" },
          { target: "signedOut", actions: ["clearSession", assign({ user: null })] },
        ],
      },
    },
    signedOut: {},
    signedIn: {
      initial: "active",
      on: {
        SESSION_EXPIRED: { target: "signedOut", actions: assign({ user: null }) },
        USER_UPDATED: {
          actions: [{ type: "storeUser", params: ({ event }) => event.user }, assign({ user: ({ event }) => event.user })],
        },
      },
      states: {
        active: {
          on: { SIGN_OUT: "checkingExtension" },
        },
        checkingExtension: {
          invoke: {
            id: "checkExtension",
            src: "checkExtension",
            onDone: [
              { guard: ({ event }) => event.output, target: "confirming", actions: assign({ signOutExtension: true }) },
              { target: "#auth.signingOut", actions: assign({ signOutExtension: false }) },
            ],
            // Not knowing, sign out with the question's default: it ends only an extension paired from this session,
            // if there is one, and leaving one behind unasked is what signing out must not do.
            onError: { target: "#auth.signingOut", actions: assign({ signOutExtension: true }) },
          },
        },
        confirming: {
          on: {
            CHOOSE_EXTENSION_SIGN_OUT: { actions: assign({ signOutExtension: ({ event }) => event.signOut }) },
            CONFIRM_SIGN_OUT: "#auth.signingOut",
            CANCEL_SIGN_OUT: "active",
          },
        },
      },
    },
    signingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        input: ({ context }) => ({ signOutExtension: context.signOutExtension }),
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

/** The sign-out's question while it is asked: whether to sign out the extension paired from this session too. */
export interface SignOutQuestion {
  signOutExtension: boolean;
}

export function signOutQuestionOf(snapshot: AuthSnapshot): SignOutQuestion | null {
  return snapshot.matches({ signedIn: "confirming" }) ? { signOutExtension: snapshot.context.signOutExtension } : null;
}

/** The auth machine wired to its ports; the composition root and the path test both use this. */
export function provideAuthMachine(ports: { auth: AuthGateway; session: SessionStore; navigation: Navigation }) {
  return authMachine.provide({
    actors: {
      fetchProfile: fromPromise(() => ports.auth.fetchProfile()),
      checkExtension: fromPromise(() => ports.auth.extensionPairedHere()),
      logout: fromPromise(({ input }) => ports.auth.logout(input)),
    },
    actions: {
      storeSession: (_, session) => ports.session.save(session),
      storeUser: (_, user) => ports.session.saveUser(user),
      clearSession: () => ports.session.clear(),
      leaveToHome: () => ports.navigation.navigate("/"),
    },
  });
}
