import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { DealStatus } from "../../domain/deal";
import type { Money } from "../../domain/money";
import type { DealDetailsGateway, ShownDealFields } from "../ports/dealDetails";
import type { Notifier, ToastRequest } from "../ports/notifications";
import { EMPTY_SAVE_QUEUE, optimisticSaveRegion, shownAfter, type SaveQueueContext, type ShownValue } from "./optimisticSaveRegion";

/** One press of "Used it" or "Didn't work" (or of the same button again, which clears it). */
export interface StatusChange {
  dealId: string;
  /** The deal's title, for the sentence that offers the undo. */
  title: string;
  from: DealStatus | null;
  to: DealStatus | null;
  /** With "used": what the mail says using it saves (dealPrice.ts's suggestedSaving), which the savings prompt offers. */
  suggestion?: Money | null;
  /** With "used": the saving the person recorded, saved with the status. */
  saved?: Money;
}

/** "How much did it save you?", asked after "Used it": the deal, and the figure the mail suggests (null when none). */
export interface SavingPrompt {
  dealId: string;
  title: string;
  suggestion: Money | null;
}

export type DealStatusEvent =
  | { type: "SET_STATUS"; change: StatusChange }
  | { type: "UNDO" }
  | { type: "DISMISS_UNDO" }
  /** The person's answer to the savings prompt: the amount they accepted or typed. */
  | { type: "RECORD_SAVING"; saving: Money }
  | { type: "SKIP_SAVING" };

/** How long the last change can be undone from the bar that reports it. */
export const UNDO_OFFER_MS = 8_000;

export const DEAL_STATUS_TOASTS = {
  saveFailed: { title: "Could not save that", description: "The deal is back where it was. Please try again.", variant: "destructive" },
} satisfies Record<string, ToastRequest>;

/** The sentence that reports a change, beside its Undo. */
export function statusChangeMessage(change: Pick<StatusChange, "title" | "to">): string {
  if (change.to === "used") return `Moved "${change.title}" to Used.`;
  if (change.to === "not_working") return `Marked "${change.title}" as not working.`;
  return `"${change.title}" is back in your active deals.`;
}

const reversed = (change: StatusChange): StatusChange => ({ ...change, from: change.to, to: change.from });

/**
 * A person's statuses of their deals (theirs alone): each change shows at once (the deal moves to its list), then is
 * saved behind, as the reminders are (optimisticSaveRegion.ts). The last change can be undone for a while, from the
 * bar that reports it.
 */
export const dealStatusMachine = setup({
  types: {
    context: {} as SaveQueueContext<StatusChange> & { lastChange: StatusChange | null; prompt: SavingPrompt | null },
    events: {} as DealStatusEvent,
  },
  actors: {
    save: fromPromise<DealStatus | null, StatusChange>(async () => {
      throw new Error("save is provided at the composition root");
    }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isChange: ({ event }) => event.type !== "SET_STATUS" || event.change.from !== event.change.to,
    canUndo: ({ context }) => context.lastChange !== null,
    marksUsed: ({ event }) => event.type === "SET_STATUS" && event.change.to === "used" && event.change.from !== "used",
    /** A change of the prompted deal away from "used" (a press of another button, or the undo) ends the question. */
    leavesPromptedUse: ({ context, event }) =>
      context.prompt !== null &&
      ((event.type === "SET_STATUS" && event.change.dealId === context.prompt.dealId && event.change.to !== "used") ||
        (event.type === "UNDO" && context.lastChange?.dealId === context.prompt.dealId)),
  },
  actions: {
    /** The cached lists follow: provided at the composition root. */
    showInLists: (_, _shown: ShownValue<DealStatus | null>) => {},
    remember: assign({ shown: ({ context }, { dealId, value }: ShownValue<DealStatus | null>) => ({ ...context.shown, [dealId]: value }) }),
    /** A change was refused: provided at the composition root (the toast). */
    notifySaveFailed: () => {},
    enqueue: assign({ queue: ({ context }, change: StatusChange) => [...context.queue, change] }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** The change the undo bar reports. */
    rememberChange: assign({ lastChange: ({ event }) => (event.type === "SET_STATUS" ? event.change : null) }),
    ask: assign({
      prompt: ({ event }) =>
        event.type === "SET_STATUS" ? { dealId: event.change.dealId, title: event.change.title, suggestion: event.change.suggestion ?? null } : null,
    }),
    closePrompt: assign({ prompt: null }),
  },
}).createMachine({
  id: "dealStatus",
  context: { ...EMPTY_SAVE_QUEUE, lastChange: null, prompt: null },
  type: "parallel",
  states: {
    saving: {
      on: {
        // A new change is shown at once and queued for saving.
        SET_STATUS: {
          guard: "isChange",
          actions: [
            { type: "remember", params: ({ event }) => shownAfter(event.change) },
            { type: "showInLists", params: ({ event }) => shownAfter(event.change) },
            { type: "enqueue", params: ({ event }) => event.change },
          ],
        },
      },
      ...optimisticSaveRegion<StatusChange>(),
    },
    // "How much did it save you?": optional, asked once per "Used it"; the answer is saved behind, after the status.
    savingPrompt: {
      initial: "closed",
      states: {
        closed: {
          entry: "closePrompt",
          on: { SET_STATUS: { guard: "marksUsed", target: "asking", actions: "ask" } },
        },
        asking: {
          on: {
            SET_STATUS: [
              { guard: "marksUsed", target: "asking", reenter: true, actions: "ask" },
              { guard: "leavesPromptedUse", target: "closed" },
            ],
            UNDO: { guard: "leavesPromptedUse", target: "closed" },
            RECORD_SAVING: {
              target: "closed",
              actions: {
                type: "enqueue",
                params: ({ context, event }) => ({ dealId: context.prompt!.dealId, title: context.prompt!.title, from: "used", to: "used", saved: event.saving }) as const,
              },
            },
            SKIP_SAVING: "closed",
          },
        },
      },
    },
    undo: {
      initial: "hidden",
      states: {
        hidden: {
          entry: assign({ lastChange: null }),
          on: { SET_STATUS: { guard: "isChange", target: "offered", actions: "rememberChange" } },
        },
        offered: {
          after: { [UNDO_OFFER_MS]: "hidden" },
          on: {
            // Re-entered (from here only, so the saving goes on), the newest change gets the whole time to be undone.
            SET_STATUS: { guard: "isChange", target: "offered", reenter: true, actions: "rememberChange" },
            UNDO: {
              guard: "canUndo",
              target: "hidden",
              actions: [
                { type: "remember", params: ({ context }) => ({ dealId: context.lastChange!.dealId, value: context.lastChange!.from }) },
                { type: "showInLists", params: ({ context }) => ({ dealId: context.lastChange!.dealId, value: context.lastChange!.from }) },
                { type: "enqueue", params: ({ context }) => reversed(context.lastChange!) },
              ],
            },
            DISMISS_UNDO: "hidden",
          },
        },
      },
    },
  },
});

export type DealStatusActor = ActorRefFrom<typeof dealStatusMachine>;
export type DealStatusSnapshot = SnapshotFrom<typeof dealStatusMachine>;
export type ProvidedDealStatusMachine = ReturnType<typeof provideDealStatusMachine>;

/** The change the undo bar reports, while it can still be undone. */
export const selectUndoableChange = (snapshot: DealStatusSnapshot): StatusChange | null =>
  snapshot.matches({ undo: "offered" }) ? snapshot.context.lastChange : null;

/** The savings question while it is asked, or null. */
export const selectSavingPrompt = (snapshot: DealStatusSnapshot): SavingPrompt | null =>
  snapshot.matches({ savingPrompt: "asking" }) ? snapshot.context.prompt : null;

/** The statuses changed during this visit, by deal: they win over what the deals loaded with. */
export const selectShownStatuses = (snapshot: DealStatusSnapshot) => snapshot.context.shown;

export function provideDealStatusMachine(ports: { gateway: DealDetailsGateway; shown: ShownDealFields; notifier: Notifier; dealsChanged?: () => void }) {
  return dealStatusMachine.provide({
    actors: {
      // Silent: the machine says itself that a change was not saved. A saved saving changes the totals, which the
      // dashboard then fetches again.
      save: fromPromise(async ({ input }) => {
        const status = await ports.gateway.setStatus(input.dealId, input.to, { silent: true }, input.saved);
        if (input.saved) ports.dealsChanged?.();
        return status;
      }),
    },
    actions: {
      showInLists: (_, { dealId, value }) => ports.shown.show(dealId, { status: value }),
      notifySaveFailed: () => ports.notifier.notify(DEAL_STATUS_TOASTS.saveFailed),
    },
  });
}
