import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toastReducer,
  type Toast,
  type ToastAction,
} from "../domain/toast";
import { Notifier, type ToastRequest } from "./ports/notifications";

/**
 * The global toast area's store: one toast at a time, closed after its duration (5 s by default) and removed
 * 1,000,000 ms after it is dismissed (SPEC sections 4 and 9). Views subscribe; anything may notify.
 */
export class ToastCenter extends Notifier {
  private toasts: Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly closeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private nextId = 0;

  notify(request: ToastRequest): string {
    this.nextId += 1;
    const id = String(this.nextId);
    const toast: Toast = {
      id,
      title: request.title,
      description: request.description,
      variant: request.variant ?? "default",
      open: true,
      durationMs: request.durationMs ?? TOAST_DEFAULT_DURATION_MS,
    };
    this.dispatch({ type: "add", toast });
    this.closeTimers.set(id, setTimeout(() => this.dismiss(id), toast.durationMs));
    return id;
  }

  update(toast: Partial<Toast> & Pick<Toast, "id">): void {
    this.dispatch({ type: "update", toast });
  }

  /** Closes a toast (or all) now; it is removed from the list later so a closing animation can finish. */
  dismiss(id?: string): void {
    const closing = this.toasts.filter((toast) => id === undefined || toast.id === id);
    for (const toast of closing) {
      clearTimeout(this.closeTimers.get(toast.id));
      this.closeTimers.delete(toast.id);
      if (!this.removalTimers.has(toast.id)) {
        this.removalTimers.set(
          toast.id,
          setTimeout(() => {
            this.removalTimers.delete(toast.id);
            this.dispatch({ type: "remove", id: toast.id });
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
    }
    this.dispatch({ type: "dismiss", id });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  private dispatch(action: ToastAction): void {
    this.toasts = toastReducer(this.toasts, action);
    for (const listener of this.listeners) listener();
  }
}
