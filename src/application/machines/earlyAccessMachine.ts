import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { EARLY_ACCESS_TOASTS, validateEarlyAccess, type EarlyAccessForm } from "../../domain/earlyAccess";
import { isRequestError, serverMessageOr } from "../errors";
import type { EarlyAccessGateway, EarlyAccessReply, EarlyAccessRequest } from "../ports/earlyAccess";
import type { Notifier, ToastRequest } from "../ports/notifications";
import { EARLY_ACCESS_REFUSED_TITLE } from "../messages";

/**
 * The beta early-access form (docs/product.md, "Early-access form"). Each outcome is its own state, so a path test reaches every
 * one; all of them accept another submission. `formKey` changes after a success so the view starts a fresh form.
 */
export const earlyAccessMachine = setup({
  types: {
    context: {} as { formKey: number },
    events: {} as { type: "SUBMIT"; form: EarlyAccessForm },
  },
  actors: {
    submit: fromPromise<EarlyAccessReply, EarlyAccessRequest>(async () => {
      throw new Error("submit is provided at the composition root");
    }),
  },
  guards: {
    isComplete: ({ event }) => validateEarlyAccess(event.form) !== null,
    wasAccepted: (_, output: EarlyAccessReply) => output.success,
    isBadRequest: (_, error: unknown) => isRequestError(error) && error.status === 400,
  },
  actions: {
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "earlyAccess",
  context: { formKey: 0 },
  initial: "idle",
  on: {
    SUBMIT: [
      {
        guard: "isComplete",
        target: ".submitting",
      },
      {
        target: ".invalid",
        actions: { type: "notify", params: { ...EARLY_ACCESS_TOASTS.validation, variant: "destructive" } },
      },
    ],
  },
  states: {
    idle: {},
    invalid: {},
    submitting: {
      on: { SUBMIT: {} },
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ event }) => validateEarlyAccess((event as { form: EarlyAccessForm }).form)!,
        onDone: [
          {
            guard: { type: "wasAccepted", params: ({ event }) => event.output },
            target: "succeeded",
            actions: [
              assign({ formKey: ({ context }) => context.formKey + 1 }),
              { type: "notify", params: { ...EARLY_ACCESS_TOASTS.success, variant: "success" } },
            ],
          },
          {
            target: "refused",
            actions: {
              type: "notify",
              params: ({ event }) => ({
                title: EARLY_ACCESS_REFUSED_TITLE,
                description: event.output.message || EARLY_ACCESS_TOASTS.refusedFallback,
                variant: "destructive",
              }),
            },
          },
        ],
        onError: [
          {
            guard: { type: "isBadRequest", params: ({ event }: { event: { error: unknown } }) => event.error },
            target: "refused",
            actions: {
              type: "notify",
              params: ({ event }) => ({
                title: EARLY_ACCESS_REFUSED_TITLE,
                description: serverMessageOr(event.error, EARLY_ACCESS_TOASTS.invalidFallback),
                variant: "destructive",
              }),
            },
          },
          {
            target: "failed",
            actions: { type: "notify", params: { ...EARLY_ACCESS_TOASTS.network, variant: "destructive" } },
          },
        ],
      },
    },
    succeeded: {},
    refused: {},
    failed: {},
  },
});

export type EarlyAccessActor = ActorRefFrom<typeof earlyAccessMachine>;

export function provideEarlyAccessMachine(ports: { gateway: EarlyAccessGateway; notifier: Notifier }) {
  return earlyAccessMachine.provide({
    actors: { submit: fromPromise(({ input }) => ports.gateway.submit(input)) },
    actions: { notify: (_, toast) => ports.notifier.notify(toast) },
  });
}

export function isSubmitting(snapshot: SnapshotFrom<typeof earlyAccessMachine>): boolean {
  return snapshot.matches("submitting");
}
