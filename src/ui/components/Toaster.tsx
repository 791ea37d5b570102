import { useEffect, useRef } from "react";
import type { Toast } from "../../domain/toast";
import * as styles from "./Toaster.css";

export interface ToasterProps {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
  /** The toast's button (Undo) was pressed. */
  onAction: (id: string) => void;
  /** The person points at or focuses a toast, and leaves it: its time stands still meanwhile. */
  onHold: (id: string) => void;
  onRelease: (id: string) => void;
}

/** The key that takes keyboard users to the toast's button from anywhere in the page, as in common toast libraries. */
export const TOAST_HOTKEY = "F8";

/**
 * The global toast area. Open toasts are announced: errors assertively, the rest politely. A toast with a button (Undo)
 * is reached with F8 (the region's name says so) or Tab, and stays while the pointer or focus is in it.
 */
export function Toaster({ toasts, onDismiss, onAction, onHold, onRelease }: ToasterProps) {
  const open = toasts.filter((toast) => toast.open);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const jump = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const target = listRef.current?.querySelector<HTMLButtonElement>("button");
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    window.addEventListener("keydown", jump);
    return () => window.removeEventListener("keydown", jump);
  }, []);
  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <ol ref={listRef} className={styles.viewport}>
        {open.map((toast) => (
          <li
            key={toast.id}
            onPointerEnter={() => onHold(toast.id)}
            onPointerLeave={() => onRelease(toast.id)}
            onFocus={() => onHold(toast.id)}
            onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && onRelease(toast.id)}
          >
            <div
              className={styles.toast[toast.variant]}
              role={toast.variant === "destructive" ? "alert" : "status"}
              aria-live={toast.variant === "destructive" ? "assertive" : "polite"}
              aria-atomic="true"
            >
              <div className={styles.body}>
                <div className={styles.title}>{toast.title}</div>
                {toast.description && <div className={styles.description}>{toast.description}</div>}
              </div>
              {toast.actionLabel && (
                <button type="button" className={styles.action} onClick={() => onAction(toast.id)}>
                  {toast.actionLabel}
                </button>
              )}
              <button
                type="button"
                className={styles.close}
                aria-label="Dismiss notification"
                onClick={() => onDismiss(toast.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
