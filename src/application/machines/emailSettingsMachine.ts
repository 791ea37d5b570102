import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { serverMessageOr } from "../errors";
import type { EmailPreferences, EmailPreferencesChange, EmailSettingsGateway } from "../ports/emailSettings";
import type { Notifier, ToastRequest } from "../ports/notifications";

export const EMAIL_SETTINGS_MESSAGES = {
  loadFailed: "Could not load your email settings",
  testFailed: "The test report could not be sent. Please try again.",
} as const;

export const EMAIL_SETTINGS_TOASTS = {
  saveFailed: { title: "Could not save your email settings", description: "Your last change was undone. Please try again.", variant: "destructive" },
} satisfies Record<string, ToastRequest>;

export type EmailSettingsEvent = { type: "RETRY" } | { type: "CHANGE"; change: EmailPreferencesChange } | { type: "SEND_TEST" };

interface EmailSettingsContext {
  /** What the server last said it holds. */
  saved: EmailPreferences | null;
  /** What the card shows: the saved preferences with the changes not yet saved on top. */
  shown: EmailPreferences | null;
  /** Changes not yet sent: those made while a save was on its way go out together after it. */
  pending: EmailPreferencesChange;
  /** The changes of the save on its way. */
  outgoing: EmailPreferencesChange;
  loadError: string | null;
  testMessage: string | null;
  testError: string | null;
}

const hasChanges = (change: EmailPreferencesChange) => Object.keys(change).length > 0;
const withChanges = (preferences: EmailPreferences | null, change: EmailPreferencesChange) => (preferences ? { ...preferences, ...change } : null);

/**
 * Settings' "Emails" card: the weekly report's and the reminders' switches, the report's day, hour and time zone, and
 * a test report. Each change shows at once and is saved at once, like the brand switches; changes made during a save
 * go out together after it. A refused save is shown undone, with a toast. The test report runs beside the saving.
 */
export const emailSettingsMachine = setup({
  types: {
    context: {} as EmailSettingsContext,
    events: {} as EmailSettingsEvent,
  },
  actors: {
    load: fromPromise<EmailPreferences>(async () => {
      throw new Error("load is provided at the composition root");
    }),
    save: fromPromise<EmailPreferences, EmailPreferencesChange>(async () => {
      throw new Error("save is provided at the composition root");
    }),
    sendTest: fromPromise<string>(async () => {
      throw new Error("sendTest is provided at the composition root");
    }),
  },
  guards: {
    hasPendingChanges: ({ context }) => hasChanges(context.pending),
  },
  actions: {
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "emailSettings",
  context: { saved: null, shown: null, pending: {}, outgoing: {}, loadError: null, testMessage: null, testError: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: assign({ saved: ({ event }) => event.output, shown: ({ event }) => event.output, loadError: null }) },
        onError: { target: "loadFailed", actions: assign({ loadError: ({ event }) => serverMessageOr(event.error, EMAIL_SETTINGS_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: { on: { RETRY: "loading" } },
    ready: {
      type: "parallel",
      on: {
        CHANGE: {
          actions: assign({
            shown: ({ context, event }) => withChanges(context.shown, event.change),
            pending: ({ context, event }) => ({ ...context.pending, ...event.change }),
          }),
        },
      },
      states: {
        saving: {
          initial: "idle",
          states: {
            idle: {
              always: {
                guard: "hasPendingChanges",
                target: "saving",
                // What is sent is no longer pending; what is changed from now on waits for the next save.
                actions: assign({ outgoing: ({ context }) => context.pending, pending: {} }),
              },
            },
            saving: {
              invoke: {
                id: "save",
                src: "save",
                input: ({ context }) => context.outgoing,
                onDone: {
                  target: "idle",
                  actions: assign({
                    saved: ({ event }) => event.output,
                    // The server's answer wins, except for what was changed while it was on its way.
                    shown: ({ context, event }) => withChanges(event.output, context.pending),
                  }),
                },
                onError: {
                  target: "idle",
                  actions: [
                    assign({ shown: ({ context }) => withChanges(context.saved, context.pending) }),
                    { type: "notify", params: EMAIL_SETTINGS_TOASTS.saveFailed },
                  ],
                },
              },
            },
          },
        },
        testReport: {
          initial: "idle",
          states: {
            idle: { on: { SEND_TEST: "sending" } },
            sending: {
              entry: assign({ testMessage: null, testError: null }),
              invoke: {
                id: "sendTest",
                src: "sendTest",
                onDone: { target: "sent", actions: assign({ testMessage: ({ event }) => event.output }) },
                onError: { target: "failed", actions: assign({ testError: ({ event }) => serverMessageOr(event.error, EMAIL_SETTINGS_MESSAGES.testFailed) }) },
              },
            },
            sent: { on: { SEND_TEST: "sending" } },
            failed: { on: { SEND_TEST: "sending" } },
          },
        },
      },
    },
  },
});

export function provideEmailSettingsMachine(ports: { gateway: EmailSettingsGateway; notifier: Notifier }) {
  // Silent: the card says itself what failed.
  return emailSettingsMachine.provide({
    actors: {
      load: fromPromise(() => ports.gateway.preferences({ silent: true })),
      save: fromPromise(({ input }) => ports.gateway.update(input, { silent: true })),
      sendTest: fromPromise(() => ports.gateway.sendTestReport({ silent: true })),
    },
    actions: { notify: (_, toast) => ports.notifier.notify(toast) },
  });
}

/** Where the test report is: not asked, on its way, sent (the server's sentence), or failed (why). */
export type TestReportPhase = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "failed"; error: string };

/** What the card shows, from the machine's state. */
export type EmailSettingsView =
  | { kind: "loading" }
  | { kind: "failed"; error: string }
  | { kind: "ready"; preferences: EmailPreferences; saving: boolean; testReport: TestReportPhase };

function testReportPhaseOf(snapshot: SnapshotFrom<typeof emailSettingsMachine>): TestReportPhase {
  const { testMessage, testError } = snapshot.context;
  if (snapshot.matches({ ready: { testReport: "sending" } })) return { kind: "sending" };
  if (snapshot.matches({ ready: { testReport: "sent" } })) return { kind: "sent", message: testMessage ?? "" };
  if (snapshot.matches({ ready: { testReport: "failed" } })) return { kind: "failed", error: testError ?? EMAIL_SETTINGS_MESSAGES.testFailed };
  return { kind: "idle" };
}

export function emailSettingsViewOf(snapshot: SnapshotFrom<typeof emailSettingsMachine>): EmailSettingsView {
  const { shown, loadError } = snapshot.context;
  if (snapshot.matches("loadFailed")) return { kind: "failed", error: loadError ?? EMAIL_SETTINGS_MESSAGES.loadFailed };
  if (!snapshot.matches("ready") || !shown) return { kind: "loading" };
  return { kind: "ready", preferences: shown, saving: snapshot.matches({ ready: { saving: "saving" } }), testReport: testReportPhaseOf(snapshot) };
}
