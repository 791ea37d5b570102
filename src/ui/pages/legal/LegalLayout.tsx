import type { ReactNode } from "react";
import { Link } from "wouter";
import { heading1 } from "../../components/primitives.css";
import * as styles from "./legal.css";

/** Both legal texts are dated 1 October 2025; their footers show the last revision, October 2, 2025. */
export const LEGAL_EFFECTIVE_DATE = "1 October 2025";
export const LEGAL_LAST_UPDATED = "October 2, 2025";
export const LEGAL_CONTACT_EMAIL = "privacy@dealfinder.app";

export function LegalLayout({ title, other, children }: { title: string; other: "privacy" | "terms"; children: ReactNode }) {
  return (
    <article className={styles.article} aria-labelledby="legal-title">
      <nav className={styles.nav} aria-label="Legal">
        <Link href="/">← Back to home</Link>
        {other === "privacy" ? <Link href="/privacy">Privacy Policy</Link> : <Link href="/terms">Terms of Service</Link>}
      </nav>
      <h1 id="legal-title" className={heading1}>
        {title}
      </h1>
      <p className={styles.meta}>Effective date: {LEGAL_EFFECTIVE_DATE}</p>
      {children}
      <footer className={styles.footer}>
        <p>Last updated: {LEGAL_LAST_UPDATED}</p>
        <p>
          <Link href="/">Home</Link> · <Link href="/privacy">Privacy Policy</Link> · <Link href="/terms">Terms of Service</Link>
        </p>
      </footer>
    </article>
  );
}
