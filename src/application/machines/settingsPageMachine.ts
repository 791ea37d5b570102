import { assign, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { User } from "../../domain/user";
import type { Notifier } from "../ports/notifications";
import type { GmailGateway, SettingsGateway } from "../ports/settings";
import { accountDeletionMachine, provideAccountDeletionMachine } from "./accountDeletionMachine";
import { brandToggleMachine, provideBrandToggleMachine, type BrandToggleActor } from "./brandToggleMachine";
import { provideSyncFollowerMachine, SETTINGS_SYNC_POLLING, syncFollowerMachine } from "./syncFollowerMachine";
import { googleFlowMachine, type ProvidedGoogleFlowMachine } from "./googleFlowMachine";
import { provideSettingsMachine, settingsMachine } from "./settingsMachine";

export type SettingsPageEvent =
  // What the person does.
  | { type: "SYNC_NOW" }
  /** Disconnect Gmail asks first: DISCONNECT_REQUEST opens the confirmation, which is confirmed or cancelled. */
  | { type: "DISCONNECT_REQUEST" }
  | { type: "DISCONNECT_CANCEL" }
  | { type: "DISCONNECT_CONFIRM" }
  | { type: "CONNECT_GMAIL" }
  /** `isActive` is the value the switch shows when it is pressed. */
  | { type: "TOGGLE_BRAND"; brandId: string; isActive: boolean }
  | { type: "DELETE_REQUEST" }
  | { type: "DELETE_CANCEL" }
  | { type: "DELETE_CONFIRM" }
  // What the page's machines report.
  | { type: "SETTINGS_LOADED"; gmailConnected: boolean }
  | { type: "REFETCH_SETTINGS" }
  | { type: "BRAND_SHOWN"; brandId: string; isActive: boolean }
  | { type: "BRAND_TOGGLE_SETTLED"; brandId: string };

export interface SettingsPageContext {
  /** A toggle per brand, started on the brand's first press and living as long as the page. */
  brandToggles: Record<string, BrandToggleActor>;
  /** The brands whose switch waits for the server; a new set whenever one starts or settles. */
  pendingBrandIds: ReadonlySet<string>;
}

/** The ids of the page's invoked machines, for the view to read each one's state. */
export const SETTINGS_PAGE_CHILDREN = {
  settings: "settings",
  gmailSync: "gmailSync",
  accountDeletion: "accountDeletion",
  connectGmail: "connectGmail",
} as const;

/**
 * One visit of /settings (docs/product.md, "Settings"). It runs the settings load, the Gmail sync (polling only while a
 * fresh settings answer says Gmail is connected), the account deletion and the "Connect Gmail" Google flow, spawns
 * a toggle per brand on its first press, and passes what one machine reports to the one it concerns: a load to the
 * sync, a sync's or a failed toggle's need for fresh settings, and a brand's shown state to the settings. Disconnecting
 * Gmail stops the syncing of deals, so it is confirmed first.
 */
export const settingsPageMachine = setup({
  types: { context: {} as SettingsPageContext, events: {} as SettingsPageEvent },
  actors: {
    settings: settingsMachine,
    gmailSync: syncFollowerMachine,
    accountDeletion: accountDeletionMachine,
    connectGmail: googleFlowMachine,
    brandToggle: brandToggleMachine,
  },
  guards: {
    isBrandPending: ({ context }, brandId: string) => context.pendingBrandIds.has(brandId),
  },
}).createMachine({
  id: "settingsPage",
  context: { brandToggles: {}, pendingBrandIds: new Set() },
  invoke: [
    { id: SETTINGS_PAGE_CHILDREN.settings, src: "settings" },
    { id: SETTINGS_PAGE_CHILDREN.gmailSync, src: "gmailSync", input: { ...SETTINGS_SYNC_POLLING, followAtStart: false } },
    { id: SETTINGS_PAGE_CHILDREN.accountDeletion, src: "accountDeletion" },
    { id: SETTINGS_PAGE_CHILDREN.connectGmail, src: "connectGmail", input: { flow: "connect-gmail", returnPath: null } },
  ],
  on: {
    SYNC_NOW: { actions: sendTo(SETTINGS_PAGE_CHILDREN.gmailSync, { type: "SYNC_NOW" }) },
    CONNECT_GMAIL: { actions: sendTo(SETTINGS_PAGE_CHILDREN.connectGmail, { type: "START" }) },
    TOGGLE_BRAND: [
      // The switch is disabled while pending; a press that slips through changes nothing.
      { guard: { type: "isBrandPending", params: ({ event }) => event.brandId } },
      {
        actions: [
          assign({
            brandToggles: ({ context, event, spawn }) =>
              context.brandToggles[event.brandId]
                ? context.brandToggles
                : {
                    ...context.brandToggles,
                    [event.brandId]: spawn("brandToggle", { id: `brandToggle:${event.brandId}`, input: { brandId: event.brandId } }),
                  },
            pendingBrandIds: ({ context, event }) => new Set([...context.pendingBrandIds, event.brandId]),
          }),
          sendTo(
            ({ context, event }) => context.brandToggles[event.brandId]!,
            ({ event }) => ({ type: "TOGGLE", isActive: event.isActive }),
          ),
        ],
      },
    ],
    DELETE_REQUEST: { actions: sendTo(SETTINGS_PAGE_CHILDREN.accountDeletion, { type: "REQUEST" }) },
    DELETE_CANCEL: { actions: sendTo(SETTINGS_PAGE_CHILDREN.accountDeletion, { type: "CANCEL" }) },
    DELETE_CONFIRM: { actions: sendTo(SETTINGS_PAGE_CHILDREN.accountDeletion, { type: "CONFIRM" }) },
    SETTINGS_LOADED: {
      actions: sendTo(SETTINGS_PAGE_CHILDREN.gmailSync, ({ event }) => ({ type: event.gmailConnected ? "CONNECTED" : "DISCONNECTED" })),
    },
    REFETCH_SETTINGS: { actions: sendTo(SETTINGS_PAGE_CHILDREN.settings, { type: "REFETCH" }) },
    BRAND_SHOWN: {
      actions: sendTo(SETTINGS_PAGE_CHILDREN.settings, ({ event }) => ({
        type: "BRAND_CHANGED",
        brandId: event.brandId,
        isActive: event.isActive,
      })),
    },
    BRAND_TOGGLE_SETTLED: {
      actions: assign({
        pendingBrandIds: ({ context, event }) => new Set([...context.pendingBrandIds].filter((id) => id !== event.brandId)),
      }),
    },
  },
  initial: "browsing",
  states: {
    browsing: { on: { DISCONNECT_REQUEST: "confirmingDisconnect" } },
    confirmingDisconnect: {
      on: {
        DISCONNECT_CANCEL: "browsing",
        DISCONNECT_CONFIRM: { target: "browsing", actions: sendTo(SETTINGS_PAGE_CHILDREN.gmailSync, { type: "DISCONNECT" }) },
      },
    },
  },
});

export type SettingsPageActor = ActorRefFrom<typeof settingsPageMachine>;
export type SettingsPageSnapshot = SnapshotFrom<typeof settingsPageMachine>;

/** The Disconnect Gmail confirmation is open. */
export const isConfirmingDisconnect = (snapshot: SettingsPageSnapshot): boolean => snapshot.matches("confirmingDisconnect");

/** The page's invoked machines, which live as long as the page, each typed by what it runs. */
export function settingsPageChildren(page: SettingsPageActor) {
  const { children } = page.getSnapshot();
  return {
    settings: children[SETTINGS_PAGE_CHILDREN.settings] as ActorRefFrom<typeof settingsMachine>,
    gmailSync: children[SETTINGS_PAGE_CHILDREN.gmailSync] as ActorRefFrom<typeof syncFollowerMachine>,
    accountDeletion: children[SETTINGS_PAGE_CHILDREN.accountDeletion] as ActorRefFrom<typeof accountDeletionMachine>,
    connectGmail: children[SETTINGS_PAGE_CHILDREN.connectGmail] as ActorRefFrom<typeof googleFlowMachine>,
  };
}

export interface SettingsPagePorts {
  settings: SettingsGateway;
  gmail: GmailGateway;
  notifier: Notifier;
  /** "Connect Gmail": the Google flow that grants Gmail access. */
  connectGmail: ProvidedGoogleFlowMachine;
  /** Cached dashboard data no longer holds (a brand toggled, a sync finished). */
  dealsChanged: () => void;
  /** The account is gone: forget the session here too. */
  endSession: () => void;
  /** GET /settings answered the signed-in user. */
  userLoaded: (user: User) => void;
}

/** The page machine with its machines wired to the ports, and what each reports routed to the page. */
export function provideSettingsPageMachine(ports: SettingsPagePorts) {
  return settingsPageMachine.provide({
    actors: {
      settings: provideSettingsMachine({ gateway: ports.settings, notifier: ports.notifier, userLoaded: ports.userLoaded }).provide({
        actions: { loaded: sendParent((_, answer: { gmailConnected: boolean }) => ({ type: "SETTINGS_LOADED", ...answer })) },
      }),
      gmailSync: provideSyncFollowerMachine({ gateway: ports.gmail, dealsChanged: ports.dealsChanged }).provide({
        actions: { settingsChanged: sendParent({ type: "REFETCH_SETTINGS" }) },
      }),
      accountDeletion: provideAccountDeletionMachine({ gateway: ports.settings, notifier: ports.notifier, endSession: ports.endSession }),
      connectGmail: ports.connectGmail,
      brandToggle: provideBrandToggleMachine({ gateway: ports.settings, notifier: ports.notifier, dealsChanged: ports.dealsChanged }).provide({
        actions: {
          showBrand: sendParent((_, shown: { brandId: string; isActive: boolean }) => ({ type: "BRAND_SHOWN", ...shown })),
          refetchSettings: sendParent({ type: "REFETCH_SETTINGS" }),
          settled: sendParent((_, brandId: string) => ({ type: "BRAND_TOGGLE_SETTLED", brandId })),
        },
      }),
    },
  });
}
