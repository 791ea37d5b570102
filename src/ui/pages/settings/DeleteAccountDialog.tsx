import { useEffect, useRef } from "react";
import { button, heading2, stack } from "../../components/primitives.css";
import * as styles from "./settings.css";

export interface DeleteAccountDialogProps {
  deleting: boolean;
  /** Why the last attempt failed, if it did. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation before Delete Account: a native modal dialog, so focus stays inside it and Escape cancels.
 * Shown while it is mounted.
 */
export function DeleteAccountDialog({ deleting, error, onCancel, onConfirm }: DeleteAccountDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    // jsdom, where the stories are tested, has no showModal: the dialog is then simply open.
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-description"
      onCancel={(event) => {
        // Escape: the machine decides, so the dialog closes by being unmounted.
        event.preventDefault();
        if (!deleting) onCancel();
      }}
    >
      <div className={`${stack} ${styles.spaced}`}>
        <h2 id="delete-account-title" className={heading2}>
          Delete your account?
        </h2>
        <div id="delete-account-description" className={stack}>
          <p>This cannot be undone. Deleting your account removes:</p>
          <ul className={styles.dialogList}>
            <li>every deal and promo code found in your email</li>
            <li>your brands and their settings</li>
            <li>your Gmail sync history</li>
            <li>all your sessions, on every device</li>
          </ul>
          <p>Deal Finder&apos;s access to your Google account and Gmail is revoked.</p>
        </div>
        {error && (
          <p className={styles.errorText} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={button.secondary} onClick={onCancel} disabled={deleting} autoFocus>
            Cancel
          </button>
          <button type="button" className={`${button.primary} ${styles.dangerButton}`} onClick={onConfirm} disabled={deleting}>
            {deleting ? "Deleting..." : "Delete my account"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
