import type { GmailSyncView } from "../../../application/machines/syncFollowerMachine";
import type { SettingsLoad } from "../../../application/machines/settingsMachine";
import { syncMessageTone, syncPercent } from "../../../domain/gmailSettings";
import { button, card, heading2, muted, stack } from "../../components/primitives.css";
import { ConnectGmailButton } from "../../components/GmailConsent";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PanelError, PanelLoading } from "./PanelStatus";
import * as styles from "./settings.css";
import { dayAndTimeFormat } from "../../dateFormats";

export interface GmailConnectionCardProps {
  load: SettingsLoad;
  sync: GmailSyncView;
  onSyncNow: () => void;
  /** The Disconnect confirmation is open. */
  confirmingDisconnect: boolean;
  onDisconnectRequest: () => void;
  onDisconnectCancel: () => void;
  onDisconnectConfirm: () => void;
  onConnectGmail: () => void;
  /** On the way to Google's consent page. */
  connecting: boolean;
}

export function formatLastSync(iso: string | null): string {
  return iso ? dayAndTimeFormat().format(new Date(iso)) : "Never";
}

export function GmailConnectionCard(props: GmailConnectionCardProps) {
  const { load, sync, onSyncNow, onConnectGmail, connecting } = props;
  return (
    <section className={`${card} ${stack} ${styles.spaced}`} aria-labelledby="gmail-connection-title">
      <div className={styles.panelHeader}>
        <h2 id="gmail-connection-title" className={heading2}>
          Gmail Connection
        </h2>
        <p className={muted}>Deal Finder reads your Gmail Promotions, read-only, to find deals and promo codes.</p>
      </div>
      {load.kind === "loading" && <PanelLoading text="Loading Gmail connection..." />}
      {load.kind === "error" && <PanelError message={load.message} />}
      {load.kind === "ready" && (
        <>
          <dl className={styles.facts}>
            <dt className={styles.factName}>Status</dt>
            <dd className={styles.factValue}>
              <span className={load.settings.gmailConnected ? styles.status.connected : styles.status.notConnected}>
                {load.settings.gmailConnected ? "Connected" : "Not Connected"}
              </span>
            </dd>
            <dt className={styles.factName}>Last sync</dt>
            <dd className={styles.factValue}>{formatLastSync(load.settings.lastSync)}</dd>
            <dt className={styles.factName}>Monitored label</dt>
            <dd className={styles.factValue}>Promotions</dd>
            <dt className={styles.factName}>Google account</dt>
            <dd className={styles.factValue}>{load.settings.linkedAccount ?? "None linked"}</dd>
          </dl>
          {sync.syncing && <SyncProgressBar progress={sync.progress} />}
          {sync.notice && (
            <p
              className={styles.syncMessage[syncMessageTone(sync.notice.outcome)]}
              data-tone={syncMessageTone(sync.notice.outcome)}
              role="status"
              aria-live="polite"
            >
              {sync.notice.text}
            </p>
          )}
          <div className={`${styles.actions} ${styles.footActions}`}>
            {load.settings.gmailConnected ? (
              <>
                <button
                  type="button"
                  className={button.primary}
                  onClick={onSyncNow}
                  disabled={sync.syncing || sync.starting || sync.disconnecting}
                >
                  {sync.syncing || sync.starting ? "Syncing..." : "Sync Now"}
                </button>
                <button type="button" className={button.secondary} onClick={props.onDisconnectRequest} disabled={sync.disconnecting}>
                  {sync.disconnecting ? "Disconnecting..." : "Disconnect"}
                </button>
              </>
            ) : (
              <ConnectGmailButton connecting={connecting} onConnectGmail={onConnectGmail} />
            )}
          </div>
        </>
      )}
      {props.confirmingDisconnect && (
        <ConfirmDialog
          title="Disconnect Gmail?"
          confirmLabel="Disconnect Gmail"
          busyLabel="Disconnecting..."
          busy={false}
          error={null}
          onCancel={props.onDisconnectCancel}
          onConfirm={props.onDisconnectConfirm}
        >
          <p>Deal Finder stops reading your Promotions, and its access to your Gmail is revoked.</p>
          <p>The deals already found stay on your dashboard. You can connect Gmail again at any time.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function SyncProgressBar({ progress }: { progress: GmailSyncView["progress"] }) {
  const percent = syncPercent(progress);
  const known = percent !== null && progress !== null;
  return (
    <div
      role="progressbar"
      aria-label="Sync progress"
      aria-valuemin={0}
      aria-valuemax={known ? progress.total : undefined}
      aria-valuenow={known ? progress.processed : undefined}
      aria-valuetext={known ? `${progress.processed} of ${progress.total} emails` : "Starting"}
      className={styles.progressTrack}
    >
      {known ? <div className={styles.progressFill} style={{ width: `${percent}%` }} /> : <div className={styles.progressUnknown} />}
    </div>
  );
}
