import { decodeBody, encodeBase64Lines, encodeQuotedPrintable, headerValue, leaves, parseMessage, toBinaryString } from "./gmail/mime";

/**
 * Date placeholders of the shipped mailboxes, filled relative to "now" when a mailbox loads, so the demo always
 * looks live (see demo-mailbox/README.md):
 *   {{date:OFFSET}}          an RFC 5322 date, for the Date header
 *   {{date:OFFSET|FORMAT}}   FORMAT tokens: YYYY YY MMMM MMM MM M DD D dddd ddd HH mm (UTC)
 *   {{weekday:OFFSET}}       the weekday name, e.g. Sunday
 * OFFSET is one or more signed amounts of d (days), h (hours) or m (minutes), e.g. -2d, +5d, -1d+3h, or 0.
 * And the emulator's own origin, where the demo mail's images and one-click unsubscribe endpoints are served (see
 * demo-images/README.md):
 *   {{emulator}}             e.g. http://127.0.0.1:8081
 */
const PLACEHOLDER = /\{\{(date|weekday):([^|}]+)(?:\|([^}]*))?\}\}/g;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const UNIT_MS: Readonly<Record<string, number>> = { d: 86_400_000, h: 3_600_000, m: 60_000 };

export class PlaceholderError extends Error {}

function offsetMillis(offset: string): number {
  const trimmed = offset.trim();
  if (trimmed === "0" || trimmed === "now") return 0;
  const parts = [...trimmed.matchAll(/([+-])(\d+)([dhm])/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== trimmed) throw new PlaceholderError(`Bad placeholder offset: ${offset}`);
  return parts.reduce((sum, [, sign, amount, unit]) => sum + (sign === "-" ? -1 : 1) * Number(amount) * UNIT_MS[unit!]!, 0);
}

const pad = (value: number) => String(value).padStart(2, "0");

function formatDate(date: Date, format: string): string {
  const tokens: Record<string, () => string> = {
    YYYY: () => String(date.getUTCFullYear()),
    YY: () => String(date.getUTCFullYear()).slice(-2),
    MMMM: () => MONTHS[date.getUTCMonth()]!,
    MMM: () => MONTHS[date.getUTCMonth()]!.slice(0, 3),
    MM: () => pad(date.getUTCMonth() + 1),
    M: () => String(date.getUTCMonth() + 1),
    DD: () => pad(date.getUTCDate()),
    D: () => String(date.getUTCDate()),
    dddd: () => WEEKDAYS[date.getUTCDay()]!,
    ddd: () => WEEKDAYS[date.getUTCDay()]!.slice(0, 3),
    HH: () => pad(date.getUTCHours()),
    mm: () => pad(date.getUTCMinutes()),
  };
  return format.replace(/YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|mm/g, (token) => tokens[token]!());
}

/** An RFC 5322 date-time in UTC, as a Date header carries it. */
export function rfc5322Date(date: Date): string {
  return `${formatDate(date, "ddd, D MMM YYYY HH:mm")}:${pad(date.getUTCSeconds())} +0000`;
}

/** The origin the emulator listens on unless told otherwise (npm run emulator, npm start). */
export const DEFAULT_EMULATOR_ORIGIN = "http://127.0.0.1:8081";
const EMULATOR_PLACEHOLDER = /\{\{emulator\}\}/g;

export function fillPlaceholders(text: string, now: Date, origin = DEFAULT_EMULATOR_ORIGIN): string {
  return text.replace(EMULATOR_PLACEHOLDER, origin).replace(PLACEHOLDER, (_whole, kind: string, offset: string, format: string | undefined) => {
    const date = new Date(now.getTime() + offsetMillis(offset));
    if (kind === "weekday") return formatDate(date, "dddd");
    return format === undefined ? rfc5322Date(date) : formatDate(date, format);
  });
}

/**
 * Fills placeholders in a whole message: each body part is decoded, filled and encoded again with its own
 * Content-Transfer-Encoding (a placeholder may be split by quoted-printable soft breaks or hidden in base64),
 * then the header fields are filled as text.
 */
export function fillMessagePlaceholders(raw: Uint8Array | string, now: Date, origin = DEFAULT_EMULATOR_ORIGIN): Buffer {
  let text = toBinaryString(raw);
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const parts = leaves(parseMessage(text)).sort((a, b) => b.bodyStart - a.bodyStart);
  for (const part of parts) {
    const decoded = Buffer.from(decodeBody(part)).toString("latin1");
    if (!decoded.includes("{{")) continue;
    const filled = Buffer.from(fillPlaceholders(decoded, now, origin), "latin1");
    const encoding = (headerValue(part.headers, "Content-Transfer-Encoding") ?? "7bit").trim().toLowerCase();
    const encoded =
      encoding === "base64"
        ? encodeBase64Lines(filled, newline) + (part.rawBody.endsWith(newline) ? newline : "")
        : encoding === "quoted-printable"
          ? encodeQuotedPrintable(filled, newline)
          : filled.toString("latin1");
    text = text.slice(0, part.bodyStart) + encoded + text.slice(part.bodyEnd);
  }
  return Buffer.from(fillPlaceholders(text, now, origin), "latin1");
}
