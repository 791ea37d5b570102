import { assign, fromPromise, setup, type ActorRefFrom } from "xstate";
import { serverMessageOr } from "../errors";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { AccountDeletion, SettingsGateway } from "../ports/settings";
import { ACCOUNT_DELETION_MESSAGES } from "../messages";

export type AccountDeletionEvent = { type: "REQUEST" } | { type: "CANCEL" } | { type: "CONFIRM" };

/**
 * Delete Account: a confirmation first; confirming calls DELETE /account, then ends the session here and says what
 * the server did. A failure keeps the dialog open with the reason, to try again or cancel.
 */
export const accountDeletionMachine = setup({
  types: { context: {} as { error: string | null }, events: {} as AccountDeletionEvent },
  actors: {
    deleteAccount: fromPromise<AccountDeletion>(async () => {
      throw new Error("deleteAccount is provided at the composition root");
    }),
  },
  actions: {
    endSession: () => {},
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "accountDeletion",
  context: { error: null },
  initial: "idle",
  states: {
    idle: { entry: assign({ error: null }), on: { REQUEST: "confirming" } },
    confirming: { on: { CANCEL: "idle", CONFIRM: "deleting" } },
    deleting: {
      entry: assign({ error: null }),
      invoke: {
        id: "deleteAccount",
        src: "deleteAccount",
        onDone: {
          target: "deleted",
          actions: [
            "endSession",
            {
              type: "notify",
              params: ({ event }) => ({
                title: ACCOUNT_DELETION_MESSAGES.deletedTitle,
                description: event.output.message,
                variant: event.output.googleAccessRevoked ? "success" : "default",
              }),
            },
          ],
        },
        onError: {
          target: "failed",
          actions: assign({
            error: ({ event }) => serverMessageOr(event.error, ACCOUNT_DELETION_MESSAGES.failedFallback),
          }),
        },
      },
    },
    failed: { on: { CANCEL: "idle", CONFIRM: "deleting" } },
    deleted: { type: "final" },
  },
});

export type AccountDeletionActor = ActorRefFrom<typeof accountDeletionMachine>;

export function provideAccountDeletionMachine(ports: { gateway: SettingsGateway; notifier: Notifier; endSession: () => void }) {
  return accountDeletionMachine.provide({
    // Silent: the dialog shows why deleting failed.
    actors: { deleteAccount: fromPromise(() => ports.gateway.deleteAccount({ silent: true })) },
    actions: {
      endSession: () => ports.endSession(),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
