import { createActor, type Actor } from "xstate";
import { TOAST_DEFAULT_DURATION_MS, toastReducer, type Toast, type ToastAction } from "../domain/toast";
import { Notifier, type ToastRequest } from "./ports/notifications";
import { provideToastMachine } from "./machines/toastMachine";

/**
 * The global toast area's store: one toast at a time, each living by the toast machine (closed after its duration,
 * 5 s by default, removed 1,000,000 ms after it is dismissed; docs/product.md, "Toasts"). Views subscribe; anything may
 * notify. A toast's button (Undo) runs what its requester gave; the list itself holds only the button's label.
 */
export class ToastCenter extends Notifier {
  private toasts: Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly lifecycles = new Map<string, Actor<ReturnType<typeof provideToastMachine>>>();
  private readonly actions = new Map<string, () => void>();
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
      ...(request.action && { actionLabel: request.action.label }),
    };
    if (request.action) this.actions.set(id, request.action.onAction);
    this.dispatch({ type: "add", toast });
    this.forgetReplacedToasts();
    const lifecycle = createActor(
      provideToastMachine({
        // A closed toast's button is gone, and with it what the button offered.
        close: () => {
          this.actions.delete(id);
          this.dispatch({ type: "dismiss", id });
        },
        remove: () => {
          this.lifecycles.delete(id);
          this.dispatch({ type: "remove", id });
        },
      }),
      { input: { durationMs: toast.durationMs } },
    );
    this.lifecycles.set(id, lifecycle);
    lifecycle.start();
    return id;
  }

  update(toast: Partial<Toast> & Pick<Toast, "id">): void {
    this.dispatch({ type: "update", toast });
  }

  /** Closes a toast (or all) now; each is removed from the list later so a closing animation can finish. */
  dismiss(id?: string): void {
    for (const toast of this.toasts) {
      if (id === undefined || toast.id === id) this.lifecycles.get(toast.id)?.send({ type: "DISMISS" });
    }
  }

  /** The toast's button was pressed: what it offers happens once, and the toast closes. */
  act(id: string): void {
    const action = this.actions.get(id);
    this.actions.delete(id);
    this.dismiss(id);
    action?.();
  }

  /** The person points at or focuses the toast: it stays open until they leave (see the toast machine). */
  hold(id: string): void {
    this.lifecycles.get(id)?.send({ type: "PAUSE" });
  }

  release(id: string): void {
    this.lifecycles.get(id)?.send({ type: "RESUME" });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  /** A toast pushed out by a newer one (one at a time) has nothing left to close or remove. */
  private forgetReplacedToasts(): void {
    for (const [id, lifecycle] of this.lifecycles) {
      if (this.toasts.some((toast) => toast.id === id)) continue;
      lifecycle.stop();
      this.lifecycles.delete(id);
      this.actions.delete(id);
    }
  }

  private dispatch(action: ToastAction): void {
    this.toasts = toastReducer(this.toasts, action);
    for (const listener of this.listeners) listener();
  }
}
