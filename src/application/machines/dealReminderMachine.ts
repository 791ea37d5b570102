import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { ShownDealFields } from "../ports/dealDetails";
import type { DealReminderGateway } from "../ports/dealReminders";
import type { Notifier, ToastRequest } from "../ports/notifications";
import { EMPTY_SAVE_QUEUE, optimisticSaveRegion, shownAfter, type QueuedChange, type SaveQueueContext, type ShownValue } from "./optimisticSaveRegion";

/** One press of the star: "Remind me", or pressed again, no reminder. */
export type ReminderChange = QueuedChange<boolean>;

export type DealReminderEvent = { type: "SET_REMINDER"; change: ReminderChange };

export const DEAL_REMINDER_TOASTS = {
  saveFailed: { title: "Could not save that reminder", description: "The star is back where it was. Please try again.", variant: "destructive" },
} satisfies Record<string, ToastRequest>;

/**
 * A person's "Remind me" stars: each press shows at once (on the card and in the detail dialog), then is saved
 * behind, as the statuses are (optimisticSaveRegion.ts).
 */
export const dealReminderMachine = setup({
  types: {
    context: {} as SaveQueueContext<ReminderChange>,
    events: {} as DealReminderEvent,
  },
  actors: {
    save: fromPromise<boolean, ReminderChange>(async () => {
      throw new Error("save is provided at the composition root");
    }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isChange: ({ event }) => event.change.from !== event.change.to,
  },
  actions: {
    /** The dashboard's cached deals follow, so the star stays right on the next visit: provided at the composition root. */
    showInLists: (_, _shown: ShownValue<boolean>) => {},
    remember: assign({ shown: ({ context }, { dealId, value }: ShownValue<boolean>) => ({ ...context.shown, [dealId]: value }) }),
    /** A press was refused: provided at the composition root (the toast). */
    notifySaveFailed: () => {},
    enqueue: assign({ queue: ({ context }, change: ReminderChange) => [...context.queue, change] }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
}).createMachine({
  id: "dealReminder",
  context: EMPTY_SAVE_QUEUE,
  on: {
    SET_REMINDER: {
      guard: "isChange",
      actions: [
        { type: "remember", params: ({ event }) => shownAfter(event.change) },
        { type: "showInLists", params: ({ event }) => shownAfter(event.change) },
        { type: "enqueue", params: ({ event }) => event.change },
      ],
    },
  },
  ...optimisticSaveRegion<ReminderChange>(),
});

export type DealReminderActor = ActorRefFrom<typeof dealReminderMachine>;
export type ProvidedDealReminderMachine = ReturnType<typeof provideDealReminderMachine>;

/** The stars pressed during this visit, by deal: they win over what the deals loaded with. */
export const selectShownReminders = (snapshot: SnapshotFrom<typeof dealReminderMachine>) => snapshot.context.shown;

export function provideDealReminderMachine(ports: { gateway: DealReminderGateway; shown: ShownDealFields; notifier: Notifier }) {
  return dealReminderMachine.provide({
    // Silent: the machine says itself that a star was not saved.
    actors: { save: fromPromise(({ input }) => ports.gateway.setReminder(input.dealId, input.to, { silent: true })) },
    actions: {
      showInLists: (_, { dealId, value }) => ports.shown.show(dealId, { remind: value }),
      notifySaveFailed: () => ports.notifier.notify(DEAL_REMINDER_TOASTS.saveFailed),
    },
  });
}
