import { assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { BrandPage } from "../../domain/dealDetail";
import { isRequestError } from "../errors";
import type { BrandPageGateway } from "../ports/dealDetails";
import type { Notifier } from "../ports/notifications";
import type { Clipboard } from "../ports/platform";
import type { SettingsGateway } from "../ports/settings";
import { brandToggleMachine, provideBrandToggleMachine } from "./brandToggleMachine";
import { codeCopyRegion, copyCodeStub, copyCodeWith, type CodeCopyToast, type CodeToCopy, type CopyCodeEvent } from "./codeCopyRegion";

export type BrandPageEvent =
  | { type: "RETRY" }
  /** `isActive` is the value the switch shows when it is pressed. */
  | { type: "TOGGLE_BRAND"; isActive: boolean }
  // What the brand's toggle reports.
  | { type: "BRAND_SHOWN"; isActive: boolean }
  | { type: "BRAND_TOGGLE_SETTLED" }
  | { type: "RELOAD" }
  /** Copy a code of one of the brand's active deals. */
  | CopyCodeEvent;

export const BRAND_TOGGLE = "brandToggle";

/**
 * One visit of /brands/:id: the brand's page loads (a brand the person does not have is "missing", any other
 * failure offers a retry), and its show/hide switch is the settings page's brand toggle, run as a child: it flips the
 * switch at once, the server's answer wins, and a failure reloads the page. Its active deals' codes copy as the
 * dashboard's do: the loaded page runs the same copy region as the dashboard (codeCopyRegion.ts).
 */
export const brandPageMachine = setup({
  types: {
    context: {} as { brandId: string; page: BrandPage | null; togglePending: boolean; copied: CodeToCopy | null },
    input: {} as { brandId: string },
    events: {} as BrandPageEvent,
  },
  actors: {
    loadBrandPage: fromPromise<BrandPage, string>(async () => {
      throw new Error("loadBrandPage is provided at the composition root");
    }),
    brandToggle: brandToggleMachine,
    copyCode: copyCodeStub,
  },
  guards: {
    isMissing: (_, error: unknown) => isRequestError(error) && (error.status === 404 || error.status === 400),
    isTogglePending: ({ context }) => context.togglePending,
  },
  actions: {
    notify: (_, _toast: CodeCopyToast) => {},
    // The copy region's (codeCopyRegion.ts).
    rememberCode: assign((_, code: CodeToCopy) => ({ copied: code })),
    forgetCode: assign({ copied: null }),
  },
}).createMachine({
  id: "brandPage",
  context: ({ input }) => ({ brandId: input.brandId, page: null, togglePending: false, copied: null }),
  invoke: { id: BRAND_TOGGLE, src: "brandToggle", input: ({ context }) => ({ brandId: context.brandId }) },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadBrandPage",
        src: "loadBrandPage",
        input: ({ context }) => context.brandId,
        onDone: { target: "ready", actions: assign({ page: ({ event }) => event.output }) },
        onError: [
          { guard: { type: "isMissing", params: ({ event }: { event: { error: unknown } }) => event.error }, target: "missing" },
          { target: "failed" },
        ],
      },
    },
    ready: {
      type: "parallel",
      on: {
        TOGGLE_BRAND: [
          // The switch is disabled while pending; a press that slips through changes nothing.
          { guard: "isTogglePending" },
          {
            actions: [
              assign({ togglePending: true }),
              sendTo(BRAND_TOGGLE, ({ event }) => ({ type: "TOGGLE", isActive: event.isActive })),
            ],
          },
        ],
        BRAND_SHOWN: {
          actions: assign({ page: ({ context, event }) => ({ ...context.page!, brand: { ...context.page!.brand, isActive: event.isActive } }) }),
        },
        BRAND_TOGGLE_SETTLED: { actions: assign({ togglePending: false }) },
        RELOAD: "loading",
      },
      states: {
        // 'Copied!' only once the clipboard took the code, never after a failure (docs/product.md, "Copying a code").
        copy: codeCopyRegion,
      },
    },
    missing: {},
    failed: { on: { RETRY: "loading" } },
  },
});

export type BrandPageActor = ActorRefFrom<typeof brandPageMachine>;
export type BrandPageSnapshot = SnapshotFrom<typeof brandPageMachine>;

export type BrandPageState =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "failed" }
  | { kind: "ready"; page: BrandPage; togglePending: boolean };

export function selectBrandPage(snapshot: BrandPageSnapshot): BrandPageState {
  const { page, togglePending } = snapshot.context;
  if (snapshot.matches("ready") && page) return { kind: "ready", page, togglePending };
  if (snapshot.matches("missing")) return { kind: "missing" };
  return snapshot.matches("failed") ? { kind: "failed" } : { kind: "loading" };
}

export interface BrandPagePorts {
  gateway: BrandPageGateway;
  settings: SettingsGateway;
  clipboard: Clipboard;
  notifier: Notifier;
  /** Cached dashboard data no longer holds: the brand was shown or hidden. */
  dealsChanged: () => void;
}

export function provideBrandPageMachine(ports: BrandPagePorts) {
  return brandPageMachine.provide({
    // Silent: the page says itself that it could not load.
    actors: {
      loadBrandPage: fromPromise(({ input }) => ports.gateway.brandPage(input, { silent: true })),
      brandToggle: provideBrandToggleMachine({ gateway: ports.settings, notifier: ports.notifier, dealsChanged: ports.dealsChanged }).provide({
        actions: {
          showBrand: sendParent((_, shown: { isActive: boolean }) => ({ type: "BRAND_SHOWN", isActive: shown.isActive })),
          refetchSettings: sendParent({ type: "RELOAD" }),
          settled: sendParent({ type: "BRAND_TOGGLE_SETTLED" }),
        },
      }),
      copyCode: copyCodeWith(ports.clipboard),
    },
    actions: {
      notify: (_, toast) => ports.notifier.notify(toast),
    },
  });
}
