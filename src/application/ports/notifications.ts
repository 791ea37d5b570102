export type ToastVariant = "default" | "success" | "destructive";

export interface ToastRequest {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
  /** One button in the toast, such as Undo; pressing it runs `onAction` and closes the toast. */
  action?: { label: string; onAction: () => void };
}

/** Shows short messages in the global toast area. */
export abstract class Notifier {
  abstract notify(toast: ToastRequest): void;
}
