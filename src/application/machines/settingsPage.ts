import { createActor } from "xstate";
import type { User } from "../../domain/user";
import type { Notifier } from "../ports/notifications";
import type { GmailGateway, SettingsGateway } from "../ports/settings";
import { provideAccountDeletionMachine, type AccountDeletionActor } from "./accountDeletionMachine";
import { BrandToggles, provideBrandToggleMachine } from "./brandToggleMachine";
import { provideGmailSyncMachine, type GmailSyncActor } from "./gmailSyncMachine";
import { provideSettingsMachine, type SettingsActor } from "./settingsMachine";

export interface SettingsPagePorts {
  settings: SettingsGateway;
  gmail: GmailGateway;
  notifier: Notifier;
  /** Leaves for Google's consent page to grant Gmail access; false after a failure toast. */
  connectGmail: () => Promise<boolean>;
  /** Cached dashboard data no longer holds (a brand toggled, a sync finished). */
  dealsChanged: () => void;
  /** The account is gone: forget the session here too. */
  endSession: () => void;
  /** GET /settings answered the signed-in user. */
  userLoaded: (user: User) => void;
}

/** The running machines of one visit of /settings, wired to each other. */
export interface SettingsPageActors {
  settings: SettingsActor;
  gmailSync: GmailSyncActor;
  brandToggles: BrandToggles;
  accountDeletion: AccountDeletionActor;
  connectGmail: () => Promise<boolean>;
  stop(): void;
}

/**
 * Starts the settings page's machines: the settings load, the Gmail sync (polling only while the settings say Gmail
 * is connected), a toggle per brand, and the account deletion. Each visit starts its own; leaving stops them.
 */
export class SettingsPageLogic {
  constructor(private readonly ports: SettingsPagePorts) {}

  start(): SettingsPageActors {
    const { ports } = this;
    const settings = createActor(
      provideSettingsMachine({ gateway: ports.settings, notifier: ports.notifier, userLoaded: ports.userLoaded }),
    );
    const refetchSettings = () => settings.send({ type: "REFETCH" });
    const gmailSync = createActor(
      provideGmailSyncMachine({ gateway: ports.gmail, refetchSettings, dealsChanged: ports.dealsChanged }),
    );
    const brandToggles = new BrandToggles(
      provideBrandToggleMachine({
        gateway: ports.settings,
        notifier: ports.notifier,
        showBrand: (brandId, isActive) => settings.send({ type: "BRAND_CHANGED", brandId, isActive }),
        dealsChanged: ports.dealsChanged,
        refetchSettings,
      }),
    );
    const accountDeletion = createActor(
      provideAccountDeletionMachine({ gateway: ports.settings, notifier: ports.notifier, endSession: ports.endSession }),
    );
    // Only a fresh answer counts: during a refetch the last one may predate a disconnect.
    const connection = settings.subscribe((snapshot) => {
      const loaded = snapshot.context.settings;
      if (loaded && snapshot.matches("ready")) gmailSync.send({ type: loaded.gmailConnected ? "CONNECTED" : "DISCONNECTED" });
    });
    gmailSync.start();
    accountDeletion.start();
    settings.start();
    return {
      settings,
      gmailSync,
      brandToggles,
      accountDeletion,
      connectGmail: ports.connectGmail,
      stop() {
        connection.unsubscribe();
        settings.stop();
        gmailSync.stop();
        brandToggles.stop();
        accountDeletion.stop();
      },
    };
  }
}
