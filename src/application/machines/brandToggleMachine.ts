import { fromPromise, setup, type ActorRefFrom } from "xstate";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { BrandToggleResult, SettingsGateway } from "../ports/settings";
import { SETTINGS_MESSAGES } from "../messages";

/**
 * One brand's include/exclude switch (docs/product.md, "Brand Settings"): a toggle marks the brand pending and flips it at once; the
 * server's is_active then wins. A failure says so and re-fetches the settings, which hold the true value.
 * Toggling again while pending does nothing (the switch is disabled).
 */
export const brandToggleMachine = setup({
  types: {
    context: {} as { brandId: string },
    input: {} as { brandId: string },
    /** `isActive` is the value the switch shows when it is pressed. */
    events: {} as { type: "TOGGLE"; isActive: boolean },
  },
  actors: {
    toggleBrand: fromPromise<BrandToggleResult, { brandId: string }>(async () => {
      throw new Error("toggleBrand is provided at the composition root");
    }),
  },
  actions: {
    /** What the page shows of the brand, and when the page must load the settings again, are the page's to provide. */
    showBrand: (_, _shown: { brandId: string; isActive: boolean }) => {},
    refetchSettings: () => {},
    /** The toggle is no longer pending: the page enables its switch again. */
    settled: (_, _brandId: string) => {},
    dealsChanged: () => {},
    notify: (_, _toast: ToastRequest) => {},
  },
}).createMachine({
  id: "brandToggle",
  context: ({ input }) => ({ brandId: input.brandId }),
  initial: "idle",
  states: {
    idle: {
      on: {
        TOGGLE: {
          target: "pending",
          actions: { type: "showBrand", params: ({ context, event }) => ({ brandId: context.brandId, isActive: !event.isActive }) },
        },
      },
    },
    pending: {
      exit: { type: "settled", params: ({ context }) => context.brandId },
      invoke: {
        id: "toggleBrand",
        src: "toggleBrand",
        input: ({ context }) => ({ brandId: context.brandId }),
        onDone: {
          target: "idle",
          actions: [
            { type: "showBrand", params: ({ context, event }) => ({ brandId: context.brandId, isActive: event.output.isActive }) },
            "dealsChanged",
          ],
        },
        onError: {
          target: "idle",
          actions: [{ type: "notify", params: { title: SETTINGS_MESSAGES.brandToggleFailed, variant: "destructive" } }, "refetchSettings"],
        },
      },
    },
  },
});

export type BrandToggleActor = ActorRefFrom<typeof brandToggleMachine>;

export function provideBrandToggleMachine(ports: { gateway: SettingsGateway; notifier: Notifier; dealsChanged: () => void }) {
  return brandToggleMachine.provide({
    // Silent: the machine shows its own message on failure.
    actors: { toggleBrand: fromPromise(({ input }) => ports.gateway.toggleBrand(input.brandId, { silent: true })) },
    actions: {
      dealsChanged: () => ports.dealsChanged(),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
