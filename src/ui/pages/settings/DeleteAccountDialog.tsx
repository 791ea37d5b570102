import { ConfirmDialog } from "../../components/ConfirmDialog";
import * as styles from "./settings.css";

export interface DeleteAccountDialogProps {
  deleting: boolean;
  /** Why the last attempt failed, if it did. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before Delete Account, saying everything that goes with it. */
export function DeleteAccountDialog({ deleting, error, onCancel, onConfirm }: DeleteAccountDialogProps) {
  return (
    <ConfirmDialog
      title="Delete your account?"
      confirmLabel="Delete my account"
      busyLabel="Deleting..."
      busy={deleting}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>This cannot be undone. Deleting your account removes:</p>
      <ul className={styles.dialogList}>
        <li>every deal and promo code found in your email</li>
        <li>your brands and their settings</li>
        <li>your Gmail sync history</li>
        <li>all your sessions, on every device</li>
      </ul>
      <p>Deal Finder&apos;s access to your Google account and Gmail is revoked.</p>
    </ConfirmDialog>
  );
}
