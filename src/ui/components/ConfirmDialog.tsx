import { useId, type ReactNode } from "react";
import { button, heading2, stack } from "./primitives.css";
import { modalDialog } from "./modalDialog.css";
import { useModalDialog } from "./useModalDialog";
import * as styles from "./ConfirmDialog.css";

export interface ConfirmDialogProps {
  title: string;
  /** What confirming does, read out with the title. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  busy: boolean;
  /** Why the last attempt failed, if it did. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** "danger" (the default) for an action that removes something; "go-on" for a step on the way somewhere. */
  tone?: "danger" | "go-on";
}

/**
 * A confirmation before an action that cannot simply be taken back: a native modal dialog, so focus stays inside it
 * and Escape cancels; Cancel has the focus first. Shown while it is mounted; on leaving, focus goes back to where it
 * was (the button that opened it).
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, busy, error, onCancel, onConfirm, tone = "danger" }: ConfirmDialogProps) {
  const dialog = useModalDialog();
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      ref={dialog}
      className={modalDialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the machine decides, so the dialog closes by being unmounted.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className={`${stack} ${styles.body}`}>
        <h2 id={titleId} className={heading2}>
          {title}
        </h2>
        <div id={descriptionId} className={stack}>
          {children}
        </div>
        {error && (
          <p className={styles.errorText} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={button.secondary} onClick={onCancel} disabled={busy} autoFocus>
            Cancel
          </button>
          <button type="button" className={tone === "danger" ? button.danger : button.primary} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
