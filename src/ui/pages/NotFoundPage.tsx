import { Link } from "wouter";
import { button, centered, heading1, muted, page, row, stack } from "../components/primitives.css";
import * as styles from "./NotFoundPage.css";

export function NotFoundPage() {
  return (
    <div className={`${page} ${stack} ${centered}`}>
      <p className={styles.code}>404</p>
      <h1 className={heading1}>Page Not Found</h1>
      <p className={muted}>The page you are looking for does not exist or has moved.</p>
      <div className={`${row} ${styles.actions}`}>
        <Link href="/" className={button.primary}>
          Go Home
        </Link>
        <Link href="/dashboard" className={button.secondary}>
          Go to Dashboard
        </Link>
      </div>
    </div>
  );
}
