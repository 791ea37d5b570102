import { Link } from "wouter";
import type { OAuthCallbackStatus } from "../../application/machines/oauthCallbackMachine";
import * as styles from "./auth.css";
import { button, heading1, muted, row, spinner } from "../components/primitives.css";

/** The result of Google's round trip: loading, then 'Success!' or 'Oops!'. */
export function OAuthCallbackView({ view }: { view: OAuthCallbackStatus }) {
  return (
    <div className={styles.wrapper}>
      <section className={styles.panel} aria-live="polite" aria-labelledby="oauth-title">
        {view.kind === "loading" && (
          <>
            <div>
              <span className={spinner} aria-hidden="true" />
            </div>
            <h1 id="oauth-title" className={heading1}>
              Completing Sign-In
            </h1>
            <p className={muted}>Please wait while we finish signing you in with Google.</p>
          </>
        )}
        {view.kind === "success" && (
          <>
            <div className={`${styles.statusIcon} ${styles.success}`} aria-hidden="true">
              ✓
            </div>
            <h1 id="oauth-title" className={heading1}>
              Success!
            </h1>
            <p>{view.message}</p>
            <p className={styles.small}>Taking you to your dashboard...</p>
          </>
        )}
        {view.kind === "error" && (
          <>
            <div className={`${styles.statusIcon} ${styles.failure}`} aria-hidden="true">
              !
            </div>
            <h1 id="oauth-title" className={heading1}>
              Oops!
            </h1>
            <p role="alert">{view.message}</p>
            <div className={`${row} ${styles.actions}`}>
              <Link href="/login" className={button.primary}>
                Try Again
              </Link>
              <Link href="/" className={button.secondary}>
                Go Home
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
