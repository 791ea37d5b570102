import type { GmailLabel } from "./brand";

/** Labels in the left column of the Gmail Labels panel; the rest go to the right (docs/product.md, "Gmail Labels"). */
export const GMAIL_LABELS_LEFT_COLUMN = 8;

export function labelColumns(labels: readonly GmailLabel[]): [GmailLabel[], GmailLabel[]] {
  return [labels.slice(0, GMAIL_LABELS_LEFT_COLUMN), labels.slice(GMAIL_LABELS_LEFT_COLUMN)];
}

export function monitoredLabelCount(labels: readonly GmailLabel[]): number {
  return labels.filter((label) => label.isChecked).length;
}

/**
 * How the running or last sync stands, as the server says it: none has run yet, one runs, the last completed or
 * failed, or a start was refused because one already runs.
 */
export type SyncOutcome = "none" | "running" | "completed" | "failed" | "already_running";

/** How a sync message is coloured (docs/product.md, "Sync messages"): green, yellow, red or blue. */
export type SyncMessageTone = "success" | "warning" | "danger" | "info";

/** Completed green; already in progress or running yellow; failed red; anything else blue. By the outcome, never the wording. */
export function syncMessageTone(outcome: SyncOutcome): SyncMessageTone {
  switch (outcome) {
    case "completed":
      return "success";
    case "running":
    case "already_running":
      return "warning";
    case "failed":
      return "danger";
    case "none":
      return "info";
  }
}

/** The sync progress as a whole percentage, or null when the total is not known yet. */
export function syncPercent(progress: { processed: number; total: number } | null): number | null {
  if (!progress || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.processed / progress.total) * 100));
}
