import { useEffect, useRef } from "react";
import { statusChangeMessage, type StatusChange } from "../../../application/machines/dealStatusMachine";
import * as styles from "./DealDetail.css";

/**
 * Reports the last status change with an Undo. A deal marked from the Active list leaves it, taking the pressed
 * button with it: keyboard focus then goes to the Undo rather than to the top of the page.
 */
export function DealDetailUndoBar({
  change,
  onUndo,
  onDismiss,
  askingAbout = null,
}: {
  change: StatusChange | null;
  onUndo: () => void;
  onDismiss: () => void;
  /** The deal the savings question is about while it is asked: once answered, the focus it had comes back here. */
  askingAbout?: string | null;
}) {
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (change && (document.activeElement === null || document.activeElement === document.body)) undoRef.current?.focus();
  }, [change, askingAbout]);
  return (
    <div role="status" aria-live="polite">
      {change && (
        <div className={styles.undoBar}>
          <span className={styles.undoMessage}>{statusChangeMessage(change)}</span>
          <button ref={undoRef} type="button" className={styles.undoButton} onClick={onUndo}>
            Undo
          </button>
          <button type="button" className={styles.undoButton} aria-label="Dismiss" onClick={onDismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
