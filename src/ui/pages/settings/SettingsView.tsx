import type { ReactNode } from "react";
import { Link } from "wouter";
import type { GmailSyncView } from "../../../application/machines/syncFollowerMachine";
import type { SettingsLoad } from "../../../application/machines/settingsMachine";
import { heading1, muted, page, stack } from "../../components/primitives.css";
import { AccountSettings, type AccountDeletionPhase } from "./AccountSettings";
import { BrandSettings } from "./BrandSettings";
import { GmailConnectionCard } from "./GmailConnectionCard";
import { GmailLabels } from "./GmailLabels";
import * as styles from "./settings.css";

export interface SettingsViewProps {
  load: SettingsLoad;
  /** The signed-in person's email, shown until the settings say which Google account is linked. */
  userEmail: string | null;
  sync: GmailSyncView;
  connecting: boolean;
  pendingBrandIds: ReadonlySet<string>;
  deletion: AccountDeletionPhase;
  onSyncNow: () => void;
  confirmingDisconnect: boolean;
  onDisconnectRequest: () => void;
  onDisconnectCancel: () => void;
  onDisconnectConfirm: () => void;
  onConnectGmail: () => void;
  onToggleBrand: (brandId: string, isActive: boolean) => void;
  onDeleteRequest: () => void;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
  /** The "Emails" card, which runs a machine of its own; stories leave it out. */
  emailSettings?: ReactNode;
  /** The "Browser extension" card, which runs a machine of its own; stories leave it out. */
  extensionSessions?: ReactNode;
  /** "Your senders", which runs a machine of its own; stories leave it out. */
  yourSenders?: ReactNode;
  /** The "Deal alerts" card, which runs a machine of its own; stories leave it out. */
  alertRules?: ReactNode;
}

/**
 * /settings (docs/product.md, "Settings"): the Gmail connection and the account side by side, then the emails, brands,
 * Gmail labels and the browser extension.
 */
export function SettingsView(props: SettingsViewProps) {
  const { load } = props;
  const accountEmail = (load.kind === "ready" && load.settings.linkedAccount) || props.userEmail;
  return (
    <div className={`${page} ${stack}`}>
      <div>
        <h1 className={heading1}>Settings</h1>
        <p className={muted}>Manage your account preferences and settings</p>
      </div>
      <div className={styles.layout}>
        <GmailConnectionCard
          load={load}
          sync={props.sync}
          connecting={props.connecting}
          onSyncNow={props.onSyncNow}
          confirmingDisconnect={props.confirmingDisconnect}
          onDisconnectRequest={props.onDisconnectRequest}
          onDisconnectCancel={props.onDisconnectCancel}
          onDisconnectConfirm={props.onDisconnectConfirm}
          onConnectGmail={props.onConnectGmail}
        />
        <AccountSettings
          email={accountEmail}
          deletion={props.deletion}
          onDeleteRequest={props.onDeleteRequest}
          onDeleteCancel={props.onDeleteCancel}
          onDeleteConfirm={props.onDeleteConfirm}
        />
        {props.emailSettings}
        {props.alertRules}
        <BrandSettings load={load} pendingBrandIds={props.pendingBrandIds} onToggleBrand={props.onToggleBrand} />
        <GmailLabels load={load} />
        {props.extensionSessions}
        {props.yourSenders}
      </div>
      <p className={muted}>
        <Link href="/terms">Terms of Service</Link> · <Link href="/privacy">Privacy Policy</Link>
      </p>
    </div>
  );
}
