import { decodeText, headerValue, htmlToText, leaves, parseMessage, type MimePart } from "./mime";

export const SYSTEM_LABEL_IDS = [
  "INBOX", "SENT", "DRAFT", "SPAM", "TRASH", "UNREAD", "STARRED", "IMPORTANT", "CHAT",
  "CATEGORY_PERSONAL", "CATEGORY_SOCIAL", "CATEGORY_PROMOTIONS", "CATEGORY_UPDATES", "CATEGORY_FORUMS",
] as const;

export interface GmailLabel {
  id: string;
  name: string;
  type: "system" | "user";
}

export interface StoredMessage {
  id: string;
  threadId: string;
  raw: Buffer;
  labelIds: string[];
  /** Milliseconds since the epoch. */
  internalDate: number;
  historyId: number;
  snippet: string;
  mime: MimePart;
}

export type HistoryRecord =
  | { id: number; kind: "messageAdded" | "messageDeleted"; message: StoredMessage; labelIdsAtChange: string[] }
  | { id: number; kind: "labelAdded" | "labelRemoved"; message: StoredMessage; labelIds: string[]; labelIdsAtChange: string[] };

/** Google keeps about a week of history; the emulator keeps this many records, then forgets the oldest. */
const MAX_HISTORY_RECORDS = 10_000;

export class MailboxError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** Gmail's ids are hex and grow with time; derive them from the receive time so newest-first also sorts by id. */
function messageIdFor(internalDate: number, sequence: number): string {
  return ((BigInt(Math.max(0, Math.floor(internalDate))) << 20n) | BigInt(sequence & 0xfffff)).toString(16);
}

/** Gmail's snippet: about 200 characters of the visible text, HTML-escaped as the API returns it. */
function snippetOf(mime: MimePart): string {
  const parts = leaves(mime);
  const html = parts.find((part) => part.mimeType === "text/html");
  const plain = parts.find((part) => part.mimeType === "text/plain");
  const source = html ? htmlToText(decodeText(html)) : plain ? decodeText(plain) : "";
  const text = source.replace(/[\u034f\u200b-\u200d\u2060\ufeff\u00ad]/g, "").replace(/\s+/g, " ").trim();
  const cut = text.length > 200 ? text.slice(0, 200).replace(/\s+\S*$/, "") : text;
  return cut.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function dateHeaderMillis(mime: MimePart): number | null {
  const date = headerValue(mime.headers, "Date");
  if (!date) return null;
  const millis = Date.parse(date.replace(/\s*\([^)]*\)\s*$/, ""));
  return Number.isNaN(millis) ? null : millis;
}

/** One Gmail account's mail: messages, labels and the history of changes that history.list replays. */
export class Mailbox {
  private readonly messages = new Map<string, StoredMessage>();
  private readonly labels = new Map<string, GmailLabel>();
  private readonly history: HistoryRecord[] = [];
  private currentHistoryId: number;
  /** The oldest startHistoryId history.list still answers; older ones get 404 as Google's do. */
  private historyFloor: number;

  constructor(
    readonly email: string,
    private readonly now: () => Date,
    /** Shared by all mailboxes of one emulator, so message ids never repeat across accounts, as Gmail's do not. */
    private readonly nextSequence: () => number,
    firstHistoryId = 1000,
  ) {
    for (const id of SYSTEM_LABEL_IDS) this.labels.set(id, { id, name: id, type: "system" });
    this.currentHistoryId = firstHistoryId;
    this.historyFloor = firstHistoryId;
  }

  private record(entry: HistoryRecord): void {
    this.history.push(entry);
    if (this.history.length > MAX_HISTORY_RECORDS) {
      const forgotten = this.history.splice(0, this.history.length - MAX_HISTORY_RECORDS);
      this.historyFloor = forgotten[forgotten.length - 1]!.id;
    }
  }

  get historyId(): number {
    return this.currentHistoryId;
  }

  /** Marks the mailbox as freshly loaded: what is in it now needs no history, and history starts here. */
  startHistoryHere(): void {
    this.history.length = 0;
    this.historyFloor = this.currentHistoryId;
  }

  /** Forgets all history so far, as Google does after about a week: older startHistoryIds then answer 404. */
  expireHistory(): void {
    this.startHistoryHere();
  }

  allLabels(): GmailLabel[] {
    return [...this.labels.values()];
  }

  label(id: string): GmailLabel | undefined {
    return this.labels.get(id);
  }

  /** A user label's id by name, created when missing. */
  ensureUserLabel(name: string): string {
    const existing = [...this.labels.values()].find((label) => label.name.toLowerCase() === name.toLowerCase());
    if (existing) return existing.id;
    const id = `Label_${this.labels.size - SYSTEM_LABEL_IDS.length + 1}`;
    this.labels.set(id, { id, name, type: "user" });
    return id;
  }

  /** Resolves label ids (or user label names) to ids, creating unknown user labels. */
  resolveLabelIds(labelIdsOrNames: readonly string[]): string[] {
    const ids = labelIdsOrNames.map((value) => (this.labels.has(value) ? value : this.ensureUserLabel(value)));
    return [...new Set(ids)];
  }

  message(id: string): StoredMessage | undefined {
    return this.messages.get(id);
  }

  allMessages(): StoredMessage[] {
    return [...this.messages.values()];
  }

  /** Adds a message as Gmail's messages.insert would; internalDate comes from the Date header, else now. */
  add(raw: Uint8Array, labelIdsOrNames: readonly string[], preferredId?: string | null): StoredMessage {
    const mime = parseMessage(raw);
    const internalDate = dateHeaderMillis(mime) ?? this.now().getTime();
    let id = preferredId && /^[0-9a-f]{1,20}$/.test(preferredId) ? preferredId : messageIdFor(internalDate, this.nextSequence());
    while (this.messages.has(id)) id = messageIdFor(internalDate, this.nextSequence());
    const historyId = ++this.currentHistoryId;
    const message: StoredMessage = {
      id,
      threadId: id,
      raw: Buffer.from(raw),
      labelIds: this.resolveLabelIds(labelIdsOrNames),
      internalDate,
      historyId,
      snippet: snippetOf(mime),
      mime,
    };
    this.messages.set(id, message);
    this.record({ id: historyId, kind: "messageAdded", message, labelIdsAtChange: [...message.labelIds] });
    return message;
  }

  modifyLabels(id: string, addLabelIds: readonly string[], removeLabelIds: readonly string[]): StoredMessage {
    const message = this.messages.get(id);
    if (!message) throw new MailboxError(404, "Requested entity was not found.");
    const added = this.resolveLabelIds(addLabelIds).filter((label) => !message.labelIds.includes(label));
    const removed = removeLabelIds.filter((label) => message.labelIds.includes(label));
    if (added.length > 0) {
      message.labelIds.push(...added);
      message.historyId = ++this.currentHistoryId;
      this.record({ id: message.historyId, kind: "labelAdded", message, labelIds: added, labelIdsAtChange: [...message.labelIds] });
    }
    if (removed.length > 0) {
      message.labelIds = message.labelIds.filter((label) => !removed.includes(label));
      message.historyId = ++this.currentHistoryId;
      this.record({ id: message.historyId, kind: "labelRemoved", message, labelIds: removed, labelIdsAtChange: [...message.labelIds] });
    }
    return message;
  }

  /** Deletes a message for good, as Gmail's messages.delete does (recorded as messageDeleted). */
  remove(id: string): void {
    const message = this.messages.get(id);
    if (!message) throw new MailboxError(404, "Requested entity was not found.");
    this.messages.delete(id);
    this.record({ id: ++this.currentHistoryId, kind: "messageDeleted", message, labelIdsAtChange: [...message.labelIds] });
  }

  /** History records after startHistoryId; throws 404 when that id is older than the history kept. */
  historySince(startHistoryId: number): HistoryRecord[] {
    if (startHistoryId < this.historyFloor) throw new MailboxError(404, "Requested entity was not found.");
    return this.history.filter((record) => record.id > startHistoryId);
  }
}
