export type ToastVariant = "default" | "success" | "destructive";

export interface ToastRequest {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

/** Shows short messages in the global toast area. */
export abstract class Notifier {
  abstract notify(toast: ToastRequest): void;
}
