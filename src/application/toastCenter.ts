import { createActor, type Actor } from "xstate";
import { TOAST_DEFAULT_DURATION_MS, toastReducer, type Toast, type ToastAction } from "../domain/toast";
import { Notifier, type ToastRequest } from "./ports/notifications";
import { provideToastMachine } from "./machines/toastMachine";

/**
 * The global toast area's store: one toast at a time, each living by the toast machine (closed after its duration,
 * 5 s by default, removed 1,000,000 ms after it is dismissed; SPEC sections 4 and 9). Views subscribe; anything may
 * notify.
 */
export class ToastCenter extends Notifier {
  private toasts: Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly lifecycles = new Map<string, Actor<ReturnType<typeof provideToastMachine>>>();
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
    this.forgetReplacedToasts();
    const lifecycle = createActor(
      provideToastMachine({
        close: () => this.dispatch({ type: "dismiss", id }),
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
    }
  }

  private dispatch(action: ToastAction): void {
    this.toasts = toastReducer(this.toasts, action);
    for (const listener of this.listeners) listener();
  }
}
