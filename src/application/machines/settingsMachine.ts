import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { User } from "../../domain/user";
import { serverMessageOr } from "../errors";
import type { Notifier, ToastRequest } from "../ports/notifications";
import type { SettingsData, SettingsGateway } from "../ports/settings";
import { SETTINGS_MESSAGES } from "../messages";

export type SettingsEvent =
  /** Load again, e.g. after a disconnect or a failed brand toggle. */
  | { type: "REFETCH" }
  /** A brand's shown state changed: the optimistic flip, then the server's answer. */
  | { type: "BRAND_CHANGED"; brandId: string; isActive: boolean };

export interface SettingsContext {
  settings: SettingsData | null;
  /** Why the last load failed, in words for 'Error: {message}. Please try refreshing the page.' */
  error: string | null;
}

/**
 * GET /settings for the settings page (docs/product.md, "Settings"): loading (a refetch keeps the last answer on screen),
 * ready, and failed. A failed load shows its message on the panels and in one toast.
 */
export const settingsMachine = setup({
  types: { context: {} as SettingsContext, events: {} as SettingsEvent },
  actors: {
    loadSettings: fromPromise<SettingsData>(async () => {
      throw new Error("loadSettings is provided at the composition root");
    }),
  },
  actions: {
    notify: (_, _toast: ToastRequest) => {},
    /** GET /settings refreshes the stored user (docs/product.md, "User"). */
    userLoaded: (_, _user: User) => {},
    /** A fresh answer says whether Gmail is connected (during a refetch the last one may predate a disconnect). */
    loaded: (_, _answer: { gmailConnected: boolean }) => {},
  },
}).createMachine({
  id: "settings",
  context: { settings: null, error: null },
  initial: "loading",
  on: {
    BRAND_CHANGED: {
      actions: assign({
        settings: ({ context, event }) =>
          context.settings && {
            ...context.settings,
            brands: context.settings.brands.map((brand) =>
              brand.id === event.brandId ? { ...brand, isActive: event.isActive } : brand,
            ),
          },
      }),
    },
  },
  states: {
    /** The first load, or a refetch while the last answer stays on screen. */
    loading: {
      invoke: {
        id: "loadSettings",
        src: "loadSettings",
        onDone: {
          target: "ready",
          actions: [
            assign({ settings: ({ event }) => event.output, error: null }),
            { type: "userLoaded", params: ({ event }) => event.output.user },
            { type: "loaded", params: ({ event }) => ({ gmailConnected: event.output.gmailConnected }) },
          ],
        },
        onError: {
          target: "failed",
          actions: [
            assign({ settings: null, error: ({ event }) => serverMessageOr(event.error, SETTINGS_MESSAGES.loadFailedFallback) }),
            {
              type: "notify",
              params: ({ context }) => ({
                title: SETTINGS_MESSAGES.loadFailedTitle,
                description: context.error ?? SETTINGS_MESSAGES.loadFailedFallback,
                variant: "destructive",
              }),
            },
          ],
        },
      },
    },
    ready: { on: { REFETCH: "loading" } },
    failed: { on: { REFETCH: "loading" } },
  },
});

export type SettingsActor = ActorRefFrom<typeof settingsMachine>;
export type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;

/** What the settings panels show. */
export type SettingsLoad =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; settings: SettingsData; refreshing: boolean };

export function settingsLoadOf(snapshot: SettingsSnapshot): SettingsLoad {
  const { settings, error } = snapshot.context;
  if (snapshot.matches("failed")) return { kind: "error", message: error ?? SETTINGS_MESSAGES.loadFailedFallback };
  if (settings) return { kind: "ready", settings, refreshing: snapshot.matches("loading") };
  return { kind: "loading" };
}

export function provideSettingsMachine(ports: { gateway: SettingsGateway; notifier: Notifier; userLoaded: (user: User) => void }) {
  return settingsMachine.provide({
    // Silent: the machine shows its own message for a failed load.
    actors: { loadSettings: fromPromise(() => ports.gateway.settings({ silent: true })) },
    actions: {
      notify: (_, toast) => ports.notifier.notify(toast),
      userLoaded: (_, user) => ports.userLoaded(user),
    },
  });
}
