/** The toast list rules (docs/product.md, "Toasts"): add, update, dismiss and remove; one toast shown at a time. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** A toast that offers to undo stays longer than the default, time enough to reach its button. */
export const UNDO_TOAST_DURATION_MS = 8_000;

export type ToastKind = "default" | "success" | "destructive";

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastKind;
  open: boolean;
  durationMs: number;
  /** The label of the toast's one button (Undo), when it has one; what the button does stays with whoever asked. */
  actionLabel?: string;
}

export type ToastAction =
  | { type: "add"; toast: Toast }
  | { type: "update"; toast: Partial<Toast> & Pick<Toast, "id"> }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

export function toastReducer(toasts: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case "add":
      return [action.toast, ...toasts].slice(0, TOAST_LIMIT);
    case "update":
      return toasts.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast));
    case "dismiss":
      return toasts.map((toast) => (action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast));
    case "remove":
      return action.id === undefined ? [] : toasts.filter((toast) => toast.id !== action.id);
  }
}
