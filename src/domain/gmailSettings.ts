import type { GmailLabel } from "./brand";

/** Labels in the left column of the Gmail Labels panel; the rest go to the right (docs/product.md, "Gmail Labels"). */
export const GMAIL_LABELS_LEFT_COLUMN = 8;

export function labelColumns(labels: readonly GmailLabel[]): [GmailLabel[], GmailLabel[]] {
  return [labels.slice(0, GMAIL_LABELS_LEFT_COLUMN), labels.slice(GMAIL_LABELS_LEFT_COLUMN)];
}

export function monitoredLabelCount(labels: readonly GmailLabel[]): number {
  return labels.filter((label) => label.isChecked).length;
}

/** How a sync message is coloured (docs/product.md, "Sync messages"): green, yellow, red or blue. */
export type SyncMessageTone = "success" | "warning" | "danger" | "info";

export function syncMessageTone(message: string): SyncMessageTone {
  const text = message.toLowerCase();
  if (text.includes("completed")) return "success";
  if (text.includes("already in progress") || text.includes("running")) return "warning";
  if (text.includes("error") || text.includes("failed")) return "danger";
  return "info";
}

/** The sync progress as a whole percentage, or null when the total is not known yet. */
export function syncPercent(progress: { processed: number; total: number } | null): number | null {
  if (!progress || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.processed / progress.total) * 100));
}
