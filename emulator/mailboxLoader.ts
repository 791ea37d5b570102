import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readMbox, takeoutLabelToGmailId } from "../src/domain/mbox";
import { fillMessagePlaceholders } from "./placeholders";

export interface MailboxEntry {
  raw: Buffer;
  /** Gmail label ids (system ids, or user label names). */
  labelIds: string[];
  /** The Gmail message id to keep, when the source names one (Takeout separator lines do). */
  gmailId: string | null;
}

function labelIdsFromTakeout(labels: readonly string[]): string[] {
  return labels.map(takeoutLabelToGmailId).filter((label): label is string => label !== null);
}

/** Takeout separator lines carry X-GM-MSGID in decimal; the API spells the same id in hex. */
function apiMessageId(takeoutId: string | null): string | null {
  if (!takeoutId) return null;
  if (/^\d{1,20}$/.test(takeoutId)) return BigInt(takeoutId).toString(16);
  return /^[0-9a-f]{1,20}$/i.test(takeoutId) ? takeoutId.toLowerCase() : null;
}

/** A Google Takeout mbox, served as-is. */
export async function loadMbox(path: string): Promise<MailboxEntry[]> {
  // latin1 keeps every byte as one char, so 8-bit bodies survive the round trip untouched.
  const text = await readFile(path, "latin1");
  return [...readMbox(text)].map((message) => ({
    raw: Buffer.from(message.raw, "latin1"),
    labelIds: labelIdsFromTakeout(message.labels),
    gmailId: apiMessageId(message.gmailId),
  }));
}

const LABELS_HEADER = /^X-Gmail-Labels:[ \t]*([^\r\n]*)\r?\n/i;

/**
 * A folder of .eml files, each opening with an X-Gmail-Labels header (Takeout's label names), which is removed as
 * Takeout does; date placeholders are filled relative to now.
 */
export async function loadEmlFolder(folder: string, now: Date): Promise<MailboxEntry[]> {
  const files = (await readdir(folder)).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(join(folder, name), "latin1");
      const labels = LABELS_HEADER.exec(text);
      const raw = labels ? text.slice(labels[0].length) : text;
      return {
        raw: fillMessagePlaceholders(raw, now),
        labelIds: labelIdsFromTakeout(labels ? labels[1]!.split(",").map((label) => label.trim()).filter(Boolean) : ["Inbox"]),
        gmailId: null,
      };
    }),
  );
}
