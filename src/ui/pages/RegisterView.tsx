import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { GoogleButton } from "./GoogleButton";
import * as styles from "./auth.css";
import { button, fullWidth, muted } from "../components/primitives.css";
import { AuthPanel } from "./AuthPanel";
import { GmailConsentList } from "../components/GmailConsent";

export interface RegisterViewProps {
  pending: boolean;
  /** Showing what is read and kept, before Google's consent page. */
  explaining: boolean;
  onContinueWithGoogle: () => void;
  /** From the explanation on to Google. */
  onGoOnToGoogle: () => void;
  /** From the explanation back to the first step. */
  onBack: () => void;
}

/** /register as designers review it: a props-only view. */
export function RegisterView({ pending, explaining, onContinueWithGoogle, onGoOnToGoogle, onBack }: RegisterViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const continueButton = useRef<HTMLDivElement>(null);
  const shown = useRef(explaining);
  // The step replaces the panel's content: focus follows it, and going back returns to the button that opened it.
  useEffect(() => {
    if (shown.current === explaining) return;
    shown.current = explaining;
    if (explaining) heading.current?.focus();
    else continueButton.current?.querySelector("button")?.focus();
  }, [explaining]);

  if (explaining) {
    return (
      <AuthPanel titleId="register-title" title="Before you go to Google" headingRef={heading}>
        <GmailConsentList />
        <button type="button" className={`${button.primary} ${fullWidth}`} onClick={onGoOnToGoogle} disabled={pending} aria-busy={pending}>
          Continue to Google
        </button>
        <button type="button" className={`${button.secondary} ${fullWidth}`} onClick={onBack} disabled={pending}>
          Back
        </button>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel titleId="register-title" title="Create your account">
      <p className={muted}>
        Sign up with Google and allow read-only access to your Gmail Promotions. We find the deals and promo codes
        there and never read anything else.
      </p>
      <div ref={continueButton}>
        <GoogleButton onClick={onContinueWithGoogle} pending={pending} />
      </div>
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
