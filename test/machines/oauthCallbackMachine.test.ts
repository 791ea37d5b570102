import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import {
  oauthCallbackMachine,
  oauthCallbackStatusOf,
  provideOAuthCallbackMachine,
} from "../../src/application/machines/oauthCallbackMachine";
import type { OAuthCallbackParams } from "../../src/domain/oauthCallback";
import { RefusedRequest, RequestError, isRequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingNavigation, alice, aliceSession } from "./fakePorts";
import { done, drivePath, failed, simplePathsOf } from "./pathDriver";

const none: OAuthCallbackParams = { error: null, message: null, success: null, action: null, tokens: null };

const events: EventObject[] = [
  done("completeSignIn", aliceSession),
  failed("completeSignIn", new RefusedRequest(400, "code_spent", "Sign-in code expired")),
  failed("completeSignIn", new RefusedRequest(400, "started_elsewhere", "This sign-in was not started in this browser. Please sign in again here.")),
  failed("completeSignIn", new RefusedRequest(200, "signin_refused", "")),
  failed("completeSignIn", new RequestError(null, "network_error", "Network error occurred")),
  failed("completeSignIn", new RequestError(500, "internal_error", "Something went wrong on our side. Please try again.", "Something went wrong on our side. Please try again.")),
  failed("completeSignIn"),
  done("fetchProfile", alice),
  done("fetchProfile", null),
  failed("fetchProfile"),
  { type: "xstate.after.1000.oauthCallback.signedIn" },
  { type: "xstate.after.2000.oauthCallback.noProfile" },
  { type: "xstate.after.2000.oauthCallback.sessionExpired" },
];

interface Scenario {
  name: string;
  params: Partial<OAuthCallbackParams>;
  /** The state this browser stored when it started a flow; "state-1" unless told. */
  oauthState?: string | null;
  /** Whether a session is stored; true unless told. */
  hasSession?: boolean;
  /** The view at the end of each path, keyed by the final state value. */
  finalViews: Record<string, ReturnType<typeof oauthCallbackStatusOf>>;
}

const welcomeBack = { kind: "success", message: "Welcome back Alice!" } as const;
const gmailConnected = { kind: "success", message: "Your Gmail account has been successfully connected!" } as const;

const scenarios: Scenario[] = [
  ...(
    [
      ["invalid_state", null, "Invalid authentication state. Please try signing in again."],
      ["authorization_failed", null, "Google authorization failed. Please try again."],
      ["user_not_found", "ignored", "User not found. Please try signing up instead."],
      ["already_linked", null, "This account is already linked to Google."],
      ["email_mismatch", null, "Google account email must match your account email."],
      ["google_account_in_use", null, "This Google account is already linked to another user."],
      ["linking_failed", null, "Failed to link Google account. Please try again."],
      ["signin_failed", null, "Google sign-in failed. Please try again."],
      ["oauth_error", "access_denied by user", "access_denied by user"],
      ["oauth_error", null, "OAuth error occurred. Please try again."],
      ["something_new", "The server said no", "The server said no"],
      ["something_new", null, "An error occurred during OAuth. Please try again."],
    ] as const
  ).map(([error, message, shown]) => ({
    name: `error=${error} message=${message}`,
    params: { error, message },
    finalViews: { '"failed"': { kind: "error", message: shown } } as Scenario["finalViews"],
  })),
  {
    name: "gmail connected",
    params: { success: "true", action: "gmail_connected" },
    finalViews: { '"gmailConnected"': gmailConnected, '"noProfile"': gmailConnected, '"sessionExpired"': gmailConnected, '"done"': gmailConnected },
  },
  {
    // The session ended before Google came back: the profile cannot be fetched (docs/product.md, "OAuth callback").
    name: "gmail connected without a session",
    params: { success: "true", action: "gmail_connected" },
    hasSession: false,
    finalViews: { '"sessionExpired"': gmailConnected, '"done"': gmailConnected },
  },
  {
    name: "sign-in without tokens",
    params: { success: "true", action: "signin" },
    finalViews: { '"failed"': { kind: "error", message: "No token data received from OAuth callback" } },
  },
  { name: "sign-in", params: { success: "true", action: "signin", tokens: "code-1" }, finalViews: { '"signedIn"': welcomeBack, '"done"': welcomeBack } },
  ...(["signin", "signup", "linking"] as const).map((action) => ({
    // A link from someone else's flow: no request is made, and the session stays as it was.
    name: `${action} link from a flow this browser did not start`,
    params: { success: "true", action, tokens: "code-1" },
    oauthState: null,
    finalViews: { '"failed"': { kind: "error", message: "Invalid authentication state. Please try signing in again." } } as Scenario["finalViews"],
  })),
  {
    name: "sign-up",
    params: { success: "true", action: "signup", tokens: "code-1" },
    finalViews: {
      '"signedIn"': { kind: "success", message: "Welcome Alice! Your account has been created with Google." },
      '"done"': { kind: "success", message: "Welcome Alice! Your account has been created with Google." },
    },
  },
  {
    name: "linking",
    params: { success: "true", action: "linking", tokens: "code-1" },
    finalViews: {
      '"signedIn"': { kind: "success", message: "Your Google account has been successfully linked!" },
      '"done"': { kind: "success", message: "Your Google account has been successfully linked!" },
    },
  },
  {
    name: "success not true",
    params: { success: "false", action: "signin", tokens: "code-1" },
    finalViews: { '"failed"': { kind: "error", message: "OAuth callback completed but no success status received" } },
  },
  {
    name: "no parameters",
    params: {},
    finalViews: { '"failed"': { kind: "error", message: "OAuth callback completed but no success status received" } },
  },
];

const effectsOf = (scenario: Scenario) => (from: string, event: EventObject, to: string): string[] => {
  // A failure after Google's answer claimed success takes the spent code and the claim out of the address.
  const clearsAddress = to === '"failed"' && scenario.params.success === "true" ? ["navigate /oauth-callback"] : [];
  return [...stepEffects(from, event, to), ...clearsAddress];
};

function stepEffects(from: string, event: EventObject, to: string): string[] {
  if (event.type === "xstate.init") {
    if (to === '"completing"') return ["call completeSignIn code-1 state-1", "forget oauth state"];
    if (to === '"gmailConnected"') return ["call fetchProfile", "toast Gmail Connected"];
    if (to === '"sessionExpired"') return ["toast Gmail Connected"];
    return [];
  }
  if (event.type === "xstate.done.actor.completeSignIn") return to === '"signedIn"' ? ["signed in alice@example.com"] : [];
  if (event.type === "xstate.error.actor.completeSignIn") return [];
  if (event.type === "xstate.done.actor.fetchProfile") {
    return to === '"done"' ? ["save user alice@example.com", "assign /dashboard"] : [];
  }
  if (event.type === "xstate.error.actor.fetchProfile") return [];
  if (from === '"signedIn"') return ["navigate /dashboard"];
  if (from === '"noProfile"') return ['navigate /login {"message":"Please log in to access your settings"}'];
  if (from === '"sessionExpired"') return ['navigate /login {"message":"Session expired. Please log in again."}'];
  throw new Error(`Unexpected step ${event.type} from ${from}`);
}

const STARTED_ELSEWHERE = "This sign-in was not started in this browser. Please sign in again here.";

const completionFailures: Record<string, string> = {
  "Sign-in code expired": "Sign-in code expired",
  [STARTED_ELSEWHERE]: STARTED_ELSEWHERE,
  "Something went wrong on our side. Please try again.": "Something went wrong on our side. Please try again.",
};

describe.each(scenarios)("oauth callback machine, $name: every simple path", (scenario) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const input = {
    params: { ...none, ...scenario.params },
    oauthState: scenario.oauthState === undefined ? "state-1" : scenario.oauthState,
    hasSession: scenario.hasSession ?? true,
  };
  const paths = simplePathsOf(oauthCallbackMachine, events, input);

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const gateway = new ControlledAuthGateway(log);
      const session = new MemorySessionStore(log);
      session.storedOAuthState = input.oauthState;
      const logic = provideOAuthCallbackMachine({
        auth: gateway,
        session,
        navigation: new RecordingNavigation(log, "/oauth-callback"),
        notifier: { notify: (toast) => log.record(`toast ${toast.title}`) },
        signIn: (signedIn) => log.record(`signed in ${signedIn.user.email}`),
      });
      await drivePath(
        {
          logic,
          input,
          gateway,
          log,
          gatewayCallOf: { completeSignIn: "completeSignIn", fetchProfile: "fetchProfile" },
          expectedEffects: effectsOf(scenario),
          assertStep: (snapshot, event) => {
            const view = oauthCallbackStatusOf(snapshot as never);
            const value = JSON.stringify(snapshot.value);
            if (value === '"deciding"' || value === '"completing"') expect(view).toEqual({ kind: "loading" });
            else if (value === '"failed"' && isRequestError((event as unknown as { error: unknown }).error)) {
              const error = (event as unknown as { error: RequestError }).error.serverMessage ?? "";
              expect(view).toEqual({ kind: "error", message: completionFailures[error] ?? "Failed to complete OAuth sign-in" });
            } else if (value === '"failed"' && event.type === "xstate.error.actor.completeSignIn") {
              expect(view).toEqual({ kind: "error", message: "An unexpected error occurred during OAuth completion" });
            } else expect(view).toEqual(scenario.finalViews[value]);
          },
        },
        path,
      );
    },
  );

  it("has at least one path", () => expect(paths.length).toBeGreaterThan(0));
});
