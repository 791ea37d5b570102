/**
 * A small RFC 5322 / MIME reader, enough to serve messages the way the Gmail API does (format=full|metadata) and to
 * rewrite part bodies when the demo mailbox fills in its date placeholders.
 *
 * Messages are handled as "binary strings" (latin1: one char per byte) so offsets are byte offsets and nothing is
 * lost before a part's own charset is applied.
 */

export interface MimeHeader {
  name: string;
  value: string;
}

export interface MimePart {
  headers: MimeHeader[];
  /** Lower-case type/subtype, e.g. "text/html"; "text/plain" when absent (RFC 2045). */
  mimeType: string;
  /** The part's body exactly as it stands in the message (still transfer-encoded), as a binary string. */
  rawBody: string;
  /** Byte offsets of rawBody in the whole message, so a caller can rewrite one leaf in place. */
  bodyStart: number;
  bodyEnd: number;
  children: MimePart[];
}

export function toBinaryString(bytes: Uint8Array | string): string {
  return typeof bytes === "string" ? bytes : Buffer.from(bytes).toString("latin1");
}

function splitHeaderAndBody(text: string, offset: number): { headerText: string; bodyStart: number } {
  // A part may have no header fields at all: its body then starts right after the first line break.
  if (text.startsWith("\r\n", offset)) return { headerText: "", bodyStart: offset + 2 };
  if (text.startsWith("\n", offset)) return { headerText: "", bodyStart: offset + 1 };
  const crlf = text.indexOf("\r\n\r\n", offset);
  const lf = text.indexOf("\n\n", offset);
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { headerText: text.slice(offset, crlf), bodyStart: crlf + 4 };
  if (lf !== -1) return { headerText: text.slice(offset, lf), bodyStart: lf + 2 };
  return { headerText: text.slice(offset), bodyStart: text.length };
}

/** Header fields, unfolded, with RFC 2047 encoded words and raw UTF-8 decoded. */
export function parseHeaderBlock(headerText: string): MimeHeader[] {
  const headers: MimeHeader[] = [];
  for (const line of headerText.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      const last = headers[headers.length - 1]!;
      last.value += " " + line.trim();
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers.map((header) => ({ name: header.name, value: decodeHeaderValue(header.value) }));
}

export function headerValue(headers: readonly MimeHeader[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find((header) => header.name.toLowerCase() === lower)?.value;
}

function decodeCharset(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function decodeHeaderValue(binaryValue: string): string {
  const unicode = /[\x80-\xff]/.test(binaryValue) ? decodeCharset(Buffer.from(binaryValue, "latin1"), "utf-8") : binaryValue;
  return unicode
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[bBqQ]\?[^?]*\?=)/g, "$1")
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([bBqQ])\?([^?]*)\?=/g, (whole, charset: string, encoding: string, text: string) => {
      try {
        const bytes =
          encoding.toUpperCase() === "B"
            ? Buffer.from(text, "base64")
            : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, " ")), "latin1");
        return decodeCharset(bytes, charset);
      } catch {
        return whole;
      }
    });
}

/** Content-Type (or Content-Disposition) value and its parameters, parameter names lower-cased. */
export function parseHeaderParameters(value: string | undefined): { value: string; params: Record<string, string> } {
  if (!value) return { value: "", params: {} };
  const [main = "", ...rest] = value.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const params: Record<string, string> = {};
  for (const item of rest) {
    const equals = item.indexOf("=");
    if (equals === -1) continue;
    const key = item.slice(0, equals).trim().toLowerCase();
    let paramValue = item.slice(equals + 1).trim();
    if (paramValue.startsWith('"') && paramValue.endsWith('"')) paramValue = paramValue.slice(1, -1).replace(/\\(.)/g, "$1");
    params[key] = paramValue;
  }
  return { value: main.trim().toLowerCase(), params };
}

function parsePart(text: string, start: number, end: number): MimePart {
  const region = text.slice(0, end);
  const { headerText, bodyStart } = splitHeaderAndBody(region, start);
  const headers = parseHeaderBlock(headerText);
  const contentType = parseHeaderParameters(headerValue(headers, "Content-Type"));
  const mimeType = contentType.value.includes("/") ? contentType.value : "text/plain";
  const part: MimePart = {
    headers,
    mimeType,
    rawBody: text.slice(Math.min(bodyStart, end), end),
    bodyStart: Math.min(bodyStart, end),
    bodyEnd: end,
    children: [],
  };
  const boundary = contentType.params["boundary"];
  if (mimeType.startsWith("multipart/") && boundary) part.children = parseMultipart(text, part.bodyStart, end, boundary);
  return part;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function parseMultipart(text: string, start: number, end: number, boundary: string): MimePart[] {
  const delimiter = new RegExp(`\\r?\\n--${escapeRegExp(boundary)}(--)?[ \\t]*(?:\\r?\\n|$)`, "g");
  delimiter.lastIndex = start;
  const region = text.slice(0, end);
  const children: MimePart[] = [];
  let partStart: number | null = null;
  // With no preamble the body opens with the first delimiter, which has no line break before it.
  const opening = new RegExp(`--${escapeRegExp(boundary)}[ \\t]*(?:\\r?\\n|$)`, "y");
  opening.lastIndex = start;
  const openingMatch = opening.exec(region);
  if (openingMatch) {
    partStart = start + openingMatch[0].length;
    delimiter.lastIndex = partStart;
  }
  for (let match = delimiter.exec(region); match; match = delimiter.exec(region)) {
    if (partStart !== null) children.push(parsePart(text, partStart, match.index));
    if (match[1]) return children;
    partStart = match.index + match[0].length;
  }
  if (partStart !== null && partStart < end) children.push(parsePart(text, partStart, end));
  return children;
}

export function parseMessage(raw: Uint8Array | string): MimePart {
  const text = toBinaryString(raw);
  return parsePart(text, 0, text.length);
}

export function decodeQuotedPrintable(binary: string): string {
  return binary.replace(/=(?:\r?\n|([0-9A-Fa-f]{2}))/g, (_whole, hex: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : "",
  );
}

/** A leaf's body with its Content-Transfer-Encoding undone. */
export function decodeBody(part: MimePart): Uint8Array {
  const encoding = (headerValue(part.headers, "Content-Transfer-Encoding") ?? "7bit").trim().toLowerCase();
  if (encoding === "base64") return Buffer.from(part.rawBody.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(part.rawBody), "latin1");
  return Buffer.from(part.rawBody, "latin1");
}

export function decodeText(part: MimePart): string {
  const charset = parseHeaderParameters(headerValue(part.headers, "Content-Type")).params["charset"] ?? "utf-8";
  return decodeCharset(decodeBody(part), charset);
}

/** Encodes bytes as quoted-printable with soft line breaks at 76 characters, keeping the text's own line breaks. */
export function encodeQuotedPrintable(bytes: Uint8Array, newline = "\r\n"): string {
  const text = Buffer.from(bytes).toString("latin1");
  const lines = text.split(/\r?\n/);
  return lines
    .map((line) => {
      let encoded = "";
      for (let index = 0; index < line.length; index++) {
        const code = line.charCodeAt(index);
        const isLast = index === line.length - 1;
        const literal = (code >= 33 && code <= 126 && code !== 61) || ((code === 32 || code === 9) && !isLast);
        encoded += literal ? line[index] : "=" + code.toString(16).toUpperCase().padStart(2, "0");
      }
      const wrapped: string[] = [];
      while (encoded.length > 76) {
        let cut = 75;
        // Never split an =XX escape across a soft break.
        const escape = encoded.lastIndexOf("=", cut);
        if (escape > cut - 3) cut = escape;
        wrapped.push(encoded.slice(0, cut) + "=");
        encoded = encoded.slice(cut);
      }
      wrapped.push(encoded);
      return wrapped.join(newline);
    })
    .join(newline);
}

export function encodeBase64Lines(bytes: Uint8Array, newline = "\r\n"): string {
  const base64 = Buffer.from(bytes).toString("base64");
  return (base64.match(/.{1,76}/g) ?? []).join(newline);
}

export function leaves(part: MimePart): MimePart[] {
  return part.children.length === 0 ? [part] : part.children.flatMap(leaves);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", copy: "©", reg: "®", trade: "™",
  mdash: "—", ndash: "–", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", zwnj: "", zwj: "",
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1]?.toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      try {
        return String.fromCodePoint(code);
      } catch {
        return whole;
      }
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Visible text of an HTML document, roughly as a mail client would show it (hidden preheaders included, as in Gmail). */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<[^>]*>/g, " "),
  );
}
