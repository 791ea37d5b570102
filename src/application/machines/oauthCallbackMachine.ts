import { and, assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { User } from "../../domain/user";
import {
  OAUTH_MESSAGES,
  oauthErrorMessage,
  oauthSuccessMessage,
  readOAuthCallbackParams,
  type OAuthCallbackParams,
} from "../../domain/oauthCallback";
import type { Session, SessionStore } from "../ports/session";
import type { AuthGateway } from "../ports/auth";
import type { Navigation } from "../ports/platform";
import type { Notifier } from "../ports/notifications";
import { isRequestError, serverMessageOr } from "../errors";
import { GMAIL_CONNECTED_TITLE } from "../messages";

export const OAUTH_SUCCESS_REDIRECT_DELAY_MS = 1_000;
export const OAUTH_PROFILE_REDIRECT_DELAY_MS = 2_000;

export interface LoginRedirect {
  message: string;
}

export interface OAuthCallbackInput {
  params: OAuthCallbackParams;
  /** The state this browser kept when it started a Google flow, if it started one that is not finished. */
  oauthState: string | null;
  /** Whether this browser holds a session: a Gmail connection's profile is fetched with it. */
  hasSession: boolean;
}

/**
 * Every branch of the /oauth-callback page (docs/product.md, "OAuth callback"). The outcome is decided from the query parameters and
 * the stored OAuth state; sign-in completion and the profile fetch after a Gmail connection are the only calls.
 * A sign-in code is handed over only for a flow this browser started, with that flow's state, so a link from
 * someone else's flow signs no one in here; a failure leaves the current session as it was.
 */
export const oauthCallbackMachine = setup({
  types: {
    context: {} as OAuthCallbackInput & { message: string },
    input: {} as OAuthCallbackInput,
  },
  actors: {
    completeSignIn: fromPromise<Session, { tokens: string; state: string }>(async () => {
      throw new Error("completeSignIn is provided at the composition root");
    }),
    fetchProfile: fromPromise<User | null>(async () => {
      throw new Error("fetchProfile is provided at the composition root");
    }),
  },
  guards: {
    hasError: ({ context }) => context.params.error !== null,
    isGmailConnected: ({ context }) => context.params.success === "true" && context.params.action === "gmail_connected",
    lacksSession: ({ context }) => !context.hasSession,
    lacksTokens: ({ context }) => context.params.success === "true" && !context.params.tokens,
    lacksOAuthState: ({ context }) => context.params.success === "true" && context.oauthState === null,
    isSuccess: ({ context }) => context.params.success === "true",
    /** The sign-in call failed or the server refused it, as opposed to an exception of our own. */
    isRequestFailure: (_, error: unknown) => isRequestError(error),
  },
  actions: {
    forgetOAuthState: () => {},
    signIn: (_, _session: Session) => {},
    storeUser: (_, _user: User) => {},
    announceGmailConnected: () => {},
    goToDashboard: () => {},
    reloadDashboard: () => {},
    goToLogin: (_, _redirect: LoginRedirect) => {},
    clearCallbackAddress: () => {},
  },
}).createMachine({
  id: "oauthCallback",
  context: ({ input }) => ({ params: input.params, oauthState: input.oauthState, hasSession: input.hasSession, message: "" }),
  initial: "deciding",
  states: {
    deciding: {
      always: [
        {
          guard: "hasError",
          target: "failed",
          actions: assign({
            message: ({ context }) => oauthErrorMessage(context.params.error ?? "", context.params.message),
          }),
        },
        {
          // The profile is fetched with the stored session; without one it could only fail as ended (401).
          guard: and(["isGmailConnected", "lacksSession"]),
          target: "sessionExpired",
          actions: ["announceGmailConnected", assign({ message: OAUTH_MESSAGES.gmailConnected })],
        },
        { guard: "isGmailConnected", target: "gmailConnected" },
        { guard: "lacksTokens", target: "failed", actions: assign({ message: OAUTH_MESSAGES.noTokens }) },
        {
          guard: "lacksOAuthState",
          target: "failed",
          actions: assign({ message: () => oauthErrorMessage("invalid_state", null) }),
        },
        { guard: "isSuccess", target: "completing" },
        { target: "failed", actions: assign({ message: OAUTH_MESSAGES.noSuccessStatus }) },
      ],
    },
    completing: {
      // The state proves this browser started the flow once; the flow ends here whatever the answer.
      entry: "forgetOAuthState",
      invoke: {
        id: "completeSignIn",
        src: "completeSignIn",
        input: ({ context }) => ({ tokens: context.params.tokens ?? "", state: context.oauthState ?? "" }),
        onDone: {
          target: "signedIn",
          actions: [
            assign({ message: ({ context, event }) => oauthSuccessMessage(context.params.action, event.output.user) }),
            { type: "signIn", params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            // The call failed or was refused: what the server said, else "Failed to complete OAuth sign-in".
            guard: { type: "isRequestFailure", params: ({ event }: { event: { error: unknown } }) => event.error },
            target: "failed",
            actions: assign({ message: ({ event }) => serverMessageOr(event.error, OAUTH_MESSAGES.completionFailed) }),
          },
          { target: "failed", actions: assign({ message: OAUTH_MESSAGES.unexpected }) },
        ],
      },
    },
    signedIn: {
      after: { [OAUTH_SUCCESS_REDIRECT_DELAY_MS]: { target: "done", actions: "goToDashboard" } },
    },
    gmailConnected: {
      entry: ["announceGmailConnected", assign({ message: OAUTH_MESSAGES.gmailConnected })],
      invoke: {
        id: "fetchProfile",
        src: "fetchProfile",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "done",
            actions: [{ type: "storeUser", params: ({ event }) => event.output as User }, "reloadDashboard"],
          },
          { target: "noProfile" },
        ],
        onError: { target: "sessionExpired" },
      },
    },
    noProfile: {
      after: {
        [OAUTH_PROFILE_REDIRECT_DELAY_MS]: {
          target: "done",
          actions: { type: "goToLogin", params: { message: OAUTH_MESSAGES.loginToAccessSettings } },
        },
      },
    },
    sessionExpired: {
      after: {
        [OAUTH_PROFILE_REDIRECT_DELAY_MS]: {
          target: "done",
          actions: { type: "goToLogin", params: { message: OAUTH_MESSAGES.sessionExpired } },
        },
      },
    },
    failed: {
      type: "final",
      // A failed sign-in leaves the address with its spent code and its claim of success, which kept the header's
      // Login and Register hidden as for a person about to be signed in.
      entry: enqueueActions(({ check, enqueue }) => {
        if (check("isSuccess")) enqueue("clearCallbackAddress");
      }),
    },
    done: { type: "final" },
  },
});

export type OAuthCallbackActor = ActorRefFrom<typeof oauthCallbackMachine>;

export type OAuthCallbackStatus =
  | { kind: "loading" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

export function oauthCallbackStatusOf(snapshot: SnapshotFrom<typeof oauthCallbackMachine>): OAuthCallbackStatus {
  if (snapshot.matches("deciding") || snapshot.matches("completing")) return { kind: "loading" };
  if (snapshot.matches("failed")) return { kind: "error", message: snapshot.context.message };
  return { kind: "success", message: snapshot.context.message };
}

/** The callback machine wired to its ports. `signIn` hands the new session to the auth machine. */
export function provideOAuthCallbackMachine(ports: {
  auth: AuthGateway;
  session: SessionStore;
  navigation: Navigation;
  notifier: Notifier;
  signIn: (session: Session) => void;
}) {
  // The tokens code is single-use: a remounted page (React's StrictMode, a double render) must not spend it twice.
  const completions = new Map<string, Promise<Session>>();
  const completeOnce = (tokens: string, state: string) => {
    let completion = completions.get(tokens);
    if (!completion) {
      completion = ports.auth.completeSignIn(tokens, state);
      completions.set(tokens, completion);
    }
    return completion;
  };
  return oauthCallbackMachine.provide({
    actors: {
      completeSignIn: fromPromise(({ input }) => completeOnce(input.tokens, input.state)),
      fetchProfile: fromPromise(() => ports.auth.fetchProfile()),
    },
    actions: {
      forgetOAuthState: () => ports.session.forgetOAuthState(),
      signIn: (_, session) => ports.signIn(session),
      storeUser: (_, user) => ports.session.saveUser(user),
      announceGmailConnected: () =>
        ports.notifier.notify({ title: GMAIL_CONNECTED_TITLE, description: OAUTH_MESSAGES.gmailConnected, variant: "success" }),
      goToDashboard: () => ports.navigation.navigate(ports.session.takeReturnPath() ?? "/dashboard", { replace: true }),
      reloadDashboard: () => ports.navigation.assign("/dashboard"),
      goToLogin: (_, redirect) => ports.navigation.navigate("/login", { replace: true, state: redirect }),
      clearCallbackAddress: () => ports.navigation.navigate("/oauth-callback", { replace: true }),
    },
  });
}

/** The OAuth callback machine wired to its ports, and how a visit of /oauth-callback reads its input. */
export interface OAuthCallback {
  readonly logic: ReturnType<typeof provideOAuthCallbackMachine>;
  /** A visit's input: the query Google's round trip left, and the state this browser kept when it started a flow. */
  inputFor(search: string): OAuthCallbackInput;
}

/** The callback's machine with a visit's input read from the page's query and this browser's stored state. */
export function oauthCallback(logic: ReturnType<typeof provideOAuthCallbackMachine>, session: SessionStore): OAuthCallback {
  return {
    logic,
    inputFor: (search) => ({
      params: readOAuthCallbackParams(search),
      oauthState: session.oauthState(),
      hasSession: session.accessToken() !== null,
    }),
  };
}
