import { Link } from "wouter";
import { GoogleButton } from "./GoogleButton";
import * as styles from "./auth.css";
import { muted } from "../components/primitives.css";
import { AuthPanel } from "./AuthPanel";

export interface RegisterViewProps {
  pending: boolean;
  onContinueWithGoogle: () => void;
}

/** /register as designers review it: a props-only view. */
export function RegisterView({ pending, onContinueWithGoogle }: RegisterViewProps) {
  return (
    <AuthPanel titleId="register-title" title="Create your account">
      <p className={muted}>
        Sign up with Google and allow read-only access to your Gmail Promotions. We find the deals and promo codes
        there and never read anything else.
      </p>
      <GoogleButton onClick={onContinueWithGoogle} pending={pending} />
      <p className={styles.small}>
        By continuing you agree to our <Link href="/terms">Terms of Service</Link> and{" "}
        <Link href="/privacy">Privacy Policy</Link>.
      </p>
      <p className={styles.small}>
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </AuthPanel>
  );
}
