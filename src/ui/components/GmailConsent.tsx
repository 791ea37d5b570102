import { useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";
import * as styles from "./GmailConsent.css";
import { button } from "./primitives.css";

/** Google's own words for the read-only Gmail permission, which its consent page shows. */
export const GOOGLE_GMAIL_WORDING = "View your email messages and settings";

/**
 * What Deal Finder reads and keeps, and what Google's wording covers beyond it: said before every trip to Google's
 * consent page (sign-up, and "Connect Gmail" on the dashboard and in Settings), in the same words.
 */
export function GmailConsentList() {
  return (
    <dl className={styles.consentList}>
      <div>
        <dt className={styles.consentTerm}>What we read</dt>
        <dd className={styles.consentDetail}>
          Only the emails in your Gmail Promotions, read-only. We never send, change or delete mail, and never open your
          other emails.
        </dd>
      </div>
      <div>
        <dt className={styles.consentTerm}>What we keep</dt>
        <dd className={styles.consentDetail}>
          The deals we find (brand, offer, codes, end date, links and images) and the sender, subject and date of each
          promotional email, so it is read once. Deleting your account removes it all.
        </dd>
      </div>
      <div>
        <dt className={styles.consentTerm}>Google&apos;s wording</dt>
        <dd className={styles.consentDetail}>
          Google will ask to &quot;{GOOGLE_GMAIL_WORDING}&quot;. It is the narrowest permission that lets us read an
          email&apos;s deal, and it covers more than we read.
        </dd>
      </div>
    </dl>
  );
}

/**
 * "Connect Gmail", which first says what is read and kept (as sign-up does) and goes on to Google's consent page only
 * from there. Whether that step is open is this button's own affair: nothing else depends on it.
 */
export function ConnectGmailButton({ connecting, onConnectGmail }: { connecting: boolean; onConnectGmail: () => void }) {
  const [explaining, setExplaining] = useState(false);
  return (
    <>
      <button type="button" className={button.primary} onClick={() => setExplaining(true)} disabled={connecting}>
        {connecting ? "Opening Google..." : "Connect Gmail"}
      </button>
      {explaining && (
        <ConfirmDialog
          title="Before you go to Google"
          confirmLabel="Continue to Google"
          busyLabel="Opening Google..."
          busy={connecting}
          error={null}
          tone="go-on"
          onCancel={() => setExplaining(false)}
          onConfirm={() => {
            setExplaining(false);
            onConnectGmail();
          }}
        >
          <GmailConsentList />
        </ConfirmDialog>
      )}
    </>
  );
}
