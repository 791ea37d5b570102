import { Link } from "wouter";
import type { DashboardSync } from "../../../application/machines/syncFollowerMachine";
import { lookAgainIn } from "../../../domain/syncSchedule";
import { button, heading2, muted, visuallyHidden } from "../../components/primitives.css";
import { ConnectGmailButton } from "../../components/GmailConsent";
import * as styles from "./Dashboard.css";

export interface WelcomePanelProps {
  gmailConnected: boolean;
  /** The Gmail sync as the dashboard follows it. */
  sync: DashboardSync;
  /** For "we'll look again in about 30 minutes". */
  now: Date;
  busy: boolean;
  onConnectGmail: () => void;
  onStartSync: () => void;
}

/**
 * Shown instead of deals while there are no active promos, with the next step: connect Gmail; sync it; wait while it
 * is scanned; or, when a sync found nothing, when we will look again.
 */
export function WelcomePanel({ gmailConnected, sync, now, busy, onConnectGmail, onStartSync }: WelcomePanelProps) {
  return (
    <section className={`${styles.dealCard} ${styles.dealBody}`} aria-labelledby="welcome-title">
      <div className={styles.welcome}>
        <h2 id="welcome-title" className={heading2}>
          Welcome to Deal Finder!
        </h2>
        {gmailConnected ? (
          <ConnectedNextStep sync={sync} now={now} busy={busy} onStartSync={onStartSync} />
        ) : (
          <>
            <p>Connect your Gmail and we will read your Promotions folder, read-only, and show its deals and promo codes here.</p>
            <ConnectGmailButton connecting={busy} onConnectGmail={onConnectGmail} />
          </>
        )}
        <p className={muted}>Only promotional emails are read, read-only, and never sold.</p>
      </div>
    </section>
  );
}

function ConnectedNextStep({ sync, now, busy, onStartSync }: Pick<WelcomePanelProps, "sync" | "now" | "busy" | "onStartSync">) {
  if (sync.kind === "running") {
    return <p>We are scanning your Promotions now. Deals and promo codes appear here as they are found.</p>;
  }
  const syncButton = (label: string) => (
    <button type="button" className={button.primary} onClick={onStartSync} disabled={busy}>
      {busy ? "Starting sync..." : label}
    </button>
  );
  if (sync.kind === "ended" && sync.failed) {
    return (
      <>
        <p>We could not finish scanning your Promotions. {sync.message}</p>
        {syncButton("Try again")}
      </>
    );
  }
  if (sync.kind === "ended") {
    return (
      <>
        <p>
          {sync.nextSyncAt
            ? `No deals in your Promotions yet. We'll look again ${lookAgainIn(new Date(sync.nextSyncAt), now)}.`
            : "No deals in your Promotions yet. Sync again whenever new promotions arrive."}
        </p>
        {syncButton("Sync again now")}
        <NextSteps />
      </>
    );
  }
  return (
    <>
      <p>Your Gmail is connected. Run a sync and the deals and promo codes in your Promotions folder will appear here.</p>
      {syncButton("Sync Gmail now")}
    </>
  );
}

/** Gmail's own settings page for its inbox tabs, where the Promotions tab is switched on. */
const GMAIL_INBOX_SETTINGS = "https://mail.google.com/mail/u/0/#settings/inbox";

/** An empty mailbox's next steps (docs/product.md, "Dashboard"): what to check, what to add, what to expect. */
function NextSteps() {
  return (
    <section className={styles.nextSteps} aria-labelledby="next-steps-title">
      <h3 id="next-steps-title" className={styles.nextStepsTitle}>
        While you wait
      </h3>
      <ol className={styles.nextStepsList}>
        <li>
          <strong>Check that Gmail&apos;s Promotions tab is on.</strong> We read only that tab: without it, promotions land
          in your Primary inbox, where we never look.{" "}
          <a href={GMAIL_INBOX_SETTINGS} target="_blank" rel="noopener noreferrer">
            Open Gmail&apos;s inbox settings{" "}
            <span className={visuallyHidden}>(opens in a new tab)</span>
          </a>
        </li>
        <li>
          <strong>Install the browser extension.</strong> It shows your codes on the shops&apos; own checkout pages.{" "}
          <Link href="/extension">Get the extension</Link>
        </li>
        <li>
          <strong>What a filled dashboard looks like:</strong> a card for each deal, with its promo code to copy, when it
          ends and a link to the shop, sorted so the deals ending soonest come first.
        </li>
      </ol>
    </section>
  );
}
