import { useId } from "react";
import { button, heading2, stack } from "./primitives.css";
import { modalDialog } from "./modalDialog.css";
import { useModalDialog } from "./useModalDialog";
import * as styles from "./SignOutDialog.css";

export interface SignOutDialogProps {
  /** Also sign out the browser extension paired from this browser: yes until the person says otherwise. */
  signOutExtension: boolean;
  onChooseExtension: (signOut: boolean) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

const SIGN_OUT_EXTENSION_TOO = "The extension is signed out too: it stops showing your codes at checkouts until you connect it again.";
const EXTENSION_STAYS = "The extension stays signed in and keeps showing your codes at checkouts. You can disconnect it later in Settings.";

/**
 * Logout's question when a browser extension was paired from this browser: sign it out too (the default) or keep it,
 * with a sentence that says what will happen and says it again, politely, when the choice changes. A native modal
 * dialog: focus starts on the choice and stays inside, Escape cancels, and focus goes back where it was.
 */
export function SignOutDialog({ signOutExtension, onChooseExtension, onCancel, onConfirm }: SignOutDialogProps) {
  const dialog = useModalDialog();
  const titleId = useId();
  const introId = useId();
  const consequenceId = useId();

  return (
    <dialog
      ref={dialog}
      className={modalDialog}
      aria-labelledby={titleId}
      aria-describedby={`${introId} ${consequenceId}`}
      onCancel={(event) => {
        // Escape: the machine decides, so the dialog closes by being unmounted.
        event.preventDefault();
        onCancel();
      }}
    >
      <div className={stack}>
        <h2 id={titleId} className={heading2}>
          Log out of Deal Finder?
        </h2>
        <p id={introId} className={styles.text}>
          You connected the Deal Finder browser extension from this browser.
        </p>
        <label className={styles.choice}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={signOutExtension}
            onChange={(event) => onChooseExtension(event.target.checked)}
            aria-describedby={consequenceId}
            autoFocus
          />
          Also sign out the browser extension
        </label>
        <p id={consequenceId} className={styles.consequence} aria-live="polite">
          {signOutExtension ? SIGN_OUT_EXTENSION_TOO : EXTENSION_STAYS}
        </p>
        <div className={styles.actions}>
          <button type="button" className={button.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={button.primary} onClick={onConfirm}>
            Log out
          </button>
        </div>
      </div>
    </dialog>
  );
}
