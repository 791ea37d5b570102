import { Link } from "wouter";
import { GoogleButton } from "./GoogleButton";
import * as styles from "./auth.css";
import { muted } from "../components/primitives.css";
import { AuthPanel } from "./AuthPanel";

export interface LoginViewProps {
  /** A note from the page that sent the person here, e.g. 'Session expired. Please log in again.' */
  message: string | null;
  pending: boolean;
  onContinueWithGoogle: () => void;
}

/** /login as designers review it: a props-only view. */
export function LoginView({ message, pending, onContinueWithGoogle }: LoginViewProps) {
  return (
    <AuthPanel titleId="login-title" title="Welcome Back">
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
    </AuthPanel>
  );
}
