import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import { sortSenders, type SenderSort } from "../../domain/senders";
import { serverMessageOr } from "../errors";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { Sender, SendersGateway } from "../ports/senders";

export const SENDERS_MESSAGES = {
  loadFailed: "Could not load your senders",
  unsubscribeFailed: "The sender could not be reached. Please try again later.",
  unsubscribedTitle: "Unsubscribed",
} as const;

export type SendersEvent =
  | { type: "RETRY" }
  | { type: "SORT"; sort: SenderSort }
  | { type: "UNSUBSCRIBE"; senderId: string }
  | { type: "CANCEL" }
  | { type: "CONFIRM" };

interface SendersContext {
  /** Null: every sender ("Your senders" in Settings); a brand's id: that brand's sender only (its page). */
  brandId: string | null;
  senders: Sender[];
  sort: SenderSort;
  /** The sender whose unsubscribe is asked about or under way. */
  pendingId: string | null;
  error: string | null;
}

/**
 * "Your senders" (Settings) and a brand page's sender card: the figures, sorting, and one-click unsubscribe, which
 * asks for a confirmation first (the server sends a request to the sender). A refused unsubscribe keeps the
 * confirmation open with the server's reason, to try again or cancel.
 */
export const sendersMachine = setup({
  types: {
    context: {} as SendersContext,
    events: {} as SendersEvent,
    input: {} as { brandId: string | null },
  },
  actors: {
    list: fromPromise<Sender[], { brandId: string | null }>(async () => {
      throw new Error("list is provided at the composition root");
    }),
    unsubscribe: fromPromise<Sender, { senderId: string }>(async () => {
      throw new Error("unsubscribe is provided at the composition root");
    }),
  },
  actions: {
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "senders",
  context: ({ input }) => ({ brandId: input.brandId, senders: [], sort: "saved", pendingId: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: "list",
        src: "list",
        input: ({ context }) => ({ brandId: context.brandId }),
        onDone: { target: "ready", actions: assign({ senders: ({ event }) => event.output }) },
        onError: { target: "loadFailed", actions: assign({ error: ({ event }) => serverMessageOr(event.error, SENDERS_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: { on: { RETRY: "loading" } },
    ready: {
      entry: assign({ pendingId: null, error: null }),
      on: {
        SORT: { actions: assign({ sort: ({ event }) => event.sort }) },
        UNSUBSCRIBE: {
          guard: ({ context, event }) => context.senders.some((sender) => sender.id === event.senderId && sender.unsubscribe?.kind === "one-click"),
          target: "confirming",
          actions: assign({ pendingId: ({ event }) => event.senderId }),
        },
      },
    },
    confirming: { on: { CANCEL: "ready", CONFIRM: "unsubscribing" } },
    unsubscribing: {
      entry: assign({ error: null }),
      invoke: {
        id: "unsubscribe",
        src: "unsubscribe",
        input: ({ context }) => ({ senderId: context.pendingId! }),
        onDone: {
          target: "ready",
          actions: [
            assign({ senders: ({ context, event }) => context.senders.map((sender) => (sender.id === event.output.id ? event.output : sender)) }),
            {
              type: "notify",
              params: ({ event }) => ({
                title: SENDERS_MESSAGES.unsubscribedTitle,
                description: `${event.output.name} was asked to stop sending you mail.`,
                variant: "success",
              }),
            },
          ],
        },
        onError: {
          target: "unsubscribeFailed",
          actions: assign({ error: ({ event }) => serverMessageOr(event.error, SENDERS_MESSAGES.unsubscribeFailed) }),
        },
      },
    },
    unsubscribeFailed: { on: { CANCEL: "ready", CONFIRM: "unsubscribing" } },
  },
});

export function provideSendersMachine(ports: { gateway: SendersGateway; notifier: Notifier }) {
  return sendersMachine.provide({
    actors: {
      list: fromPromise(async ({ input }) => (input.brandId === null ? ports.gateway.list() : [await ports.gateway.ofBrand(input.brandId)])),
      unsubscribe: fromPromise(({ input }) => ports.gateway.unsubscribe(input.senderId)),
    },
    actions: { notify: (_, toast) => ports.notifier.notify(toast) },
  });
}

/** The sender whose unsubscribe waits for a confirmation, with how that is going. */
export interface PendingUnsubscribe {
  sender: Sender;
  unsubscribing: boolean;
  error: string | null;
}

/** What the list or the card shows, from the machine's state. */
export type SendersView =
  | { kind: "loading" }
  | { kind: "failed"; error: string }
  | { kind: "ready"; senders: Sender[]; sort: SenderSort; confirming: PendingUnsubscribe | null };

export function sendersViewOf(snapshot: SnapshotFrom<typeof sendersMachine>): SendersView {
  const { senders, sort, pendingId, error } = snapshot.context;
  if (snapshot.matches("loading")) return { kind: "loading" };
  if (snapshot.matches("loadFailed")) return { kind: "failed", error: error ?? SENDERS_MESSAGES.loadFailed };
  const pending = pendingId === null ? undefined : senders.find((sender) => sender.id === pendingId);
  const confirming = pending ? { sender: pending, unsubscribing: snapshot.matches("unsubscribing"), error } : null;
  return { kind: "ready", senders: sortSenders(senders, sort), sort, confirming };
}
