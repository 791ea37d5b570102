import { button, heading2, muted } from "../../components/primitives.css";
import * as styles from "./Dashboard.css";

export interface WelcomePanelProps {
  gmailConnected: boolean;
  busy: boolean;
  onConnectGmail: () => void;
  onStartSync: () => void;
}

/** Shown instead of deals while there are no active promos: connect Gmail, or sync it when it is connected. */
export function WelcomePanel({ gmailConnected, busy, onConnectGmail, onStartSync }: WelcomePanelProps) {
  return (
    <section className={`${styles.dealCard} ${styles.dealBody}`} aria-labelledby="welcome-title">
      <div className={styles.welcome}>
        <h2 id="welcome-title" className={heading2}>
          Welcome to Deal Finder!
        </h2>
        <p>
          {gmailConnected
            ? "Your Gmail is connected. Run a sync and the deals and promo codes in your Promotions folder will appear here."
            : "Connect your Gmail and we will read your Promotions folder, read-only, and show its deals and promo codes here."}
        </p>
        {gmailConnected ? (
          <button type="button" className={button.primary} onClick={onStartSync} disabled={busy}>
            {busy ? "Starting sync..." : "Sync Gmail now"}
          </button>
        ) : (
          <button type="button" className={button.primary} onClick={onConnectGmail} disabled={busy}>
            {busy ? "Opening Google..." : "Connect Gmail"}
          </button>
        )}
        <p className={muted}>Only promotional emails are read, read-only, and never sold.</p>
      </div>
    </section>
  );
}
