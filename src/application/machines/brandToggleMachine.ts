import { createActor, fromPromise, setup, type ActorRefFrom } from "xstate";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { BrandToggleResult, SettingsGateway } from "../ports/settings";

export const BRAND_TOGGLE_FAILED = "Failed to update brand status";

/**
 * One brand's include/exclude switch (SPEC section 4): a toggle marks the brand pending and flips it at once; the
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
    showBrand: (_, _shown: { brandId: string; isActive: boolean }) => {},
    dealsChanged: () => {},
    refetchSettings: () => {},
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
          actions: [{ type: "notify", params: { title: BRAND_TOGGLE_FAILED, variant: "destructive" } }, "refetchSettings"],
        },
      },
    },
  },
});

export type BrandToggleActor = ActorRefFrom<typeof brandToggleMachine>;

export interface BrandTogglePorts {
  gateway: SettingsGateway;
  notifier: Notifier;
  /** The settings page shows this value for the brand. */
  showBrand: (brandId: string, isActive: boolean) => void;
  /** Cached dashboard data no longer holds: the brand's deals come or go. */
  dealsChanged: () => void;
  refetchSettings: () => void;
}

export function provideBrandToggleMachine(ports: BrandTogglePorts) {
  return brandToggleMachine.provide({
    // Silent: the machine shows its own message on failure.
    actors: { toggleBrand: fromPromise(({ input }) => ports.gateway.toggleBrand(input.brandId, { silent: true })) },
    actions: {
      showBrand: (_, shown) => ports.showBrand(shown.brandId, shown.isActive),
      dealsChanged: () => ports.dealsChanged(),
      refetchSettings: () => ports.refetchSettings(),
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}

/**
 * The toggles of every brand on the page, one machine each (started on the first toggle), and the set of brand ids
 * whose toggle is pending, for the view.
 */
export class BrandToggles {
  private readonly actors = new Map<string, BrandToggleActor>();
  private readonly listeners = new Set<() => void>();
  private pending: ReadonlySet<string> = new Set();

  constructor(private readonly logic: ReturnType<typeof provideBrandToggleMachine>) {}

  toggle(brandId: string, isActive: boolean): void {
    let actor = this.actors.get(brandId);
    if (!actor) {
      actor = createActor(this.logic, { input: { brandId } });
      actor.subscribe(() => this.updatePending());
      actor.start();
      this.actors.set(brandId, actor);
    }
    actor.send({ type: "TOGGLE", isActive });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The same set object until a toggle starts or settles. */
  pendingIds = (): ReadonlySet<string> => this.pending;

  stop(): void {
    for (const actor of this.actors.values()) actor.stop();
    this.actors.clear();
  }

  private updatePending(): void {
    const pending = new Set([...this.actors].filter(([, actor]) => actor.getSnapshot().matches("pending")).map(([id]) => id));
    if (pending.size === this.pending.size && [...pending].every((id) => this.pending.has(id))) return;
    this.pending = pending;
    for (const listener of this.listeners) listener();
  }
}
