import { and, assign, not, fromCallback, fromPromise, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Dashboard } from "../../domain/dashboard";
import { DEFAULT_DASHBOARD_ADDRESS, sameDashboardAddress, type DashboardAddress } from "../../domain/dashboardAddress";
import type { DealFilters } from "../../domain/dealSearch";
import type { SortOrder } from "../../domain/dealOrder";
import { UNDO_TOAST_DURATION_MS } from "../../domain/toast";
import type { DealShowFilter } from "../../domain/dealDetail";
import type { DashboardAddressBar, HistoryStep } from "../ports/dashboardAddress";
import type { DashboardSource, QueryState } from "../ports/deals";
import type { Clipboard } from "../ports/platform";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { SettingsGateway } from "../ports/settings";
import { brandToggleMachine, provideBrandToggleMachine, type BrandSaved } from "./brandToggleMachine";
import { codeCopyRegion, copyCodeStub, copyCodeWith, type CodeToCopy, type CopyCodeEvent } from "./codeCopyRegion";
import { googleFlowMachine, type GoogleFlowActor, type ProvidedGoogleFlowMachine } from "./googleFlowMachine";
import {
  DASHBOARD_SYNC_POLLING,
  syncFollowerMachine,
  type ProvidedSyncFollowerMachine,
  type SyncFollowerActor,
  type SyncNotice,
} from "./syncFollowerMachine";

/**
 * The toasts of hiding a brand and of starting a sync from the dashboard (docs/product.md, "Hiding a brand", "Sync
 * progress"); a started sync shows its progress instead.
 */
export const DASHBOARD_TOASTS = {
  // The card greys at once, so there is nothing to refresh; Undo is one press away for the toast's 8 s.
  hidden: (brand: BrandToHide): DashboardToast => ({
    title: `All deals from ${brand.brand} hidden`,
    description: "You can show them again in Settings.",
    variant: "success",
    durationMs: UNDO_TOAST_DURATION_MS,
    action: { label: "Undo", event: { type: "UNDO_HIDE", brand } },
  }),
  hideFailed: { title: "Error", description: "Failed to deactivate brand. Please try again.", variant: "destructive" },
  refreshFailed: { title: "Error", description: "Failed to load dashboard data. Please try again.", variant: "destructive" },
  shownAgain: (brand: string): DashboardToast => ({ title: `Deals from ${brand} are back`, variant: "success" }),
  showFailed: (brand: string): DashboardToast => ({
    title: "Error",
    description: `Failed to show ${brand} again. Please turn it back on in Settings.`,
    variant: "destructive",
  }),
  syncBusy: (notice: SyncNotice): DashboardToast => ({ title: "Sync in progress", description: notice.text, variant: "default" }),
  syncFailed: (notice: SyncNotice): DashboardToast => ({ title: "Sync failed", description: notice.text, variant: "destructive" }),
} satisfies Record<string, DashboardToast | ((value: never) => DashboardToast)>;

/** A toast the dashboard asks for; its button (Undo), when it has one, sends the dashboard an event. */
export interface DashboardToast extends Omit<ToastRequest, "action"> {
  action?: { label: string; event: DashboardEvent };
}

export interface BrandToHide {
  brandId: string;
  brand: string;
}

export interface DashboardContext {
  dashboard: Dashboard | null;
  /** The data cache is fetching, e.g. after the window regained focus. */
  isFetching: boolean;
  filters: DealFilters;
  sort: SortOrder;
  /** The deal whose Details are open; with the filters and the order, what the address says. */
  dealId: string | null;
  /** Those Details were opened here, which added a step to the history: closing them goes back over it. */
  dealOpenedHere: boolean;
  /** The last change was a search: the next keystroke changes the address's step rather than adding one. */
  searching: boolean;
  /** The copy region's code (see codeCopyRegion.ts). */
  copied: CodeToCopy | null;
  /** Brands hidden since the dashboard was loaded: their cards stay, greyed and inert, until a refresh. */
  hiddenBrandIds: readonly string[];
  /** The brand being hidden (or waiting for the phone's confirmation), or being shown again by Undo. */
  pendingHide: BrandToHide | null;
}

export type DashboardEvent =
  | { type: "QUERY_CHANGED"; query: QueryState<Dashboard> }
  | { type: "REFRESH" }
  | { type: "RETRY" }
  | { type: "SELECT_CATEGORY"; category: string | null }
  | { type: "SEARCH"; text: string }
  | { type: "TOGGLE_EXPIRING" }
  | { type: "SORT"; order: SortOrder }
  | { type: "SHOW_STATUS"; show: DealShowFilter }
  /** Back, Forward or a link changed the address. */
  | { type: "ADDRESS_CHANGED"; address: DashboardAddress }
  | { type: "OPEN_DEAL"; dealId: string }
  | { type: "CLOSE_DEAL" }
  | CopyCodeEvent
  | { type: "HIDE_BRAND"; brand: BrandToHide; confirmFirst: boolean }
  | { type: "CONFIRM_HIDE" }
  | { type: "CANCEL_HIDE" }
  | { type: "UNDO_HIDE"; brand: BrandToHide }
  /** The brand machine's answer to a hide or an Undo. */
  | ({ type: "BRAND_SAVED" } & BrandSaved)
  | { type: "BRAND_FAILED"; brandId: string }
  | { type: "CONNECT_GMAIL" }
  | { type: "START_SYNC" }
  /** The sync child's answer to Sync Now: a start shows as progress, a refusal as a toast. */
  | { type: "SYNC_ANSWERED"; notice: SyncNotice };

/** The id of the "Connect Gmail" Google flow the dashboard runs, for the view to read its state. */
export const CONNECT_GMAIL_FLOW = "connectGmail";
/** The id of the child that follows the Gmail sync, for the view to read its progress. */
export const SYNC_PROGRESS = "syncProgress";

const queryOf = (event: DashboardEvent) => (event as Extract<DashboardEvent, { type: "QUERY_CHANGED" }>).query;

const addressOf = ({ filters, sort, dealId }: DashboardContext): DashboardAddress => ({ filters, sort, dealId });

/** The view a change of the filters or the order asks for, or null for any other event. */
function addressAfter(context: DashboardContext, event: DashboardEvent): DashboardAddress | null {
  const { filters } = context;
  const address = addressOf(context);
  switch (event.type) {
    case "SELECT_CATEGORY":
      return { ...address, filters: { ...filters, category: event.category } };
    case "SEARCH":
      return { ...address, filters: { ...filters, search: event.text } };
    case "TOGGLE_EXPIRING":
      return { ...address, filters: { ...filters, expiringOnly: !filters.expiringOnly } };
    case "SHOW_STATUS":
      return { ...address, filters: { ...filters, show: event.show } };
    case "SORT":
      return { ...address, sort: event.order };
    default:
      return null;
  }
}

/**
 * The dashboard (docs/product.md, "Dashboard"): the cached data followed from the data cache (which refetches on window
 * focus), a refresh, the filters applied in the browser, copying a code, hiding a brand (asking first on phones), and
 * the welcome panel's Gmail connection (the Google flow, run as a child) and sync. Each concern of a loaded dashboard
 * is its own parallel region.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    /** Reads the address at the start, then tells of each change that Back, Forward or a link makes. */
    followAddress: fromCallback<DashboardEvent>(() => {
      throw new Error("followAddress is provided at the composition root");
    }),
    watchDashboard: fromCallback<DashboardEvent>(() => {
      throw new Error("watchDashboard is provided at the composition root");
    }),
    refresh: fromPromise<void>(async () => {
      throw new Error("refresh is provided at the composition root");
    }),
    copyCode: copyCodeStub,
    /** Hiding and its Undo are the brand machine's, as on Settings and the brand page. */
    brandState: brandToggleMachine,
    connectGmail: googleFlowMachine,
    syncProgress: syncFollowerMachine,
  },
  guards: {
    hasData: ({ event }) => queryOf(event).data !== undefined,
    /** An attempt failed: the error shows at once, while the cache's retries go on behind it. */
    hasFailed: ({ event }) => queryOf(event).status === "error" || queryOf(event).failureCount > 0,
    isLoaded: ({ context }) => context.dashboard !== null,
    asksFirst: ({ event }) => (event as Extract<DashboardEvent, { type: "HIDE_BRAND" }>).confirmFirst,
    wasDeactivated: ({ event }) => event.type === "BRAND_SAVED" && !event.isActive,
    wasActivated: ({ event }) => event.type === "BRAND_SAVED" && event.isActive,
    isHiddenHere: ({ context }, brand: BrandToHide) => context.hiddenBrandIds.includes(brand.brandId),
    changesView: ({ context, event }) => {
      const next = addressAfter(context, event);
      return next !== null && !sameDashboardAddress(next, addressOf(context));
    },
    isSearching: ({ context }) => context.searching,
    isOpenHere: ({ context }) => context.dealOpenedHere,
    isDealOpen: ({ context }) => context.dealId !== null,
  },
  actions: {
    notify: (_, _toast: DashboardToast) => {},
    markStale: () => {},
    /** Puts the view as it now is in the address. */
    writeAddress: (_, _step: HistoryStep) => {},
    goBack: () => {},
    changeView: assign(({ context, event }) => {
      const { filters, sort } = addressAfter(context, event) ?? addressOf(context);
      return { filters, sort, searching: event.type === "SEARCH" };
    }),
    // The copy region's (codeCopyRegion.ts).
    rememberCode: assign((_, code: CodeToCopy) => ({ copied: code })),
    forgetCode: assign({ copied: null }),
    followQuery: assign(({ context, event }) =>
      event.type === "QUERY_CHANGED"
        ? { dashboard: event.query.data ?? context.dashboard, isFetching: event.query.isFetching }
        : {},
    ),
  },
}).createMachine({
  id: "dashboard",
  context: {
    dashboard: null,
    isFetching: true,
    ...DEFAULT_DASHBOARD_ADDRESS,
    dealOpenedHere: false,
    searching: false,
    copied: null,
    hiddenBrandIds: [],
    pendingHide: null,
  },
  invoke: [
    { id: "followAddress", src: "followAddress" },
    { id: "watchDashboard", src: "watchDashboard" },
    { id: CONNECT_GMAIL_FLOW, src: "connectGmail", input: { flow: "connect-gmail", returnPath: "/dashboard" } },
    { id: SYNC_PROGRESS, src: "syncProgress", input: { ...DASHBOARD_SYNC_POLLING, followAtStart: true } },
  ],
  // The view lives in the address (docs/product.md, "The dashboard's address"): each deliberate change is a step Back
  // undoes, while a search being typed changes its one step; Back, Forward and links set the view from the address.
  on: {
    SELECT_CATEGORY: { guard: "changesView", actions: ["changeView", { type: "writeAddress", params: "push" }] },
    TOGGLE_EXPIRING: { guard: "changesView", actions: ["changeView", { type: "writeAddress", params: "push" }] },
    SHOW_STATUS: { guard: "changesView", actions: ["changeView", { type: "writeAddress", params: "push" }] },
    SORT: { guard: "changesView", actions: ["changeView", { type: "writeAddress", params: "push" }] },
    SEARCH: [
      { guard: and(["changesView", "isSearching"]), actions: ["changeView", { type: "writeAddress", params: "replace" }] },
      { guard: "changesView", actions: ["changeView", { type: "writeAddress", params: "push" }] },
    ],
    ADDRESS_CHANGED: {
      actions: assign(({ event }) => ({ ...event.address, dealOpenedHere: false, searching: false })),
    },
    OPEN_DEAL: {
      // Open Details cover the cards, so another deal opens only once they are closed.
      guard: not("isDealOpen"),
      actions: [
        assign({ dealId: ({ event }) => event.dealId, dealOpenedHere: true, searching: false }),
        { type: "writeAddress", params: "push" },
      ],
    },
    CLOSE_DEAL: [
      // Going back over the step that opened them leaves the history as it was before.
      { guard: and(["isDealOpen", "isOpenHere"]), actions: [assign({ dealId: null, dealOpenedHere: false }), "goBack"] },
      // Opened by a link: the link's step stays, without the deal.
      {
        guard: "isDealOpen",
        actions: [assign({ dealId: null }), { type: "writeAddress", params: "replace" }],
      },
    ],
  },
  initial: "loading",
  states: {
    loading: {
      on: {
        QUERY_CHANGED: [
          { guard: "hasData", target: "ready", actions: "followQuery" },
          { guard: "hasFailed", target: "failed", actions: "followQuery" },
          { actions: "followQuery" },
        ],
      },
    },
    failed: {
      on: { RETRY: "retrying", QUERY_CHANGED: { guard: "hasData", target: "ready", actions: "followQuery" } },
    },
    retrying: {
      invoke: {
        id: "refresh",
        src: "refresh",
        onDone: [{ guard: "isLoaded", target: "ready" }, { target: "failed" }],
        onError: "failed",
      },
      on: { QUERY_CHANGED: { actions: "followQuery" } },
    },
    ready: {
      type: "parallel",
      on: {
        QUERY_CHANGED: { actions: "followQuery" },
        // The Google flow says whether it is busy; pressed again while busy, it ignores the press.
        CONNECT_GMAIL: { actions: sendTo(CONNECT_GMAIL_FLOW, { type: "START" }) },
        // The sync child starts it: its progress is the feedback, and the deals appear as they are found.
        START_SYNC: { actions: sendTo(SYNC_PROGRESS, { type: "SYNC_NOW" }) },
        SYNC_ANSWERED: [
          { guard: ({ event }) => event.notice.outcome === "already_running", actions: { type: "notify", params: ({ event }) => DASHBOARD_TOASTS.syncBusy(event.notice) } },
          { guard: ({ event }) => event.notice.outcome === "failed", actions: { type: "notify", params: ({ event }) => DASHBOARD_TOASTS.syncFailed(event.notice) } },
        ],
      },
      states: {
        refresh: {
          initial: "idle",
          states: {
            idle: { on: { REFRESH: "updating" } },
            updating: {
              // A failed refresh keeps the data shown, and says so once (the dashboard's requests are silent).
              invoke: {
                id: "refresh",
                src: "refresh",
                onDone: "idle",
                onError: { target: "idle", actions: { type: "notify", params: DASHBOARD_TOASTS.refreshFailed } },
              },
            },
          },
        },
        // The copy feedback (docs/product.md, "Copying a code"): 'Copied!' only once the clipboard took the code.
        copy: codeCopyRegion,
        hide: {
          initial: "idle",
          states: {
            // Whatever ended the last hide, the brand it was about is let go on the way back here.
            idle: {
              entry: assign({ pendingHide: null }),
              on: {
                HIDE_BRAND: [
                  { guard: "asksFirst", target: "confirming", actions: assign({ pendingHide: ({ event }) => event.brand }) },
                  { target: "hiding", actions: assign({ pendingHide: ({ event }) => event.brand }) },
                ],
                // The toast's Undo: only for a brand hidden here and still hidden.
                UNDO_HIDE: {
                  guard: { type: "isHiddenHere", params: ({ event }) => event.brand },
                  target: "showing",
                  actions: assign({ pendingHide: ({ event }) => event.brand }),
                },
              },
            },
            confirming: {
              on: {
                CONFIRM_HIDE: "hiding",
                CANCEL_HIDE: "idle",
              },
            },
            hiding: {
              invoke: { id: "brandState", src: "brandState", input: ({ context }) => ({ brandId: context.pendingHide!.brandId, active: false }) },
              on: {
                BRAND_SAVED: [
                  {
                    guard: "wasDeactivated",
                    target: "idle",
                    actions: [
                      assign({
                        hiddenBrandIds: ({ context }) => [...new Set([...context.hiddenBrandIds, context.pendingHide!.brandId])],
                      }),
                      "markStale",
                      { type: "notify", params: ({ context }) => DASHBOARD_TOASTS.hidden(context.pendingHide!) },
                    ],
                  },
                  { target: "idle", actions: { type: "notify", params: DASHBOARD_TOASTS.hideFailed } },
                ],
                BRAND_FAILED: { target: "idle", actions: { type: "notify", params: DASHBOARD_TOASTS.hideFailed } },
              },
            },
            // Undo: the brand is set shown again (not flipped, so another tab's choice is not undone), and its cards come back to life.
            showing: {
              invoke: { id: "brandState", src: "brandState", input: ({ context }) => ({ brandId: context.pendingHide!.brandId, active: true }) },
              on: {
                BRAND_SAVED: [
                  {
                    guard: "wasActivated",
                    target: "idle",
                    actions: [
                      assign({
                        hiddenBrandIds: ({ context }) => context.hiddenBrandIds.filter((id) => id !== context.pendingHide!.brandId),
                      }),
                      "markStale",
                      { type: "notify", params: ({ context }) => DASHBOARD_TOASTS.shownAgain(context.pendingHide!.brand) },
                    ],
                  },
                  { target: "idle", actions: { type: "notify", params: ({ context }) => DASHBOARD_TOASTS.showFailed(context.pendingHide!.brand) } },
                ],
                BRAND_FAILED: { target: "idle", actions: { type: "notify", params: ({ context }) => DASHBOARD_TOASTS.showFailed(context.pendingHide!.brand) } },
              },
            },
          },
        },
      },
    },
  },
});

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/** The "Connect Gmail" Google flow, which lives as long as the dashboard. */
export const connectGmailFlowOf = (dashboard: DashboardActor): GoogleFlowActor =>
  dashboard.getSnapshot().children[CONNECT_GMAIL_FLOW] as GoogleFlowActor;

/** The child that follows the Gmail sync, which lives as long as the dashboard. */
export const syncProgressOf = (dashboard: DashboardActor): SyncFollowerActor =>
  dashboard.getSnapshot().children[SYNC_PROGRESS] as SyncFollowerActor;

export interface DashboardPorts {
  source: DashboardSource;
  /** Where the view's filters, order and open deal live, so that a reload, Back and a shared link keep them. */
  address: DashboardAddressBar;
  clipboard: Clipboard;
  settings: SettingsGateway;
  notifier: Notifier;
  /** "Connect Gmail": the Google flow that grants Gmail access. */
  connectGmail: ProvidedGoogleFlowMachine;
  /** Follows the Gmail sync, starts one, and fetches the dashboard again as it stores deals. */
  syncProgress: ProvidedSyncFollowerMachine;
}

export function provideDashboardMachine(ports: DashboardPorts) {
  return dashboardMachine.provide({
    actors: {
      followAddress: fromCallback<DashboardEvent>(({ sendBack }) => {
        sendBack({ type: "ADDRESS_CHANGED", address: ports.address.read() });
        return ports.address.watch((address) => sendBack({ type: "ADDRESS_CHANGED", address }));
      }),
      watchDashboard: fromCallback<DashboardEvent>(({ sendBack }) => {
        const query = ports.source.watch();
        const report = () => sendBack({ type: "QUERY_CHANGED", query: query.getSnapshot() });
        const unsubscribe = query.subscribe(report);
        report();
        return unsubscribe;
      }),
      refresh: fromPromise(() => ports.source.refresh()),
      copyCode: copyCodeWith(ports.clipboard),
      // The dashboard says the outcome in its own toasts (with Undo), and marks its data stale itself.
      brandState: provideBrandToggleMachine({ gateway: ports.settings, notifier: ports.notifier, dealsChanged: () => undefined }).provide({
        actions: {
          notify: () => undefined,
          saved: sendParent((_, saved: BrandSaved) => ({ type: "BRAND_SAVED", ...saved })),
          failed: sendParent((_, brandId: string) => ({ type: "BRAND_FAILED", brandId })),
        },
      }),
      connectGmail: ports.connectGmail,
      syncProgress: ports.syncProgress.provide({
        actions: { startAnswered: sendParent((_, notice: SyncNotice) => ({ type: "SYNC_ANSWERED", notice })) },
      }),
    },
    actions: {
      notify: ({ self }, { action, ...toast }) =>
        ports.notifier.notify(action ? { ...toast, action: { label: action.label, onAction: () => self.send(action.event) } } : toast),
      markStale: () => void ports.source.markStale(),
      writeAddress: ({ context }, step) => ports.address.write(addressOf(context), step),
      goBack: () => ports.address.back(),
    },
  });
}
