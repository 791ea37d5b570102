import { type Mailbox, type StoredMessage } from "./mailbox";
import { decodeText, headerValue, htmlToText, leaves } from "./mime";

/**
 * A subset of Gmail's search operators: category:, label:, in:, is:, from:, to:, subject:, after:, before:,
 * newer_than:, older_than:, a leading "-" to negate, and plain words (matched in subject, sender and text).
 */
export interface ParsedQuery {
  matches(message: StoredMessage): boolean;
  /** Whether the query itself asks for spam or trash, which lists leave out otherwise. */
  mentionsSpamOrTrash: boolean;
}

type Predicate = (message: StoredMessage) => boolean;

function tokenize(query: string): string[] {
  return query.match(/-?[a-z_]+:"[^"]*"|-?"[^"]*"|\S+/gi) ?? [];
}

function normalizeLabelName(name: string): string {
  return name.toLowerCase().replace(/[\s_/-]+/g, "-");
}

function relativeMillis(amount: string): number | null {
  const match = /^(\d+)([dmy])$/i.exec(amount);
  if (!match) return null;
  const days = { d: 1, m: 30, y: 365 }[match[2]!.toLowerCase() as "d" | "m" | "y"];
  return Number(match[1]) * days * 86_400_000;
}

function dateMillis(value: string): number | null {
  if (/^\d{9,}$/.test(value)) return Number(value) * 1000;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function searchableText(message: StoredMessage): string {
  const parts = leaves(message.mime);
  const texts = parts
    .filter((part) => part.mimeType === "text/plain" || part.mimeType === "text/html")
    .map((part) => (part.mimeType === "text/html" ? htmlToText(decodeText(part)) : decodeText(part)));
  const headers = ["Subject", "From", "To"].map((name) => headerValue(message.mime.headers, name) ?? "");
  return [...headers, ...texts].join(" ").toLowerCase();
}

export function parseQuery(query: string, mailbox: Mailbox, now: () => Date): ParsedQuery {
  const predicates: Predicate[] = [];
  let mentionsSpamOrTrash = false;
  const hasLabel = (labelId: string): Predicate => (message) => message.labelIds.includes(labelId);

  for (const rawToken of tokenize(query)) {
    const negated = rawToken.startsWith("-") && rawToken.length > 1;
    const token = negated ? rawToken.slice(1) : rawToken;
    const colon = token.indexOf(":");
    const operator = colon > 0 ? token.slice(0, colon).toLowerCase() : "";
    const value = (colon > 0 ? token.slice(colon + 1) : token).replace(/^"|"$/g, "");
    let predicate: Predicate;

    switch (operator) {
      case "category": {
        const category = value.toLowerCase() === "primary" ? "PERSONAL" : value.toUpperCase();
        predicate = hasLabel(`CATEGORY_${category}`);
        break;
      }
      case "label": {
        const wanted = normalizeLabelName(value);
        const label = mailbox.allLabels().find((candidate) => normalizeLabelName(candidate.name) === wanted || normalizeLabelName(candidate.id) === wanted);
        predicate = label ? hasLabel(label.id) : () => false;
        break;
      }
      case "in": {
        const where = value.toLowerCase();
        if (where === "anywhere") {
          mentionsSpamOrTrash = true;
          predicate = () => true;
        } else {
          if (where === "spam" || where === "trash") mentionsSpamOrTrash = true;
          predicate = hasLabel(where === "drafts" ? "DRAFT" : where.toUpperCase());
        }
        break;
      }
      case "is": {
        const state = value.toLowerCase();
        predicate = state === "read" ? (message) => !message.labelIds.includes("UNREAD") : hasLabel(state.toUpperCase());
        break;
      }
      case "from":
      case "to":
      case "subject": {
        const header = operator === "subject" ? "Subject" : operator === "from" ? "From" : "To";
        predicate = (message) => (headerValue(message.mime.headers, header) ?? "").toLowerCase().includes(value.toLowerCase());
        break;
      }
      case "after":
      case "before": {
        const millis = dateMillis(value);
        predicate = millis === null ? () => false : operator === "after" ? (message) => message.internalDate >= millis : (message) => message.internalDate < millis;
        break;
      }
      case "newer_than":
      case "older_than": {
        const span = relativeMillis(value);
        predicate =
          span === null
            ? () => false
            : operator === "newer_than"
              ? (message) => message.internalDate >= now().getTime() - span
              : (message) => message.internalDate < now().getTime() - span;
        break;
      }
      default: {
        const word = token.replace(/^"|"$/g, "").toLowerCase();
        predicate = (message) => searchableText(message).includes(word);
      }
    }
    predicates.push(negated ? (message) => !predicate(message) : predicate);
  }

  return { matches: (message) => predicates.every((predicate) => predicate(message)), mentionsSpamOrTrash };
}
