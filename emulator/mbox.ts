/**
 * Reads an mbox file as Google Takeout exports it: each message starts with a `From ` separator line, is followed
 * by `X-GM-THRID` and `X-Gmail-Labels` headers, and lines beginning with `>*From ` are mboxrd-escaped.
 */
export interface MboxMessage {
  /** The original message, un-escaped, without the Takeout headers. */
  raw: string;
  /** Gmail labels from X-Gmail-Labels, as Takeout names them ("Inbox", "Category Promotions", ...). */
  labels: string[];
  /** The Gmail message id from the separator line, when it has one. */
  gmailId: string | null;
}

const SEPARATOR = /^From (\S*)/;
const TAKEOUT_HEADER = /^(X-GM-THRID|X-Gmail-Labels):/i;
const ESCAPED_FROM = /^>(>*From )/;

export function* readMbox(text: string): Generator<MboxMessage> {
  const lines = text.split(/\r?\n/);
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  let current: { id: string | null; lines: string[] } | null = null;

  const finish = (message: { id: string | null; lines: string[] }): MboxMessage => {
    const body = [...message.lines];
    while (body.length > 0 && body[body.length - 1] === "") body.pop();
    const headerEnd = body.indexOf("");
    const labels: string[] = [];
    const kept: string[] = [];
    body.forEach((line, index) => {
      const inHeader = headerEnd === -1 || index < headerEnd;
      const match = inHeader ? TAKEOUT_HEADER.exec(line) : null;
      if (!match) return kept.push(line);
      if (match[1]!.toLowerCase() === "x-gmail-labels") {
        labels.push(...line.slice(line.indexOf(":") + 1).split(",").map((label) => label.trim()).filter(Boolean));
      }
    });
    return { raw: kept.join(newline) + newline, labels, gmailId: message.id?.split("@")[0] || null };
  };

  for (const line of lines) {
    const separator = SEPARATOR.exec(line);
    if (separator) {
      if (current) yield finish(current);
      current = { id: separator[1] ?? null, lines: [] };
      continue;
    }
    if (current) current.lines.push(line.replace(ESCAPED_FROM, "$1"));
  }
  if (current) yield finish(current);
}

/** Takeout's label names mapped to the Gmail API's system label ids. */
const TAKEOUT_LABEL_IDS: Readonly<Record<string, string>> = {
  inbox: "INBOX",
  unread: "UNREAD",
  important: "IMPORTANT",
  starred: "STARRED",
  sent: "SENT",
  drafts: "DRAFT",
  spam: "SPAM",
  trash: "TRASH",
  "category promotions": "CATEGORY_PROMOTIONS",
  "category updates": "CATEGORY_UPDATES",
  "category social": "CATEGORY_SOCIAL",
  "category forums": "CATEGORY_FORUMS",
  "category personal": "CATEGORY_PERSONAL",
};

/** A Takeout label name as a Gmail label id; user labels keep their name. Opened and Archived are not labels. */
export function takeoutLabelToGmailId(label: string): string | null {
  const key = label.trim().toLowerCase();
  if (key === "opened" || key === "archived") return null;
  return TAKEOUT_LABEL_IDS[key] ?? label.trim();
}
