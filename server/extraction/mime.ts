import PostalMime from "postal-mime";
import { namedZoneOffset } from "./timezone";

/** The parts of a parsed message the extractor reads. */
export interface ParsedMessage {
  messageId: string | null;
  subject: string | null;
  fromName: string | null;
  fromAddress: string | null;
  /** The Date header as an instant, or null when missing or unparsable. */
  sentAt: Date | null;
  /** The Date header's own UTC offset in minutes (e.g. -420 for -0700), or null when it has none. */
  dateOffsetMinutes: number | null;
  html: string | null;
  text: string | null;
  /** Lower-case header names to their (decoded) values; repeated headers keep the first. */
  headers: Map<string, string>;
}

const HEADER_LINE = /^[!-9;-~]+:/;

const HEADER_PROBE_BYTES = 4000;

/** The start of the message as text: enough to tell whether it begins with headers. */
function headStart(raw: string | Uint8Array | ArrayBuffer): string {
  if (typeof raw === "string") return raw.slice(0, HEADER_PROBE_BYTES);
  const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
  return new TextDecoder("latin1").decode(bytes.subarray(0, HEADER_PROBE_BYTES));
}

/** An mbox envelope line ("From sender@example.com Thu Oct 1 ...") some single-message exports start with. */
const ENVELOPE_LINE = /^From [^\r\n]*\r?\n/;

/** True when the input starts with something shaped like an RFC 5322 header block. */
function looksLikeEmail(raw: string): boolean {
  const start = raw.replace(/^\uFEFF/, "").replace(/^\s+/, "").replace(ENVELOPE_LINE, "");
  const lines = start.split(/\r?\n/);
  const headerLines = lines.slice(0, lines.findIndex((line) => line === "") === -1 ? lines.length : lines.findIndex((line) => line === ""));
  if (!headerLines.length || !HEADER_LINE.test(headerLines[0]!)) return false;
  return headerLines.some((line) => /^(from|date|subject|message-id|received|mime-version|to):/i.test(line));
}

/** Parses "Thu, 17 Sep 2026 09:12:00 -0700 (PDT)" keeping its offset; Date.parse alone loses the zone. */
export function parseDateHeader(value: string | undefined): { instant: Date | null; offsetMinutes: number | null } {
  if (!value) return { instant: null, offsetMinutes: null };
  const cleaned = value.replace(/\([^)]*\)/g, " ").replace(/\s+/g, " ").trim();
  const instant = new Date(Date.parse(cleaned));
  const offsetMatch = /\s([+-])(\d{2}):?(\d{2})\s*$/.exec(cleaned);
  let offsetMinutes: number | null = null;
  if (offsetMatch) offsetMinutes = (offsetMatch[1] === "-" ? -1 : 1) * (Number(offsetMatch[2]) * 60 + Number(offsetMatch[3]));
  const valid = !Number.isNaN(instant.getTime());
  const zoneName = /\s([A-Z]{1,4})\s*$/i.exec(cleaned)?.[1];
  if (!offsetMatch && zoneName && valid) offsetMinutes = namedZoneOffset(zoneName, instant);
  return { instant: valid ? instant : null, offsetMinutes };
}

function withoutEnvelopeLine(raw: string | Uint8Array | ArrayBuffer, head: string): string | Uint8Array | ArrayBuffer {
  const envelope = ENVELOPE_LINE.exec(head);
  if (!envelope) return raw;
  if (typeof raw === "string") return raw.slice(envelope[0].length);
  const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
  return bytes.subarray(envelope[0].length);
}

export async function parseMessage(raw: string | Uint8Array | ArrayBuffer): Promise<ParsedMessage> {
  const head = headStart(raw);
  if (!looksLikeEmail(head)) throw new Error("Not an email: the input does not start with RFC 5322 headers");
  const email = await PostalMime.parse(withoutEnvelopeLine(raw, head));
  const headers = new Map<string, string>();
  for (const header of email.headers) if (!headers.has(header.key)) headers.set(header.key, header.value);
  const date = parseDateHeader(headers.get("date"));
  const from = email.from && "address" in email.from && email.from.address ? email.from : null;
  return {
    messageId: email.messageId?.trim() || null,
    subject: email.subject?.trim() || null,
    fromName: from?.name?.trim() || null,
    fromAddress: from?.address?.trim().toLowerCase() || null,
    sentAt: date.instant,
    dateOffsetMinutes: date.offsetMinutes,
    html: email.html ?? null,
    text: email.text ?? null,
    headers,
  };
}
