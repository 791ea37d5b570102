import PostalMime from "postal-mime";
import { INPUT_LIMITS, UnreadableMessageError } from "./limits";
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

/** The shape of postal-mime's content decoders that the faster join relies on. */
interface ChunkedDecoder {
  chunks?: unknown;
  finalize(): unknown;
  flushBuffer?(): void;
  flushRemainder?(): void;
}

type Chunk = string | ArrayBuffer | ArrayBufferView;

const isChunk = (value: unknown): value is Chunk => typeof value === "string" || value instanceof ArrayBuffer || ArrayBuffer.isView(value);

const utf8 = new TextEncoder();
const NEWLINE = new Uint8Array([0x0a]);

const bytesOf = (chunk: Chunk): Uint8Array =>
  chunk instanceof Uint8Array
    ? chunk
    : typeof chunk === "string"
      ? utf8.encode(chunk)
      : chunk instanceof ArrayBuffer
        ? new Uint8Array(chunk)
        : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** The bytes `new Blob(chunks).arrayBuffer()` gives. A 7bit part alternates line bytes and "\n", so that one string is not encoded each time. */
function joinChunks(chunks: readonly Chunk[]): ArrayBuffer {
  const parts = chunks.map((chunk) => (chunk === "\n" ? NEWLINE : bytesOf(chunk)));
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined.buffer;
}

const EQUALS = 0x3d;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** The first size of a part's decoded bytes; it doubles as needed. */
const FIRST_PART_BYTES = 4096;

/**
 * Quoted-printable, decoded as postal-mime's own decoder does (a trailing "=" is a soft line break, "=XX" a byte, any
 * other "=" itself), into one buffer that grows with the part instead of the 100 KB that decoder allocates for every
 * part, and copied in runs between escapes.
 */
class QuotedPrintableLines {
  private bytes = new Uint8Array(FIRST_PART_BYTES);
  private length = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  update(line: Uint8Array): void {
    let end = line.length;
    const softBreak = end > 0 && line[end - 1] === EQUALS;
    if (softBreak) end--;
    this.reserve(end + 1);
    // Byte by byte: HTML parts escape every few bytes ("=3D" in each attribute), and a copy per run between escapes
    // cost more in subarray views than the copying itself.
    const bytes = this.bytes;
    let length = this.length;
    for (let at = 0; at < end; at++) {
      const byte = line[at]!;
      if (byte === EQUALS && at + 2 < end) {
        const high = hexValue(line[at + 1]);
        const low = high >= 0 ? hexValue(line[at + 2]) : -1;
        if (low >= 0) {
          bytes[length++] = (high << 4) | low;
          at += 2;
          continue;
        }
      }
      bytes[length++] = byte;
    }
    if (!softBreak) bytes[length++] = 0x0a;
    this.length = length;
  }

  finalize(): ArrayBuffer {
    return this.bytes.buffer.slice(0, this.length);
  }
}

/** Anything but the base64 alphabet and its padding: line breaks, spaces, stray bytes. */
const NOT_BASE64 = /[^A-Za-z0-9+/=]+/g;

/**
 * Base64, decoded once per part by Node's native decoder instead of line by line in JavaScript. As in postal-mime,
 * "=" ends a unit (some mailers pad every line) and a unit's one-character remainder carries no byte.
 */
class Base64Lines {
  private readonly lines: Uint8Array[] = [];

  update(line: Uint8Array): void {
    this.lines.push(line);
  }

  finalize(): ArrayBuffer {
    const text = Buffer.from(joinChunks(this.lines)).toString("latin1").replace(NOT_BASE64, "");
    const units = unitsOf(text).map((unit) => Buffer.from(unit.length % 4 === 1 ? unit.slice(0, -1) : unit, "base64"));
    return joinChunks(units);
  }
}

/** `text.split(/=+/)`, without a pattern's scan of the whole part in the usual case: padding only at its end, or none. */
function unitsOf(text: string): string[] {
  const padding = text.indexOf("=");
  if (padding === -1) return [text];
  let after = padding;
  while (text.charCodeAt(after) === EQUALS) after++;
  return after === text.length ? [text.slice(0, padding), ""] : text.split(/=+/);
}

/**
 * postal-mime 4 joins each part's decoded chunks with `new Blob(chunks).arrayBuffer()`. Node reads a Blob back one
 * chunk at a time through asynchronous reads, and a 7bit part holds two chunks per line: that was half of the parse
 * time. Joining the same chunks directly gives the same bytes. Quoted-printable and base64 parts get decoders of our
 * own (above), which give the same bytes for less. The decoders are internal, so they are reached through the node a
 * parser starts with; a decoder of another shape keeps its own finalize.
 */
function joinDecodedChunksDirectly(): void {
  type MimeNodeLike = { contentDecoder: ChunkedDecoder | QuotedPrintableLines | Base64Lines | null };
  const nodePrototype = Object.getPrototypeOf((new PostalMime() as unknown as { root: object }).root) as {
    setupContentDecoder?: (this: MimeNodeLike, encoding: string) => void;
  };
  const setup = nodePrototype.setupContentDecoder;
  if (typeof setup !== "function") return;
  nodePrototype.setupContentDecoder = function (this: MimeNodeLike, encoding: string) {
    if (/base64/i.test(encoding)) {
      this.contentDecoder = new Base64Lines();
      return;
    }
    if (/quoted-printable/i.test(encoding)) {
      this.contentDecoder = new QuotedPrintableLines();
      return;
    }
    setup.call(this, encoding);
    const decoder = this.contentDecoder as ChunkedDecoder | null;
    if (!decoder || !Array.isArray(decoder.chunks)) return;
    const ownFinalize = decoder.finalize;
    decoder.finalize = () => {
      decoder.flushBuffer?.();
      decoder.flushRemainder?.();
      const chunks = decoder.chunks as unknown[];
      return chunks.every(isChunk) ? joinChunks(chunks) : ownFinalize.call(decoder);
    };
  };
}

joinDecodedChunksDirectly();

const HEADER_LINE = /^[!-9;-~]+:/;

const HEADER_PROBE_BYTES = 4000;

/** One decoder for every message: making one costs more than decoding the probe. */
const LATIN1 = new TextDecoder("latin1");

/** The start of the message as text: enough to tell whether it begins with headers. */
function headStart(raw: string | Uint8Array | ArrayBuffer): string {
  if (typeof raw === "string") return raw.slice(0, HEADER_PROBE_BYTES);
  const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
  return LATIN1.decode(bytes.subarray(0, HEADER_PROBE_BYTES));
}

/** An mbox envelope line ("From sender@example.com Thu Oct 1 ...") some single-message exports start with. */
const ENVELOPE_LINE = /^From [^\r\n]*\r?\n/;

const NAMED_HEADER = /^(from|date|subject|message-id|received|mime-version|to):/i;

/**
 * True when the input starts with something shaped like an RFC 5322 header block: a header line first, and a From,
 * Date, Subject, ... line before the first empty line. Lines end at "\n" or "\r\n"; they are read one at a time up to
 * the answer, not the whole probe split.
 */
function looksLikeEmail(raw: string): boolean {
  const start = raw.replace(/^\uFEFF/, "").replace(/^\s+/, "").replace(ENVELOPE_LINE, "");
  for (let from = 0, first = true; ; first = false) {
    const newline = start.indexOf("\n", from);
    const end = newline === -1 ? start.length : newline > from && start.charCodeAt(newline - 1) === 0x0d ? newline - 1 : newline;
    const line = start.slice(from, end);
    if (line === "" || (first && !HEADER_LINE.test(line))) return false;
    if (NAMED_HEADER.test(line)) return true;
    if (newline === -1) return false;
    from = newline + 1;
  }
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

/** Windows-1252's characters at 0x80-0x9F; undefined bytes stay as they are. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Node 20's TextDecoder reads "windows-1252" (and "latin1", which WHATWG aliases to it) as ISO-8859-1, leaving smart
 * quotes, dashes and the euro sign as C1 control characters. Those never belong in mail text, so map them back.
 */
export function repairWindows1252(text: string): string {
  return /[\u0080-\u009f]/.test(text) ? text.replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]!) : text;
}

/**
 * A byte view that spans its whole buffer, as that buffer: postal-mime copies a view's bytes into a buffer of their own
 * before reading them, and reads an ArrayBuffer in place (it never writes to it).
 */
function wholeBuffer(raw: string | Uint8Array | ArrayBuffer): string | Uint8Array | ArrayBuffer {
  if (!(raw instanceof Uint8Array) || !(raw.buffer instanceof ArrayBuffer)) return raw;
  return raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw.buffer : raw;
}

const MEGABYTE = 1024 * 1024;

function byteLength(raw: string | Uint8Array | ArrayBuffer): number {
  return typeof raw === "string" ? Buffer.byteLength(raw) : raw.byteLength;
}

export async function parseMessage(raw: string | Uint8Array | ArrayBuffer): Promise<ParsedMessage> {
  if (byteLength(raw) > INPUT_LIMITS.rawBytes) {
    throw new UnreadableMessageError(`The message is larger than ${INPUT_LIMITS.rawBytes / MEGABYTE} MB`);
  }
  const head = headStart(raw);
  if (!looksLikeEmail(head)) throw new UnreadableMessageError("Not an email: the input does not start with RFC 5322 headers");
  const email = await PostalMime.parse(wholeBuffer(withoutEnvelopeLine(raw, head)));
  if ((email.html?.length ?? 0) > INPUT_LIMITS.bodyChars || (email.text?.length ?? 0) > INPUT_LIMITS.bodyChars) {
    throw new UnreadableMessageError(`The message body is longer than ${INPUT_LIMITS.bodyChars.toLocaleString("en")} characters`);
  }
  const headers = new Map<string, string>();
  for (const header of email.headers) if (!headers.has(header.key)) headers.set(header.key, header.value);
  const date = parseDateHeader(headers.get("date"));
  const from = email.from && "address" in email.from && email.from.address ? email.from : null;
  return {
    messageId: email.messageId?.trim() || null,
    subject: email.subject ? repairWindows1252(email.subject.slice(0, INPUT_LIMITS.headerChars)).trim() || null : null,
    // A From header may give a name and no address; the name still says who sent it.
    fromName: (email.from && "name" in email.from ? email.from.name : undefined)?.slice(0, INPUT_LIMITS.headerChars).trim() || null,
    fromAddress: from?.address?.trim().toLowerCase() || null,
    sentAt: date.instant,
    dateOffsetMinutes: date.offsetMinutes,
    html: email.html ? repairWindows1252(email.html) : null,
    text: email.text ? repairWindows1252(email.text) : null,
    headers,
  };
}
