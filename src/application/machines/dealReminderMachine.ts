import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { DealReminderGateway, ShownDealReminders } from "../ports/dealReminders";
import type { Notifier, ToastRequest } from "../ports/notifications";

/** One press of the star: "Remind me", or pressed again, no reminder. */
export interface ReminderChange {
  dealId: string;
  from: boolean;
  to: boolean;
}

export type DealReminderEvent = { type: "SET_REMINDER"; change: ReminderChange };

export const DEAL_REMINDER_TOASTS = {
  saveFailed: { title: "Could not save that reminder", description: "The star is back where it was. Please try again.", variant: "destructive" },
} satisfies Record<string, ToastRequest>;

/**
 * A person's "Remind me" stars: each press shows at once (on the card and in the detail dialog), then is saved, one
 * at a time in the order made; a press the server refuses is shown undone, with a toast.
 */
export const dealReminderMachine = setup({
  types: {
    context: {} as { queue: readonly ReminderChange[]; shown: Readonly<Record<string, boolean>> },
    events: {} as DealReminderEvent,
  },
  actors: {
    saveReminder: fromPromise<boolean, ReminderChange>(async () => {
      throw new Error("saveReminder is provided at the composition root");
    }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isChange: ({ event }) => event.change.from !== event.change.to,
  },
  actions: {
    /** The dashboard's cached deals follow, so the star stays right on the next visit. */
    showInLists: (_, _shown: { dealId: string; remind: boolean }) => {},
    show: assign({ shown: ({ context }, { dealId, remind }: { dealId: string; remind: boolean }) => ({ ...context.shown, [dealId]: remind }) }),
    notify: (_, _toast: ToastRequest) => {},
    enqueue: assign({ queue: ({ context }, change: ReminderChange) => [...context.queue, change] }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
}).createMachine({
  id: "dealReminder",
  context: { queue: [], shown: {} },
  on: {
    SET_REMINDER: {
      guard: "isChange",
      actions: [
        { type: "show", params: ({ event }) => ({ dealId: event.change.dealId, remind: event.change.to }) },
        { type: "showInLists", params: ({ event }) => ({ dealId: event.change.dealId, remind: event.change.to }) },
        { type: "enqueue", params: ({ event }) => event.change },
      ],
    },
  },
  initial: "idle",
  states: {
    idle: { always: { guard: "hasQueued", target: "saving" } },
    saving: {
      invoke: {
        id: "saveReminder",
        src: "saveReminder",
        input: ({ context }) => context.queue[0]!,
        onDone: { target: "idle", actions: "dequeue" },
        onError: {
          target: "idle",
          actions: [
            { type: "show", params: ({ context }) => ({ dealId: context.queue[0]!.dealId, remind: context.queue[0]!.from }) },
            { type: "showInLists", params: ({ context }) => ({ dealId: context.queue[0]!.dealId, remind: context.queue[0]!.from }) },
            { type: "notify", params: DEAL_REMINDER_TOASTS.saveFailed },
            "dequeue",
          ],
        },
      },
    },
  },
});

export type DealReminderActor = ActorRefFrom<typeof dealReminderMachine>;
export type ProvidedDealReminderMachine = ReturnType<typeof provideDealReminderMachine>;

/** The stars pressed during this visit, by deal: they win over what the deals loaded with. */
export const selectShownReminders = (snapshot: SnapshotFrom<typeof dealReminderMachine>) => snapshot.context.shown;

export function provideDealReminderMachine(ports: { gateway: DealReminderGateway; shown: ShownDealReminders; notifier: Notifier }) {
  return dealReminderMachine.provide({
    // Silent: the machine says itself that a star was not saved.
    actors: { saveReminder: fromPromise(({ input }) => ports.gateway.setReminder(input.dealId, input.to, { silent: true })) },
    actions: {
      showInLists: (_, { dealId, remind }) => ports.shown.show(dealId, remind),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
