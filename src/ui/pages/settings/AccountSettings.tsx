import { useId } from "react";
import { emailLocalPart } from "../../../domain/user";
import { button, card, field, heading2, input, label, muted, stack } from "../../components/primitives.css";
import { DeleteAccountDialog } from "./DeleteAccountDialog";
import * as styles from "./settings.css";

/** Where Delete Account is: not asked, asking for confirmation, deleting, or failed (the dialog stays open). */
export type AccountDeletionPhase = { kind: "idle" } | { kind: "confirming" } | { kind: "deleting" } | { kind: "failed"; error: string };

export interface AccountSettingsProps {
  /** The linked account email, or null until it is known. */
  email: string | null;
  deletion: AccountDeletionPhase;
  onDeleteRequest: () => void;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
}

export function AccountSettings({ email, deletion, onDeleteRequest, onDeleteCancel, onDeleteConfirm }: AccountSettingsProps) {
  const usernameId = useId();
  const emailId = useId();
  const helpId = useId();
  return (
    <section className={`${card} ${stack} ${styles.spaced}`} aria-labelledby="account-settings-title">
      <h2 id="account-settings-title" className={heading2}>
        Account Settings
      </h2>
      <div className={stack}>
        <div className={styles.fieldPair}>
          <div className={field}>
            <label htmlFor={usernameId} className={label}>
              Username
            </label>
            <input id={usernameId} className={`${input} ${styles.readOnlyInput}`} value={email ? emailLocalPart(email) : ""} readOnly />
          </div>
          <div className={field}>
            <label htmlFor={emailId} className={label}>
              Email Address
            </label>
            <input
              id={emailId}
              type="email"
              className={`${input} ${styles.readOnlyInput}`}
              value={email ?? ""}
              aria-describedby={helpId}
              readOnly
            />
          </div>
        </div>
        <p id={helpId} className={muted}>
          This is your account email. Weekly reports are sent here, and it should match your connected Gmail account.
        </p>
      </div>
      <h3>Account Security</h3>
      <div className={styles.securityRow}>
        <button type="button" className={button.secondary} disabled>
          Change Password
        </button>
        <p className={muted}>You signed up with Google, so password authentication is not available.</p>
      </div>
      <div className={styles.footActions}>
        <button type="button" className={button.danger} onClick={onDeleteRequest}>
          Delete Account
        </button>
      </div>
      {deletion.kind !== "idle" && (
        <DeleteAccountDialog
          deleting={deletion.kind === "deleting"}
          error={deletion.kind === "failed" ? deletion.error : null}
          onCancel={onDeleteCancel}
          onConfirm={onDeleteConfirm}
        />
      )}
    </section>
  );
}
