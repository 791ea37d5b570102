/**
 * The many ways one offer reaches an inbox: ESP table layouts, nested inline elements, a code alone in a styled box,
 * hidden preheaders, images with alt text, plain text only, and the transfer encodings and charsets mail uses. Each
 * shape renders an InventedOffer to a whole RFC 5322 message, so the extractor reads it as it would real mail.
 */
import type { InventedOffer } from "./offers";

type Encoding = "7bit" | "quoted-printable" | "base64";
type Charset = "utf-8" | "windows-1252";

interface Part {
  type: "text/plain" | "text/html";
  body: string;
  encoding: Encoding;
  charset?: Charset;
}

interface MessageSpec {
  parts: Part[];
  /** Extra headers, such as Content-Language. */
  headers?: Record<string, string>;
}

/** Windows-1252's printable characters above 0x7f that are not Latin-1's. */
const CP1252: Record<string, number> = { "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97 };

function bytesOf(text: string, charset: Charset): Buffer {
  if (charset === "utf-8") return Buffer.from(text, "utf8");
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else if (CP1252[char] !== undefined) bytes.push(CP1252[char]!);
    else for (const byte of Buffer.from(`&#${code};`, "latin1")) bytes.push(byte);
  }
  return Buffer.from(bytes);
}

function quotedPrintable(bytes: Buffer): string {
  const lines: string[] = [];
  let line = "";
  for (const byte of bytes) {
    if (byte === 0x0a) {
      lines.push(line);
      line = "";
      continue;
    }
    if (byte === 0x0d) continue;
    const encoded = byte === 0x3d || byte > 0x7e || (byte < 0x20 && byte !== 0x09) ? `=${byte.toString(16).toUpperCase().padStart(2, "0")}` : String.fromCharCode(byte);
    // Soft breaks at 76 columns split words and codes, as ESPs' encoders do.
    if (line.length + encoded.length > 75) {
      lines.push(`${line}=`);
      line = "";
    }
    line += encoded;
  }
  lines.push(line);
  return lines.join("\r\n");
}

function encodePart(part: Part): string {
  const bytes = bytesOf(part.body, part.charset ?? "utf-8");
  if (part.encoding === "base64") return bytes.toString("base64").replace(/.{76}/g, "$&\r\n");
  if (part.encoding === "quoted-printable") return quotedPrintable(bytes);
  return bytes.toString("latin1").replace(/\r?\n/g, "\r\n");
}

/** An RFC 2047 encoded word when the text is not ASCII. */
function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, "utf8").toString("base64")}?=`;
}

/** The message's bytes: headers are ASCII, and each part's text is already the bytes of its charset and encoding. */
function message(offer: InventedOffer, spec: MessageSpec): Buffer {
  const boundary = "----=_Part_8812_invented";
  const headers = [
    `From: ${headerText(offer.brand)} <news@mail.${offer.domain}>`,
    "To: reader@example.net",
    `Subject: ${headerText(offer.subject)}`,
    `Date: ${offer.date}`,
    `Message-ID: <${offer.id}.shape@mail.${offer.domain}>`,
    "MIME-Version: 1.0",
    `List-Unsubscribe: <https://mail.${offer.domain}/unsubscribe?u=5521>`,
    ...Object.entries(spec.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const partText = (part: Part) => {
    const encoded = encodePart(part);
    // Unencoded text with bytes past ASCII is 8bit, whatever the template meant to send.
    const encoding = part.encoding === "7bit" && /[\u0080-\u00ff]/.test(encoded) ? "8bit" : part.encoding;
    return `Content-Type: ${part.type}; charset=${part.charset ?? "utf-8"}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${encoded}`;
  };
  if (spec.parts.length === 1) return Buffer.from(`${headers.join("\r\n")}\r\n${partText(spec.parts[0]!)}\r\n`, "latin1");
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  const body = spec.parts.map((part) => `--${boundary}\r\n${partText(part)}`).join("\r\n");
  return Buffer.from(`${headers.join("\r\n")}\r\n\r\n${body}\r\n--${boundary}--\r\n`, "latin1");
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function plainText(offer: InventedOffer): string {
  return [
    offer.headline.toUpperCase(),
    "",
    offer.pitch,
    "",
    offer.codeLine,
    offer.endLine,
    "",
    `${offer.cta}: https://www.${offer.domain}/sale?utm_source=email`,
    "",
    offer.finePrint,
    "",
    `Unsubscribe: https://mail.${offer.domain}/unsubscribe?u=5521`,
  ].join("\n");
}

const footer = (offer: InventedOffer) =>
  `<p style="font-size:11px;color:#888888">${escape(offer.finePrint)}<br><a href="https://mail.${offer.domain}/unsubscribe?u=5521">Unsubscribe</a> · <a href="https://www.${offer.domain}/privacy">Privacy</a></p>`;

const shopUrl = (offer: InventedOffer) => `https://click.mail.${offer.domain}/ls/click?upn=Xy7Qz-2Bv&amp;utm_campaign=${offer.id}`;

/** The same sentence with each code wrapped in `wrap`, as a designer bolds or colours the code. */
function withCodes(offer: InventedOffer, text: string, wrap: (code: string) => string): string {
  let html = escape(text);
  for (const code of offer.expected.codes) html = html.replace(code, wrap(code));
  return html;
}

function page(offer: InventedOffer, body: string, lang = true): string {
  return `<!DOCTYPE html><html${lang ? ` lang="${offer.language}"` : ""}><head><title>${escape(offer.subject)}</title>
<style>.btn{background:#1f6f4a} @media (max-width:600px){.col{width:100%!important}}</style></head><body style="margin:0">${body}</body></html>`;
}

export interface Shape {
  name: string;
  render: (offer: InventedOffer) => Buffer;
}

export const SHAPES: readonly Shape[] = [
  {
    name: "plain text only",
    render: (offer) => message(offer, { parts: [{ type: "text/plain", body: plainText(offer), encoding: "quoted-printable" }] }),
  },
  {
    name: "plain text only, base64",
    render: (offer) => message(offer, { parts: [{ type: "text/plain", body: plainText(offer), encoding: "base64" }] }),
  },
  {
    name: "simple paragraphs, 7bit",
    render: (offer) =>
      message(offer, {
        parts: [
          { type: "text/plain", body: plainText(offer), encoding: "7bit" },
          {
            type: "text/html",
            encoding: "7bit",
            body: page(offer, `<h1>${escape(offer.headline)}</h1><p>${escape(offer.pitch)}</p><p>${escape(offer.codeLine)}</p><p>${escape(offer.endLine)}</p><p><a href="${shopUrl(offer)}">${escape(offer.cta)}</a></p>${footer(offer)}`),
          },
        ],
      }),
  },
  {
    name: "ESP tables with preheader and MSO, quoted-printable",
    render: (offer) =>
      message(offer, {
        headers: { "Content-Language": offer.language },
        parts: [
          { type: "text/plain", body: plainText(offer), encoding: "quoted-printable" },
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<div style="display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden">${escape(offer.headline)}&#847;&zwnj;&nbsp;&#847;&zwnj;&nbsp;</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">
<!--[if mso]><table role="presentation" width="600"><tr><td><![endif]-->
<table role="presentation" class="col" width="600" cellpadding="0" cellspacing="0"><tr><td style="padding:24px"><img src="https://img.${offer.domain}/logo.png" width="140" height="40" alt="${escape(offer.brand)}"></td></tr>
<tr><td style="font-family:Arial,sans-serif;font-size:32px;font-weight:bold;padding:0 24px">${escape(offer.headline)}</td></tr>
<tr><td style="font-family:Arial,sans-serif;font-size:16px;padding:12px 24px">${escape(offer.pitch)}</td></tr>
<tr><td style="font-family:Arial,sans-serif;font-size:16px;padding:12px 24px">${withCodes(offer, offer.codeLine, (code) => `<strong style="color:#c0392b">${code}</strong>`)}</td></tr>
<tr><td style="padding:12px 24px">
<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" href="${shopUrl(offer)}" style="height:44px;width:220px" arcsize="10%" fillcolor="#1f6f4a"><center style="color:#ffffff">${escape(offer.cta)}</center></v:roundrect><![endif]-->
<!--[if !mso]><!--><a class="btn" href="${shopUrl(offer)}" style="display:inline-block;padding:12px 24px;color:#ffffff;text-decoration:none">${escape(offer.cta)}</a><!--<![endif]-->
</td></tr>
<tr><td style="font-family:Arial,sans-serif;font-size:13px;padding:0 24px">${escape(offer.endLine)}</td></tr>
<tr><td style="padding:24px">${footer(offer)}</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table><img src="https://open.mail.${offer.domain}/o/1x1.gif" width="1" height="1" alt="">`,
            ),
          },
        ],
      }),
  },
  {
    name: "nested spans and &nbsp;, base64",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "base64",
            body: page(
              offer,
              `<div><span style="font-size:28px"><b><font color="#222">${escape(offer.headline)}</font></b></span></div><div><span>${escape(offer.pitch).replace(/ /g, "&nbsp;")}</span></div><div><span style="color:#333"><span>${withCodes(offer, offer.codeLine, (code) => `</span><span style="font-weight:700"><em>${code}</em></span><span>`)}</span></span></div><div><span><span>${escape(offer.endLine)}</span></span></div><div><a href="${shopUrl(offer)}"><span><span>${escape(offer.cta)}</span></span></a></div>${footer(offer)}`,
            ),
          },
        ],
      }),
  },
  {
    name: "code alone in a dashed box",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<table width="600"><tr><td><h1 style="margin:0">${escape(offer.headline)}</h1></td></tr><tr><td>${escape(offer.pitch)}</td></tr>${offer.expected.codes
                .map(
                  (code, index) =>
                    `<tr><td style="padding-top:16px;font-size:14px">${escape(offer.boxLabels[index] ?? offer.boxLabels[0]!)}</td></tr><tr><td align="center" style="border:2px dashed #1f6f4a;padding:12px;font-size:24px;font-weight:bold">${code}</td></tr>`,
                )
                .join("")}<tr><td>${escape(offer.endLine)}</td></tr><tr><td><a href="${shopUrl(offer)}" style="display:block;background:#1f6f4a;color:#fff">${escape(offer.cta)}</a></td></tr><tr><td>${footer(offer)}</td></tr></table>`,
            ),
          },
        ],
      }),
  },
  {
    name: "code in a letter-spaced monospace block",
    render: (offer) =>
      message(offer, {
        headers: { "Content-Language": offer.language },
        parts: [
          { type: "text/plain", body: plainText(offer), encoding: "quoted-printable" },
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<h2>${escape(offer.headline)}</h2><p>${escape(offer.pitch)}</p>${offer.expected.codes
                .map(
                  (code, index) =>
                    `<p style="margin:0">${escape(offer.boxLabels[index] ?? offer.boxLabels[0]!)}</p><p style="font-family:'Courier New',monospace;letter-spacing:4px;font-size:22px">${code}</p>`,
                )
                .join("")}<p>${escape(offer.endLine)}</p><p><a href="${shopUrl(offer)}">${escape(offer.cta)}</a></p>${footer(offer)}`,
              false,
            ),
          },
        ],
      }),
  },
  {
    name: "blocks and cells glued with no whitespace",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<table><tr><td>${escape(offer.headline)}</td><td>${escape(offer.pitch)}</td></tr></table><span style="display:block">${withCodes(offer, offer.codeLine, (code) => `<b>${code}</b>`)}</span><span style="display:block;font-size:12px">${escape(offer.endLine)}</span><a href="${shopUrl(offer)}" style="display:inline-block">${escape(offer.cta)}</a><button type="button">${escape(offer.cta)}</button>${footer(offer)}`,
            ),
          },
        ],
      }),
  },
  {
    name: "line breaks only, no blocks",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "7bit",
            body: page(
              offer,
              `<font face="Verdana">${escape(offer.headline)}<br>${escape(offer.pitch)}<br/>${withCodes(offer, offer.codeLine, (code) => `<b>${code}</b>`)}<br>${escape(offer.endLine)}<br><a href="${shopUrl(offer)}">${escape(offer.cta)}</a><br><small>${escape(offer.finePrint)}</small></font>`,
            ),
          },
        ],
      }),
  },
  {
    name: "label and code in adjacent cells",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<table><tr><td colspan="2"><h1>${escape(offer.headline)}</h1></td></tr><tr><td colspan="2">${escape(offer.pitch)}</td></tr>${offer.expected.codes
                .map((code, index) => `<tr><td>${escape(offer.boxLabels[index] ?? offer.boxLabels[0]!)}</td><td><strong>${code}</strong></td></tr>`)
                .join("")}<tr><td colspan="2">${escape(offer.endLine)}</td></tr></table><a href="${shopUrl(offer)}">${escape(offer.cta)}</a>${footer(offer)}`,
            ),
          },
        ],
      }),
  },
  {
    name: "images with alt text",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "base64",
            body: page(
              offer,
              `<table><tr><td><img src="https://img.${offer.domain}/hero.jpg" width="600" height="400" alt="${escape(offer.headline)}"></td></tr><tr><td>${escape(offer.pitch)}</td></tr><tr><td><img src="https://img.${offer.domain}/code.png" width="600" height="80" alt="${escape(offer.codeLine)}"></td></tr><tr><td>${escape(offer.endLine)}</td></tr><tr><td><a href="${shopUrl(offer)}"><img src="https://img.${offer.domain}/cta.png" width="200" height="50" alt="${escape(offer.cta)}"></a></td></tr></table>${footer(offer)}`,
            ),
          },
        ],
      }),
  },
  {
    name: "hidden preheader and a hidden mobile copy",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<span style="display:none!important;visibility:hidden;mso-hide:all;font-size:1px;line-height:1px;max-height:0;overflow:hidden">${escape(offer.headline)} ${escape(offer.pitch)}</span><div class="mobile" style="display:none;mso-hide:all">${escape(offer.headline)}<br>${escape(offer.codeLine)}<br>${escape(offer.endLine)}</div><div class="desktop"><h1>${escape(offer.headline)}</h1><p>${escape(offer.pitch)}</p><p>${escape(offer.codeLine)}</p><p>${escape(offer.endLine)}</p><p><a href="${shopUrl(offer)}">${escape(offer.cta)}</a></p></div>${footer(offer)}`,
            ),
          },
        ],
      }),
  },
  {
    name: "code inside the call-to-action link",
    render: (offer) =>
      message(offer, {
        parts: [
          {
            type: "text/html",
            encoding: "quoted-printable",
            body: page(
              offer,
              `<h1>${escape(offer.headline)}</h1><p>${escape(offer.pitch)}</p><p><a href="${shopUrl(offer)}" style="color:#1f6f4a;font-weight:bold">${withCodes(offer, offer.codeLine, (code) => `<span style="text-decoration:underline">${code}</span>`)}</a></p><p>${escape(offer.endLine)}</p>${footer(offer)}`,
            ),
          },
        ],
      }),
  },
  {
    name: "windows-1252 charset, end date in the fine print",
    render: (offer) =>
      message(offer, {
        headers: { "Content-Language": offer.language },
        parts: [
          {
            type: "text/html",
            encoding: "quoted-printable",
            charset: "windows-1252",
            body: page(
              offer,
              `<h1>${escape(offer.headline)}</h1><p>${escape(offer.pitch)}</p><p>${escape(offer.codeLine)}</p><p><a href="${shopUrl(offer)}">${escape(offer.cta)}</a></p><table><tr><td style="font-size:10px;color:#999">${escape(offer.finePrint)} ${escape(offer.endLine)}</td></tr></table><p><a href="https://mail.${offer.domain}/unsubscribe?u=5521">Unsubscribe</a></p>`,
            ),
          },
        ],
      }),
  },
];
