import { Link } from "wouter";
import { GoogleButton } from "./GoogleButton";
import * as styles from "./auth.css";
import { heading1, muted } from "../components/primitives.css";

export interface LoginPageProps {
  /** A note from the page that sent the person here, e.g. 'Session expired. Please log in again.' */
  message: string | null;
  pending: boolean;
  onContinueWithGoogle: () => void;
}

export function LoginPage({ message, pending, onContinueWithGoogle }: LoginPageProps) {
  return (
    <div className={styles.wrapper}>
      <section className={styles.panel} aria-labelledby="login-title">
        <Link href="/" className={styles.close} aria-label="Close and go to the home page">
          <span aria-hidden="true">×</span>
        </Link>
        <h1 id="login-title" className={heading1}>
          Welcome Back
        </h1>
        <p className={muted}>Sign in with the Google account you used to sign up.</p>
        {message && (
          <p className={styles.notice} role="status">
            {message}
          </p>
        )}
        <GoogleButton onClick={onContinueWithGoogle} pending={pending} />
        <p className={styles.small}>
          New to Deal Finder? <Link href="/register">Create an account</Link>
        </p>
      </section>
    </div>
  );
}
