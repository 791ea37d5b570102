import { createReadStream } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readMbox, takeoutLabelToGmailId } from "./mbox";
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

/** A person's mbox that cannot be served, with a message written for them (no stack trace is needed). */
export class MboxImportError extends Error {}

const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: "there is no such file",
  EISDIR: "it is a folder; give the .mbox file inside it",
  EACCES: "this user may not read it",
  EPERM: "this user may not read it",
};

/** Where the text read so far may be cut so that readMbox sees whole messages: before the last separator line. */
function lastSeparatorStart(text: string): number {
  const index = text.lastIndexOf("\nFrom ");
  return index === -1 ? 0 : index + 1;
}

/**
 * A Google Takeout mbox, served as-is. Read in pieces cut at separator lines, so an export larger than the longest
 * string JavaScript allows (about 512 MB) still loads.
 */
export async function loadMbox(path: string): Promise<MailboxEntry[]> {
  const entries: MailboxEntry[] = [];
  const take = (text: string) => {
    for (const message of readMbox(text)) {
      entries.push({ raw: Buffer.from(message.raw, "latin1"), labelIds: labelIdsFromTakeout(message.labels), gmailId: apiMessageId(message.gmailId) });
    }
  };
  let pending = "";
  try {
    // latin1 keeps every byte as one char, so 8-bit bodies survive the round trip untouched.
    for await (const chunk of createReadStream(path, { encoding: "latin1", highWaterMark: 4 * 1024 * 1024 })) {
      pending += chunk as string;
      const cut = lastSeparatorStart(pending);
      if (cut > 0) {
        take(pending.slice(0, cut));
        pending = pending.slice(cut);
      }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new MboxImportError(`Cannot read the mbox ${path}: ${READ_FAILURES[code] ?? (code || (error as Error).message)}.`);
  }
  take(pending);
  if (entries.length === 0) {
    throw new MboxImportError(
      `${path} holds no messages: an mbox starts each message with a "From " line. ` +
        "Google Takeout delivers a .zip or .tgz archive: unpack it and give the .mbox file inside (Takeout/Mail/All mail Including Spam and Trash.mbox).",
    );
  }
  return entries;
}

const LABELS_HEADER = /^X-Gmail-Labels:[ \t]*([^\r\n]*)\r?\n/i;

/**
 * A folder of .eml files, each opening with an X-Gmail-Labels header (Takeout's label names), which is removed as
 * Takeout does; date placeholders are filled relative to now.
 */
export async function loadEmlFolder(folder: string, now: Date, emulatorOrigin?: string): Promise<MailboxEntry[]> {
  const files = (await readdir(folder)).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(join(folder, name), "latin1");
      const labels = LABELS_HEADER.exec(text);
      const raw = labels ? text.slice(labels[0].length) : text;
      return {
        raw: fillMessagePlaceholders(raw, now, emulatorOrigin),
        labelIds: labelIdsFromTakeout(labels ? labels[1]!.split(",").map((label) => label.trim()).filter(Boolean) : ["Inbox"]),
        gmailId: null,
      };
    }),
  );
}
