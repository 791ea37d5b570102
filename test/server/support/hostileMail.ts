/**
 * Messages an attacker can send anyone: each aims at one way to stop a sync, flood a field or smuggle a link, and says
 * what a sync must do with it. Built here, byte by byte, so that no fixture file hides what a test feeds the server.
 */

/** What a sync must do with a message: skip and count it, or store its deal cleaned and capped. */
export type HostileOutcome = { skipped: RegExp } | { stored: { codes: string[] | "capped" } };

export interface HostileMessage {
  name: string;
  raw: string | Uint8Array;
  outcome: HostileOutcome;
}

const SENDER = "Mallory Deals <offers@news.mallory-shop.test>";

/** A bulk promotional message (so that it is read as one), with the given header lines and body. */
function promotion(options: { headers?: string[]; subject?: string; from?: string; contentType?: string; body: string; encoding?: string }): string {
  return [
    `From: ${options.from ?? SENDER}`,
    "To: new.user@example.com",
    `Subject: ${options.subject ?? "20% off everything this week"}`,
    "Date: Tue, 17 Nov 2026 09:00:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: ${options.contentType ?? "text/html; charset=utf-8"}`,
    ...(options.encoding ? [`Content-Transfer-Encoding: ${options.encoding}`] : []),
    "List-Unsubscribe: <https://news.mallory-shop.test/unsubscribe>",
    ...(options.headers ?? []),
    "",
    options.body,
    "",
  ].join("\r\n");
}

/** Every C0 control character but CR and LF (which end a header line), DEL, and a few C1 controls. */
const CONTROLS = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
  .filter((char) => char !== "\r" && char !== "\n")
  .join("") + "\x7f";

/** NUL and other control characters in every header, raw and as RFC 2047 encoded words. */
function controlCharactersInHeaders(): HostileMessage {
  return {
    name: "control characters in every header",
    raw: [
      `From: =?utf-8?Q?Mal=00lory=07_Deals?= ${CONTROLS}<offers@news.mallory-shop.test>`,
      `To: new.user${CONTROLS}@example.com`,
      `Subject: =?utf-8?Q?=00?= Weekend=?utf-8?Q?=01=1B=7F=C2=85?= sale ${CONTROLS} 25% off`,
      `Date: Tue, 17 Nov 2026 09:00:00 +0000${CONTROLS}`,
      `Message-ID: <ctl${CONTROLS}@news.mallory-shop.test>`,
      "MIME-Version: 1.0",
      `Content-Type: text/html; charset=utf-8; x=${CONTROLS}`,
      `List-Unsubscribe: <https://news.mallory-shop.test/u${CONTROLS}>`,
      `X-Mailer: ${CONTROLS}`,
      "",
      "<p>Use code <b>CTRL25</b> at checkout for 25% off.</p>",
      "",
    ].join("\r\n"),
    outcome: { stored: { codes: ["CTRL25"] } },
  };
}

/** 5,000 discount codes in JSON-LD, as many offers in ten blocks: far past the index row PostgreSQL accepts. */
function fiveThousandJsonLdCodes(): HostileMessage {
  const blocks = Array.from({ length: 10 }, (_, block) => {
    const offers = Array.from({ length: 500 }, (_, index) => ({
      "@type": "DiscountOffer",
      description: "25% off",
      discountCode: `FLOOD${String(block * 500 + index).padStart(5, "0")}`,
    }));
    return `<script type="application/ld+json">${JSON.stringify({ "@context": "http://schema.org", "@graph": offers })}</script>`;
  });
  return {
    name: "5,000 JSON-LD codes",
    raw: promotion({ body: `<html><head>${blocks.join("")}</head><body><p>25% off with any of our codes.</p></body></html>` }),
    outcome: { stored: { codes: "capped" } },
  };
}

/** Links and images that a browser would run, or read from elsewhere, in every way a sender can name them. */
export const HOSTILE_URLS = [
  "javascript:alert(document.cookie)//",
  " JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java&#x0A;script:alert(1)",
  "&#x6A;avascript:alert(1)",
  "\x01javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/png;base64,iVBORw0KGgo=",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "https://user:secret@images.mallory-shop.test/a.jpg",
  "//images.mallory-shop.test/protocol-relative.jpg",
];

const escapeAttribute = (value: string) => value.replace(/"/g, "&quot;");

/** Those URLs as HTML links and images, as JSON-LD url and image, and as microdata url and image. */
function scriptLinks(): HostileMessage {
  const html = HOSTILE_URLS.map(
    (url) => `<p><a href="${escapeAttribute(url)}">Shop now</a><img src="${escapeAttribute(url)}" width="600" height="400" alt=""></p>`,
  ).join("");
  const jsonLd = HOSTILE_URLS.map((url) => ({
    "@context": "http://schema.org",
    "@type": "PromotionCard",
    url,
    image: url,
    headline: "Big sale",
  }));
  const organization = { "@context": "http://schema.org", "@type": "Organization", name: "Mallory", url: HOSTILE_URLS[0] };
  const microdata = HOSTILE_URLS.map(
    (url) =>
      `<div itemscope itemtype="http://schema.org/PromotionCard"><link itemprop="url" href="${escapeAttribute(url)}">` +
      `<meta itemprop="image" content="${escapeAttribute(url)}"></div>`,
  ).join("");
  return {
    name: "javascript:, data: and vbscript: links and images",
    raw: promotion({
      body:
        `<html><head><script type="application/ld+json">${JSON.stringify([organization, ...jsonLd])}</script></head><body>` +
        `${microdata}<p>Use code <b>LINKS30</b> for 30% off.</p>${html}</body></html>`,
    }),
    outcome: { stored: { codes: ["LINKS30"] } },
  };
}

/** A subject of about a megabyte, folded over many lines. */
function megabyteSubject(): HostileMessage {
  const words = "Biggest sale of the year ".repeat(42_000);
  const folded = words.match(/.{1,70}/g)!.join("\r\n ");
  return {
    name: "1 MB subject",
    raw: promotion({ subject: folded, body: "<p>Use code <b>HUGE40</b> for 40% off.</p>" }),
    outcome: { stored: { codes: ["HUGE40"] } },
  };
}

/** 10,000 links, the first of them 100 KB long. */
function tenThousandLinks(): HostileMessage {
  const longUrl = `https://www.mallory-shop.test/${"a".repeat(100_000)}`;
  const links = Array.from({ length: 10_000 }, (_, index) => `<a href="https://www.mallory-shop.test/p/${index}">Item ${index}</a>`);
  return {
    name: "10,000 links",
    raw: promotion({ body: `<p><a href="${longUrl}">Shop now</a></p><p>Use code <b>LINKS10K</b> for 10% off.</p>${links.join(" ")}` }),
    outcome: { stored: { codes: ["LINKS10K"] } },
  };
}

/** 200,000 elements open at once (never closed, which a parser accepts). */
function deepHtml(): HostileMessage {
  return {
    name: "200,000-deep HTML",
    raw: promotion({ body: `${"<div>".repeat(200_000)}Use code DEEP20 for 20% off` }),
    outcome: { skipped: /nests elements more than \d+ deep/ },
  };
}

function brokenBase64(): HostileMessage {
  return {
    name: "broken base64",
    raw: promotion({ encoding: "base64", body: `PHA+VXNlIGNvZGU*** not base64 at all ***\r\n${"@#$%".repeat(50)}\r\n=====` }),
    outcome: { stored: { codes: [] } },
  };
}

/** A charset no decoder knows, and bytes that are not text in any. */
function unknownCharset(): HostileMessage {
  return {
    name: "unknown charset",
    raw: Buffer.from(
      promotion({
        contentType: 'text/html; charset="x-no-such-charset\x00"',
        body: "<p>Use code <b>CHARSET15</b> for 15% off \xff\xfe\xfd\xc3.</p>",
      }),
      "latin1",
    ),
    outcome: { stored: { codes: ["CHARSET15"] } },
  };
}

function truncatedMultipart(): HostileMessage {
  return {
    name: "truncated multipart",
    raw: [
      `From: ${SENDER}`,
      "Subject: 35% off, today only",
      "Date: Tue, 17 Nov 2026 09:00:00 +0000",
      "MIME-Version: 1.0",
      'Content-Type: multipart/alternative; boundary="never-closed"',
      "List-Unsubscribe: <https://news.mallory-shop.test/unsubscribe>",
      "",
      "--never-closed",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "<p>Use code <b>TRUNC35</b> for 35% off.</p><p>And then the message st=",
    ].join("\r\n"),
    outcome: { stored: { codes: ["TRUNC35"] } },
  };
}

function notAnEmail(): HostileMessage {
  return { name: "not an email", raw: "\x00\x01\x02 no headers, no body, nothing to read", outcome: { skipped: /Not an email/ } };
}

function overSizeMessage(): HostileMessage {
  return {
    name: "6 MB message",
    raw: promotion({ body: `<p>Use code <b>BIG6</b> for 6% off.</p>${"<p>filler</p>".repeat(460_000)}` }),
    outcome: { skipped: /larger than 5 MB/ },
  };
}

/**
 * Within every size limit, but slow: each of 60,000 codes that the plain-text part labels is looked for in the HTML
 * part, which takes the extractor about 40 seconds. Only the time budget per message stops it.
 */
function slowToExtract(): HostileMessage {
  const boundary = "slow-boundary";
  const labelledCodes = Array.from({ length: 60_000 }, (_, index) => `Code: Q${String(index).padStart(6, "0")}`).join("\r\n");
  return {
    name: "slow to extract",
    raw: [
      `From: ${SENDER}`,
      "Subject: 20% off, with a code for everyone",
      "Date: Tue, 17 Nov 2026 09:00:00 +0000",
      "MIME-Version: 1.0",
      "List-Unsubscribe: <https://news.mallory-shop.test/unsubscribe>",
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      labelledCodes,
      `--${boundary}`,
      "Content-Type: text/html; charset=utf-8",
      "",
      `<p>${"Fresh deals every week. ".repeat(40_000)}</p>`,
      `--${boundary}--`,
      "",
    ].join("\r\n"),
    outcome: { skipped: /took longer than/ },
  };
}

/** Every hostile message that must not stop a sync, each with the outcome it must have. */
export function hostileMailbox(): HostileMessage[] {
  return [
    controlCharactersInHeaders(),
    fiveThousandJsonLdCodes(),
    scriptLinks(),
    megabyteSubject(),
    tenThousandLinks(),
    deepHtml(),
    brokenBase64(),
    unknownCharset(),
    truncatedMultipart(),
    notAnEmail(),
    overSizeMessage(),
    slowToExtract(),
  ];
}
