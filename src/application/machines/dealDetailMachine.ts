import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { DealDetail } from "../../domain/dealDetail";
import type { DealDetailsGateway } from "../ports/dealDetails";
import { isRequestError } from "../errors";

export type DealDetailEvent = { type: "OPEN"; dealId: string } | { type: "CLOSE" } | { type: "RETRY" };

/**
 * A deal's detail (where it came from): closed, or open on one deal while its detail loads, once shown, or after
 * the load failed (the dialog then offers a retry). Opening another deal while open loads that one instead. A deal
 * the server does not know for this person (a link to a deleted deal or to another person's) is unavailable, which
 * no retry changes.
 */
export const dealDetailMachine = setup({
  types: {
    context: {} as { dealId: string | null; detail: DealDetail | null },
    events: {} as DealDetailEvent,
  },
  actors: {
    loadDetail: fromPromise<DealDetail, string>(async () => {
      throw new Error("loadDetail is provided at the composition root");
    }),
  },
  guards: {
    // 404: no such deal in this account; 400: no deal could have that id.
    isUnavailable: ({ event }) => {
      const { error } = event as { error?: unknown };
      return isRequestError(error) && (error.status === 404 || error.status === 400);
    },
  },
}).createMachine({
  id: "dealDetail",
  context: { dealId: null, detail: null },
  initial: "closed",
  on: {
    OPEN: { target: ".open", reenter: true, actions: assign({ dealId: ({ event }) => event.dealId, detail: null }) },
  },
  states: {
    closed: { entry: assign({ dealId: null, detail: null }) },
    open: {
      on: { CLOSE: "closed" },
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadDetail",
            src: "loadDetail",
            input: ({ context }) => context.dealId!,
            onDone: { target: "shown", actions: assign({ detail: ({ event }) => event.output }) },
            onError: [{ guard: "isUnavailable", target: "unavailable" }, { target: "failed" }],
          },
        },
        shown: {},
        failed: { on: { RETRY: "loading" } },
        unavailable: {},
      },
    },
  },
});

export type DealDetailActor = ActorRefFrom<typeof dealDetailMachine>;
export type DealDetailSnapshot = SnapshotFrom<typeof dealDetailMachine>;
export type ProvidedDealDetailMachine = ReturnType<typeof provideDealDetailMachine>;

/** What the detail dialog shows. */
export type DealDetailView =
  | { kind: "closed" }
  | { kind: "loading"; dealId: string }
  | { kind: "shown"; dealId: string; detail: DealDetail }
  | { kind: "failed"; dealId: string }
  | { kind: "unavailable"; dealId: string };

export function selectDealDetail(snapshot: DealDetailSnapshot): DealDetailView {
  const { dealId, detail } = snapshot.context;
  if (dealId === null) return { kind: "closed" };
  if (snapshot.matches({ open: "shown" }) && detail) return { kind: "shown", dealId, detail };
  if (snapshot.matches({ open: "unavailable" })) return { kind: "unavailable", dealId };
  return snapshot.matches({ open: "failed" }) ? { kind: "failed", dealId } : { kind: "loading", dealId };
}

export function provideDealDetailMachine(ports: { gateway: DealDetailsGateway }) {
  // Silent: the dialog says itself that the detail could not be loaded, with a retry.
  return dealDetailMachine.provide({ actors: { loadDetail: fromPromise(({ input }) => ports.gateway.detail(input, { silent: true })) } });
}
