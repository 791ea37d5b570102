import { assign, fromPromise, setup, type ActorRefFrom } from "xstate";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { BrandToggleResult, SettingsGateway } from "../ports/settings";
import { SETTINGS_MESSAGES } from "../messages";

export interface BrandToggleInput {
  brandId: string;
  /** Set the brand to this at once (the dashboard's hide, and its Undo); without it, the machine waits for TOGGLE. */
  active?: boolean;
}

/** What the brand was set to, as the server answered. */
export interface BrandSaved {
  brandId: string;
  isActive: boolean;
}

/**
 * Showing or hiding one brand, wherever it is done: Settings' switches, the brand page's switch, the dashboard's
 * hide and its Undo. A switch press shows the new state at once and marks the brand pending; the state asked for is
 * then saved with PUT (idempotent: two tabs asking the same end the same, where a flip would undo the other), and
 * the server's answer wins. A failure says so and re-fetches the settings, which hold the true value. Pressing again
 * while pending does nothing (the switch is disabled).
 */
export const brandToggleMachine = setup({
  types: {
    context: {} as { brandId: string; wanted: boolean | null },
    input: {} as BrandToggleInput,
    /** `isActive` is the value the switch shows when it is pressed. */
    events: {} as { type: "TOGGLE"; isActive: boolean },
  },
  actors: {
    setBrandState: fromPromise<BrandToggleResult, { brandId: string; active: boolean }>(async () => {
      throw new Error("setBrandState is provided at the composition root");
    }),
  },
  guards: {
    hasWanted: ({ context }) => context.wanted !== null,
  },
  actions: {
    /** What the page shows of the brand, and when the page must load the settings again, are the page's to provide. */
    showBrand: (_, _shown: BrandSaved) => {},
    refetchSettings: () => {},
    /** The toggle is no longer pending: the page enables its switch again. */
    settled: (_, _brandId: string) => {},
    dealsChanged: () => {},
    notify: (_, _toast: ToastRequest) => {},
    /** The server's answer, or its failure, for a page that reports them in its own words (the dashboard). */
    saved: (_, _saved: BrandSaved) => {},
    failed: (_, _brandId: string) => {},
  },
}).createMachine({
  id: "brandToggle",
  context: ({ input }) => ({ brandId: input.brandId, wanted: input.active ?? null }),
  initial: "idle",
  states: {
    idle: {
      always: { guard: "hasWanted", target: "pending" },
      on: {
        TOGGLE: {
          target: "pending",
          actions: [
            assign({ wanted: ({ event }) => !event.isActive }),
            { type: "showBrand", params: ({ context, event }) => ({ brandId: context.brandId, isActive: !event.isActive }) },
          ],
        },
      },
    },
    pending: {
      exit: [{ type: "settled", params: ({ context }) => context.brandId }, assign({ wanted: null })],
      invoke: {
        id: "setBrandState",
        src: "setBrandState",
        input: ({ context }) => ({ brandId: context.brandId, active: context.wanted! }),
        onDone: {
          target: "idle",
          actions: [
            { type: "showBrand", params: ({ context, event }) => ({ brandId: context.brandId, isActive: event.output.isActive }) },
            "dealsChanged",
            { type: "saved", params: ({ context, event }) => ({ brandId: context.brandId, isActive: event.output.isActive }) },
          ],
        },
        onError: {
          target: "idle",
          actions: [
            { type: "notify", params: { title: SETTINGS_MESSAGES.brandToggleFailed, variant: "destructive" } },
            "refetchSettings",
            { type: "failed", params: ({ context }) => context.brandId },
          ],
        },
      },
    },
  },
});

export type BrandToggleActor = ActorRefFrom<typeof brandToggleMachine>;

export function provideBrandToggleMachine(ports: { gateway: SettingsGateway; notifier: Notifier; dealsChanged: () => void }) {
  return brandToggleMachine.provide({
    // Silent: the machine shows its own message on failure.
    actors: { setBrandState: fromPromise(({ input }) => ports.gateway.setBrandActive(input.brandId, input.active, { silent: true })) },
    actions: {
      dealsChanged: () => ports.dealsChanged(),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
