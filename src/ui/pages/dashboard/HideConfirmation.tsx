import { useEffect, useRef } from "react";
import { button, muted } from "../../components/primitives.css";
import * as styles from "./Dashboard.css";

/** The phone's confirmation before hiding every deal of a brand. */
export function HideConfirmation({ brand, onConfirm, onCancel }: { brand: string; onConfirm: () => void; onCancel: () => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Keyboard users land back on the control that opened the confirmation once it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="hide-title"
      aria-describedby="hide-description"
      onKeyDown={(event) => event.key === "Escape" && onCancel()}
    >
      <strong id="hide-title">Hide all deals from {brand}?</strong>
      <span id="hide-description" className={muted}>
        You can show them again in Settings.
      </span>
      <div className={styles.confirmActions}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button ref={confirmRef} type="button" className={button.primary} onClick={onConfirm}>
          Hide brand
        </button>
      </div>
    </div>
  );
}
