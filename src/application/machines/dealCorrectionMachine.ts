import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  draftOf,
  requestOfDraft,
  type CorrectionDraft,
  type CorrectionField,
  type CorrectionRequest,
  type DealCorrection,
} from "../../domain/dealCorrection";
import type { DealCorrectionGateway } from "../ports/dealCorrections";
import type { Notifier, ToastRequest } from "../ports/notifications";
import { serverMessageOr } from "../errors";

export type DealCorrectionEvent =
  | { type: "LOAD"; dealId: string }
  | { type: "CLEAR" }
  | { type: "RETRY" }
  | { type: "OPEN" }
  | { type: "EDIT"; field: CorrectionField; value: string }
  | { type: "SUBMIT" }
  | { type: "NOT_A_DEAL" }
  | { type: "CANCEL" }
  | { type: "UNDO" };

export const CORRECTION_TOASTS = {
  saved: { title: "Correction saved", description: "Your deals show it now.", variant: "success" },
  removed: { title: "Removed: not a deal", description: "It is gone from your deals, counts and emails." },
  undone: { title: "Back to what the email said" },
  undoFailed: { title: "Could not undo your correction", description: "Please try again.", variant: "destructive" },
} as const satisfies Record<string, ToastRequest>;

const SAVE_FAILED = "We could not save your correction. Please try again.";

interface Context {
  dealId: string | null;
  correction: DealCorrection | null;
  draft: CorrectionDraft | null;
  /** What the form says is wrong (a field's rule, or the server's refusal); null when nothing is. */
  problem: string | null;
  /** Counts the changes saved, so that whatever shows the deal loads it again after each. */
  changes: number;
}

const EMPTY: Context = { dealId: null, correction: null, draft: null, problem: null, changes: 0 };

/**
 * A person's corrections of the deal open in Details (docs/product.md, "Corrections"): loads what is corrected, the
 * form (open, saving, refused with the reason), "This is not a deal", and Undo back to what the email said. Each saved
 * change tells the cached lists (the `dealsChanged` port) and counts in `changes`, which the Details follow.
 */
export const dealCorrectionMachine = setup({
  types: { context: {} as Context, events: {} as DealCorrectionEvent },
  actors: {
    loadCorrection: fromPromise<DealCorrection, string>(async () => {
      throw new Error("loadCorrection is provided at the composition root");
    }),
    saveCorrection: fromPromise<DealCorrection, { dealId: string; request: CorrectionRequest }>(async () => {
      throw new Error("saveCorrection is provided at the composition root");
    }),
    undoCorrection: fromPromise<DealCorrection, string>(async () => {
      throw new Error("undoCorrection is provided at the composition root");
    }),
  },
  actions: {
    dealsChanged: () => {},
    notify: (_, _toast: ToastRequest) => {},
  },
  guards: {
    draftIsSendable: ({ context }) => context.correction !== null && context.draft !== null && requestOfDraft(context.correction, context.draft).ok,
    isRemoved: ({ context }) => context.correction?.corrected.notADeal === true,
    somethingCorrected: ({ context }) => {
      const corrected = context.correction?.corrected;
      return !!corrected && (corrected.notADeal || [corrected.code, corrected.endDate, corrected.category, corrected.brand].some((value) => value !== null));
    },
  },
}).createMachine({
  id: "dealCorrection",
  context: EMPTY,
  initial: "idle",
  on: {
    LOAD: { target: ".loading", reenter: true, actions: assign(({ event }) => ({ ...EMPTY, dealId: event.dealId })) },
    CLEAR: { target: ".idle", actions: assign(EMPTY) },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: "loadCorrection",
        src: "loadCorrection",
        input: ({ context }) => context.dealId!,
        onDone: { target: "ready", actions: assign({ correction: ({ event }) => event.output }) },
        onError: "failed",
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      initial: "deciding",
      states: {
        deciding: { always: [{ guard: "isRemoved", target: "removed" }, { target: "closed" }] },
        closed: {
          on: {
            OPEN: { target: "editing", actions: assign({ draft: ({ context }) => draftOf(context.correction!), problem: null }) },
            UNDO: { guard: "somethingCorrected", target: "undoing" },
          },
        },
        editing: {
          on: {
            EDIT: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft!, [event.field]: event.value }), problem: null }) },
            SUBMIT: [
              { guard: "draftIsSendable", target: "saving" },
              {
                actions: assign({
                  problem: ({ context }) => {
                    const answer = requestOfDraft(context.correction!, context.draft!);
                    return answer.ok ? null : answer.problem;
                  },
                }),
              },
            ],
            NOT_A_DEAL: "removing",
            CANCEL: { target: "closed", actions: assign({ draft: null, problem: null }) },
          },
        },
        saving: {
          invoke: {
            id: "saveCorrection",
            src: "saveCorrection",
            input: ({ context }) => {
              const answer = requestOfDraft(context.correction!, context.draft!);
              return { dealId: context.dealId!, request: answer.ok ? answer.request : {} };
            },
            onDone: {
              target: "closed",
              actions: [
                assign({ correction: ({ event }) => event.output, draft: null, changes: ({ context }) => context.changes + 1 }),
                "dealsChanged",
                { type: "notify", params: CORRECTION_TOASTS.saved },
              ],
            },
            onError: { target: "editing", actions: assign({ problem: ({ event }) => serverMessageOr(event.error, SAVE_FAILED) }) },
          },
        },
        removing: {
          invoke: {
            id: "removeDeal",
            src: "saveCorrection",
            input: ({ context }) => ({ dealId: context.dealId!, request: { notADeal: true } }),
            onDone: {
              target: "removed",
              // The Details keep showing the deal, now removed, with its Undo: nothing to load again.
              actions: [
                assign({ correction: ({ event }) => event.output, draft: null }),
                "dealsChanged",
                { type: "notify", params: CORRECTION_TOASTS.removed },
              ],
            },
            onError: { target: "editing", actions: assign({ problem: ({ event }) => serverMessageOr(event.error, SAVE_FAILED) }) },
          },
        },
        removed: { on: { UNDO: "undoing" } },
        undoing: {
          invoke: {
            id: "undoCorrection",
            src: "undoCorrection",
            input: ({ context }) => context.dealId!,
            onDone: {
              target: "closed",
              actions: [
                assign({ correction: ({ event }) => event.output, changes: ({ context }) => context.changes + 1 }),
                "dealsChanged",
                { type: "notify", params: CORRECTION_TOASTS.undone },
              ],
            },
            onError: { target: "deciding", actions: { type: "notify", params: CORRECTION_TOASTS.undoFailed } },
          },
        },
      },
    },
  },
});

export type DealCorrectionActor = ActorRefFrom<typeof dealCorrectionMachine>;
export type DealCorrectionSnapshot = SnapshotFrom<typeof dealCorrectionMachine>;
export type ProvidedDealCorrectionMachine = ReturnType<typeof provideDealCorrectionMachine>;

/** What the Details and the correction form show. */
export type DealCorrectionView =
  | { kind: "none" }
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; correction: DealCorrection; busy: boolean }
  | { kind: "editing"; correction: DealCorrection; draft: CorrectionDraft; problem: string | null; saving: boolean }
  | { kind: "removed"; correction: DealCorrection; busy: boolean };

export function selectDealCorrection(snapshot: DealCorrectionSnapshot): DealCorrectionView {
  const { correction, draft, problem } = snapshot.context;
  if (snapshot.matches("loading")) return { kind: "loading" };
  if (snapshot.matches("failed")) return { kind: "failed" };
  if (!correction || !snapshot.matches("ready")) return { kind: "none" };
  if ((snapshot.matches({ ready: "editing" }) || snapshot.matches({ ready: "saving" }) || snapshot.matches({ ready: "removing" })) && draft) {
    return { kind: "editing", correction, draft, problem, saving: !snapshot.matches({ ready: "editing" }) };
  }
  if (snapshot.matches({ ready: "removed" })) return { kind: "removed", correction, busy: false };
  return correction.corrected.notADeal
    ? { kind: "removed", correction, busy: true }
    : { kind: "ready", correction, busy: snapshot.matches({ ready: "undoing" }) };
}

/** How many changes this machine saved: whatever shows the deal loads it again when this grows. */
export const selectCorrectionChanges = (snapshot: DealCorrectionSnapshot): number => snapshot.context.changes;

export function provideDealCorrectionMachine(ports: { gateway: DealCorrectionGateway; notifier: Notifier; dealsChanged: () => void }) {
  return dealCorrectionMachine.provide({
    actors: {
      // Silent: the Details and the form say themselves what failed.
      loadCorrection: fromPromise(({ input }) => ports.gateway.correction(input, { silent: true })),
      saveCorrection: fromPromise(({ input }) => ports.gateway.correct(input.dealId, input.request, { silent: true })),
      undoCorrection: fromPromise(({ input }) => ports.gateway.undo(input, { silent: true })),
    },
    actions: {
      dealsChanged: () => ports.dealsChanged(),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
