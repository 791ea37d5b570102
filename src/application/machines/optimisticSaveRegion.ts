/**
 * "Show now, save behind", for a person's own marks on their deals (a status, a reminder star): each change is shown
 * at once, then saved, one at a time in the order made; a change the server refuses is shown undone, with a toast.
 *
 * A machine runs `optimisticSaveRegion` as one of its states (or regions), with `SaveQueueContext` in its context, and
 * declares what the region names: the `save` actor (input: the change at the head of the queue), the `hasQueued`
 * guard, and the actions `remember` and `showInLists` (params `{ dealId, value }`: the value in its context's
 * `shown`, and in the cached lists through the `ShownDealFields` port), `dequeue`, and `notifySaveFailed`. The
 * machine's own events show and enqueue changes. Its config does not compile when one is missing.
 */

/** One change of one deal's own field, from what was shown to what is wanted. */
export interface QueuedChange<V> {
  dealId: string;
  from: V;
  to: V;
}

export interface SaveQueueContext<C extends QueuedChange<unknown>> {
  /** Changes shown and not yet saved, oldest first; the head is being saved. */
  queue: readonly C[];
  /** What this visit's changes show, by deal: it wins over what the deals were loaded with. */
  shown: Readonly<Record<string, C["to"]>>;
}

/** The context a machine starts its queue with. */
export const EMPTY_SAVE_QUEUE = { queue: [], shown: {} } as const;

/** What a `show` action is given. */
export interface ShownValue<V> {
  dealId: string;
  value: V;
}

/** The change being saved: the head of the queue. */
const head = <C>({ context }: { context: { queue: readonly C[] } }): C => context.queue[0]!;

/** The region (see above), for changes of type C. */
export function optimisticSaveRegion<C extends QueuedChange<unknown>>() {
  return {
    initial: "idle",
    states: {
      idle: { always: { guard: "hasQueued", target: "saving" } },
      saving: {
        invoke: {
          id: "save",
          src: "save",
          input: head<C>,
          onDone: { target: "idle", actions: "dequeue" },
          onError: {
            target: "idle",
            // Refused: shown as it was, here and in the lists, and said.
            actions: [
              { type: "remember", params: (args: { context: { queue: readonly C[] } }) => shownBefore(head<C>(args)) },
              { type: "showInLists", params: (args: { context: { queue: readonly C[] } }) => shownBefore(head<C>(args)) },
              "notifySaveFailed",
              "dequeue",
            ],
          },
        },
      },
    },
  } as const;
}

const shownBefore = <C extends QueuedChange<unknown>>(change: C): ShownValue<C["from"]> => ({ dealId: change.dealId, value: change.from });

/** What a change shows once made. */
export const shownAfter = <C extends QueuedChange<unknown>>(change: C): ShownValue<C["to"]> => ({ dealId: change.dealId, value: change.to });
