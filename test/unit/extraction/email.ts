/** Builds small RFC 5322 messages for tests: multipart/alternative with the given parts, CRLF line endings. */
export interface TestEmail {
  from?: string;
  subject?: string;
  date?: string | null;
  headers?: Record<string, string>;
  text?: string;
  html?: string;
  htmlEncoding?: "7bit" | "quoted-printable" | "base64";
  charset?: string;
  bulk?: boolean;
}

function qp(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  let line = "";
  const lines: string[] = [];
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    const encoded = byte === 0x0a ? "\n" : byte === 0x0d ? "" : byte === 0x3d || byte > 0x7e ? `=${byte.toString(16).toUpperCase().padStart(2, "0")}` : char;
    if (encoded === "\n") {
      lines.push(line);
      line = "";
      continue;
    }
    if (line.length + encoded.length > 72) {
      lines.push(`${line}=`);
      line = "";
    }
    line += encoded;
  }
  lines.push(line);
  return lines.join("\r\n");
}

function encodeBody(body: string, encoding: "7bit" | "quoted-printable" | "base64"): string {
  if (encoding === "base64") return Buffer.from(body, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n");
  if (encoding === "quoted-printable") return qp(body);
  return body.replace(/\r?\n/g, "\r\n");
}

export function buildEmail(email: TestEmail): string {
  const boundary = "=_test_boundary_42";
  const headers: string[] = [
    `From: ${email.from ?? "Copper Kettle <hello@mail.copperkettle.example.com>"}`,
    "To: reader@example.net",
    `Subject: ${email.subject ?? "A small test"}`,
  ];
  if (email.date !== null) headers.push(`Date: ${email.date ?? "Thu, 12 Mar 2026 10:00:00 -0400"}`);
  headers.push("Message-ID: <test-1@mail.copperkettle.example.com>", "MIME-Version: 1.0");
  if (email.bulk ?? true) headers.push("List-Unsubscribe: <https://copperkettle.example.com/u?x=1>");
  for (const [name, value] of Object.entries(email.headers ?? {})) headers.push(`${name}: ${value}`);
  const charset = email.charset ?? "utf-8";
  const parts: string[] = [];
  if (email.text !== undefined) {
    parts.push(`--${boundary}\r\nContent-Type: text/plain; charset=${charset}\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp(email.text)}`);
  }
  if (email.html !== undefined) {
    const encoding = email.htmlEncoding ?? "quoted-printable";
    parts.push(`--${boundary}\r\nContent-Type: text/html; charset=${charset}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${encodeBody(email.html, encoding)}`);
  }
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  return `${headers.join("\r\n")}\r\n\r\n${parts.join("\r\n")}\r\n--${boundary}--\r\n`;
}
