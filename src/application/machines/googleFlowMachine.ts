import { fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { AuthGateway, GoogleAuthStart, GoogleFlow } from "../ports/auth";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { Navigation } from "../ports/platform";
import type { SessionStore } from "../ports/session";
import { GOOGLE_FLOW_FAILED_TITLE, GOOGLE_FLOW_FAILURES } from "../messages";

export interface GoogleFlowInput {
  flow: GoogleFlow;
  /** Where to go after Google's round trip, when it is not the dashboard (a guest turned away from a page). */
  returnPath: string | null;
}

/**
 * Whether a flow first shows what Deal Finder reads and keeps, before Google's own consent page (docs/product.md,
 * "Login and Register"). Sign-up with Gmail is where a person first grants Gmail access: everyone passes it, so a later
 * "Connect Gmail" goes straight to Google.
 */
export function explainsBeforeGoogle(flow: GoogleFlow): boolean {
  return flow === "gmail-signup";
}

/**
 * A "Continue with Google" or "Connect Gmail" button: START asks the server for Google's consent URL, keeps the
 * flow's state (and where to return), and leaves for Google. A sign-up with Gmail first explains what is read and
 * kept: CONTINUE goes on to Google, BACK returns to the button. If the server cannot start it, a toast says so
 * (docs/product.md, "Sign-in and the Google round trip") and the button can be pressed again. Login, register,
 * settings and the dashboard run one each.
 */
export const googleFlowMachine = setup({
  types: {
    context: {} as GoogleFlowInput,
    input: {} as GoogleFlowInput,
    events: {} as { type: "START" } | { type: "CONTINUE" } | { type: "BACK" },
  },
  actors: {
    startGoogleFlow: fromPromise<GoogleAuthStart, GoogleFlow>(async () => {
      throw new Error("startGoogleFlow is provided at the composition root");
    }),
  },
  guards: {
    explainsFirst: ({ context }) => explainsBeforeGoogle(context.flow),
  },
  actions: {
    keepFlowState: (_, _kept: { state: string; returnPath: string | null }) => {},
    leaveForGoogle: (_, _authUrl: string) => {},
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "googleFlow",
  context: ({ input }) => input,
  initial: "idle",
  states: {
    idle: { on: { START: [{ guard: "explainsFirst", target: "explaining" }, { target: "starting" }] } },
    /** What is read and kept, and that Google's wording covers more, shown before Google's consent page. */
    explaining: { on: { CONTINUE: "starting", BACK: "idle" } },
    starting: {
      invoke: {
        id: "startGoogleFlow",
        src: "startGoogleFlow",
        input: ({ context }) => context.flow,
        onDone: {
          target: "redirecting",
          actions: [
            { type: "keepFlowState", params: ({ context, event }) => ({ state: event.output.state, returnPath: context.returnPath }) },
            { type: "leaveForGoogle", params: ({ event }) => event.output.authUrl },
          ],
        },
        onError: {
          target: "failed",
          actions: {
            type: "notify",
            params: ({ context }) => ({
              title: GOOGLE_FLOW_FAILED_TITLE,
              description: GOOGLE_FLOW_FAILURES[context.flow],
              variant: "destructive",
            }),
          },
        },
      },
    },
    /** The browser is on its way to Google; nothing more happens on this page. */
    redirecting: {},
    failed: { on: { START: "starting" } },
  },
});

export type ProvidedGoogleFlowMachine = ReturnType<typeof provideGoogleFlowMachine>;
export type GoogleFlowActor = ActorRefFrom<typeof googleFlowMachine>;

/** What the button shows: busy from the press until the browser leaves (a failure makes it pressable again). */
export function isGoogleFlowBusy(snapshot: SnapshotFrom<typeof googleFlowMachine>): boolean {
  return snapshot.matches("starting") || snapshot.matches("redirecting");
}

/** Whether the flow shows what is read and kept, waiting for the person to go on to Google or back. */
export function isExplainingGoogleFlow(snapshot: SnapshotFrom<typeof googleFlowMachine>): boolean {
  return snapshot.matches("explaining");
}

export interface GoogleFlowPorts {
  auth: AuthGateway;
  session: SessionStore;
  navigation: Navigation;
  notifier: Notifier;
}

export function provideGoogleFlowMachine(ports: GoogleFlowPorts) {
  return googleFlowMachine.provide({
    actors: { startGoogleFlow: fromPromise(({ input }) => ports.auth.startGoogleFlow(input)) },
    actions: {
      keepFlowState: (_, kept) => {
        ports.session.saveOAuthState(kept.state);
        if (kept.returnPath) ports.session.saveReturnPath(kept.returnPath);
      },
      leaveForGoogle: (_, authUrl) => ports.navigation.assign(authUrl),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
