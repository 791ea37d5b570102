import { setup } from "xstate";
import { TOAST_REMOVE_DELAY_MS } from "../../domain/toast";

/**
 * One toast's life (docs/product.md, "Toasts"): open for its duration or until dismissed, then closed, then removed
 * 1,000,000 ms later so a closing animation can finish. A dismissal of a closed toast changes nothing. While the
 * person points at the toast or has focus in it, its time stands still, and it gets its whole duration again when they
 * leave: a toast never closes under the hand reaching for its button.
 */
export const toastMachine = setup({
  types: {
    context: {} as { durationMs: number },
    input: {} as { durationMs: number },
    events: {} as { type: "DISMISS" } | { type: "PAUSE" } | { type: "RESUME" },
  },
  delays: {
    shownFor: ({ context }) => context.durationMs,
  },
  actions: {
    close: () => {},
    remove: () => {},
  },
}).createMachine({
  id: "toast",
  context: ({ input }) => ({ durationMs: input.durationMs }),
  initial: "open",
  states: {
    open: {
      on: { DISMISS: { target: "closed", actions: "close" } },
      initial: "counting",
      states: {
        counting: {
          on: { PAUSE: "held" },
          after: { shownFor: { target: "#toast.closed", actions: "close" } },
        },
        held: { on: { RESUME: "counting" } },
      },
    },
    closed: {
      after: { [TOAST_REMOVE_DELAY_MS]: { target: "removed", actions: "remove" } },
    },
    removed: { type: "final" },
  },
});

/** The toast machine wired to the toast list: closing and removing are list changes for this toast's id. */
export function provideToastMachine(effects: { close: () => void; remove: () => void }) {
  return toastMachine.provide({ actions: { close: effects.close, remove: effects.remove } });
}
