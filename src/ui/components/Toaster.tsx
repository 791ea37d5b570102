import type { Toast } from "../../domain/toast";
import * as styles from "./Toaster.css";

export interface ToasterProps {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
}

/** The global toast area. Open toasts are announced: errors assertively, the rest politely. */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const open = toasts.filter((toast) => toast.open);
  return (
    <section aria-label="Notifications">
      <ol className={styles.viewport}>
        {open.map((toast) => (
          <li key={toast.id}>
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
