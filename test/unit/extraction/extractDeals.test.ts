import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { INPUT_LIMITS, UnreadableMessageError } from "../../../server/extraction/limits";
import { parseMessage } from "../../../server/extraction/mime";
import { cpuMillisecondsSince } from "./cpuTime";
import { buildEmail } from "./email";

const HERO = '<img src="https://img.copperkettle.example.com/spring/hero.jpg" width="600" height="400" alt="Spring teapots">';

describe("extractDeals: MIME", () => {
  it.each(["7bit", "quoted-printable", "base64"] as const)("decodes a %s HTML part", async (encoding) => {
    const html = `<p>Brew more for less. Use code <b>STEEP25</b> for 25% off teapots.</p><p>Offer ends March 20, 2026.</p>${HERO}`;
    const message = await extractDeals(buildEmail({ html, htmlEncoding: encoding }));
    expect(message.isPromotion).toBe(true);
    expect(message.deals).toHaveLength(1);
    expect(message.deals[0]).toMatchObject({ promoCodes: ["STEEP25"], discount: "25% off", expirationDate: "2026-03-20", source: "text" });
  });

  it("keeps every line of a long 8bit part, in order and with its UTF-8 intact", async () => {
    const lines = Array.from({ length: 300 }, (_, index) => `Línea ${index}: café ${index}`);
    const raw = [
      "From: Copper Kettle <hello@mail.copperkettle.example.com>",
      "Subject: Long",
      "Date: Thu, 12 Mar 2026 10:00:00 -0400",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      ...lines,
      "",
    ].join("\r\n");
    const message = await parseMessage(Buffer.from(raw, "utf8"));
    expect(message.text?.trim().split("\n")).toEqual(lines);
  });

  it("joins a code that a quoted-printable soft break splits", async () => {
    const raw = buildEmail({ html: `<p>${"x".repeat(60)} Use code ABCDEFG123 for 10% off.</p>` });
    expect(raw).toMatch(/=\r\n/);
    const message = await extractDeals(raw);
    expect(message.deals[0]?.promoCodes).toEqual(["ABCDEFG123"]);
  });

  it("decodes encoded-word headers and a non-UTF-8 charset", async () => {
    const html = "<p>Caf\u00e9 cr\u00e8me: 15% off with code CREME15.</p>";
    const latin1Body = Buffer.from(html, "latin1").toString("base64");
    const raw = [
      "From: =?UTF-8?B?Q2Fmw6kgTHVuYQ==?= <hola@news.cafeluna.example.com>",
      "To: reader@example.net",
      "Subject: =?UTF-8?Q?=E2=98=95_15=25_off_caf=C3=A9?=",
      "Date: Thu, 12 Mar 2026 10:00:00 -0400",
      "Message-ID: <latin@news.cafeluna.example.com>",
      "List-Unsubscribe: <mailto:u@cafeluna.example.com>",
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=iso-8859-1",
      "Content-Transfer-Encoding: base64",
      "",
      latin1Body,
      "",
    ].join("\r\n");
    const message = await extractDeals(raw);
    expect(message.sender.name).toBe("Café Luna");
    expect(message.subject).toBe("☕ 15% off café");
    expect(message.deals[0]?.promoCodes).toEqual(["CREME15"]);
    expect(message.deals[0]?.description).toContain("Café crème");
  });

  it("reads windows-1252 smart quotes and dashes, which Node decodes as ISO-8859-1", async () => {
    const raw = [
      "From: Birchline <hello@mail.birchline.example.com>",
      "To: reader@example.net",
      "Subject: Quilts 20% off",
      "Date: Thu, 12 Mar 2026 10:00:00 -0400",
      "List-Unsubscribe: <mailto:u@birchline.example.com>",
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=windows-1252",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "<p>Enter =93QUILTED=94 at checkout =96 that=92s 20% off, =8010 minimum.</p>",
      "",
    ].join("\r\n");
    const message = await extractDeals(raw);
    expect(message.deals[0]?.promoCodes).toEqual(["QUILTED"]);
    expect(message.deals[0]?.description).toContain("Enter “QUILTED” at checkout – that’s 20% off, €10 minimum.");
  });

  it("reads a plain-text-only message", async () => {
    const raw = buildEmail({ text: "Spring sale! Enter SPRING10 at checkout for 10% off. Ends Sunday." });
    const message = await extractDeals(raw);
    expect(message.deals[0]).toMatchObject({ promoCodes: ["SPRING10"], expirationDate: "2026-03-15" });
  });

  it("accepts bytes as Uint8Array and ArrayBuffer", async () => {
    const bytes = new TextEncoder().encode(buildEmail({ html: "<p>Use code BYTES20 for 20% off.</p>" }));
    expect((await extractDeals(bytes)).deals[0]?.promoCodes).toEqual(["BYTES20"]);
    expect((await extractDeals(bytes.buffer)).deals[0]?.promoCodes).toEqual(["BYTES20"]);
  });

  it("throws a clear error for input that is not an email", async () => {
    await expect(extractDeals("just some words, no headers")).rejects.toThrow(/not an email/i);
    await expect(extractDeals("")).rejects.toThrow(/not an email/i);
  });

  it("falls back to the received time when the Date header is missing", async () => {
    const raw = buildEmail({ date: null, html: "<p>Use code LATE5 for 5% off. Ends tomorrow.</p>" });
    const message = await extractDeals(raw, { receivedAt: new Date("2026-03-12T15:00:00Z") });
    expect(message.sentAt).toBeNull();
    expect(message.deals[0]?.expirationDate).toBe("2026-03-13");
  });
});

describe("extractDeals: the text as a reader sees it", () => {
  it("leaves out the hidden preheader but reads image alt text", async () => {
    const html = [
      '<div style="display:none;max-height:0;overflow:hidden">Use code HIDDEN99 now</div>',
      '<img src="https://img.copperkettle.example.com/hero-sale.jpg" width="600" height="300" alt="Extra 30% off with code ALTONLY30">',
    ].join("");
    const message = await extractDeals(buildEmail({ html }));
    expect(message.deals[0]?.promoCodes).toEqual(["ALTONLY30"]);
  });

  it("joins inline tags the way a browser renders them", async () => {
    const message = await extractDeals(buildEmail({ html: "<p>Use code <span>SPR</span><span>ING</span><b>40</b> today for 40% off</p>" }));
    expect(message.deals[0]?.promoCodes).toEqual(["SPRING40"]);
  });

  it("finds a code in a styled box under its label", async () => {
    const html = '<p>Your code</p><table><tr><td style="border:2px dashed #333;letter-spacing:3px">TEAROOM7</td></tr></table><p>20% off loose-leaf tea.</p>';
    expect((await extractDeals(buildEmail({ html }))).deals[0]?.promoCodes).toEqual(["TEAROOM7"]);
  });
});

describe("extractDeals: Gmail Promotions markup", () => {
  it("takes code, end and images from JSON-LD as authoritative, converting a UTC end into the sender's zone", async () => {
    const jsonLd = JSON.stringify([
      { "@context": "http://schema.org/", "@type": "Organization", name: "Copper Kettle Tea", url: "https://copperkettle.example.com" },
      { "@context": "http://schema.org/", "@type": "DiscountOffer", description: "20% off teapots", discountCode: "KETTLE20", availabilityEnds: "2026-03-16T06:59:59Z" },
      { "@context": "http://schema.org/", "@type": "PromotionCard", image: "https://img.copperkettle.example.com/card.jpg", url: "https://copperkettle.example.com/teapots" },
    ]);
    const html = `<html><head><script type="application/ld+json">${jsonLd}</script></head><body><p>Spring tea sale: 20% off. Ends Sunday, 11:59 p.m. PT.</p></body></html>`;
    const message = await extractDeals(buildEmail({ html }));
    expect(message.brand).toBe("Copper Kettle Tea");
    expect(message.deals[0]).toMatchObject({
      promoCodes: ["KETTLE20"],
      expirationDate: "2026-03-15",
      source: "markup",
      dealUrl: "https://copperkettle.example.com/teapots",
    });
    expect(message.deals[0]?.imageUrls[0]).toBe("https://img.copperkettle.example.com/card.jpg");
  });

  it("reads microdata", async () => {
    const html = [
      '<div itemscope itemtype="http://schema.org/DiscountOffer" style="display:none">',
      '<meta itemprop="description" content="15% off everything"><meta itemprop="discountCode" content="MICRO15">',
      '<meta itemprop="availabilityEnds" content="2026-03-22T23:59:59-04:00"></div><p>Save 15% sitewide.</p>',
    ].join("");
    const message = await extractDeals(buildEmail({ html }));
    expect(message.deals[0]).toMatchObject({ promoCodes: ["MICRO15"], expirationDate: "2026-03-22", source: "markup" });
  });
});

describe("extractDeals: sales without a code and non-promotional mail", () => {
  it("makes a deal without a code for a 'no code needed' sale", async () => {
    const message = await extractDeals(buildEmail({ html: "<p>25% off all boots. No code needed. Ends Sunday.</p>" }));
    expect(message.deals[0]).toMatchObject({ promoCodes: [], discount: "25% off", expirationDate: "2026-03-15" });
  });

  it.each([
    ["Your order #A-10442 is confirmed", "<p>Thanks for your order. Order total $54.00. Promo code SAVE10 −$6.00</p>"],
    ["Your package has shipped", "<p>Tracking number 1Z999. Estimated delivery Friday.</p>"],
    ["482913 is your verification code", "<p>Your verification code: 482913. If you didn't request this, ignore it.</p>"],
    ["Your statement is ready", "<p>Your March statement is available. Minimum payment due 04/02/2026.</p>"],
  ])("gives no deal for %j", async (subject, html) => {
    const message = await extractDeals(buildEmail({ subject, html }));
    expect(message.isPromotion).toBe(false);
    expect(message.deals).toEqual([]);
  });

  it("makes a deal for a sale named without an amount or a code, with its end", async () => {
    const raw = buildEmail({ html: "<p>Our spring sale runs March 12 through March 16. Prices as marked.</p>" });
    expect((await extractDeals(raw)).deals[0]).toMatchObject({ promoCodes: [], discount: null, expirationDate: "2026-03-16" });
  });

  it("makes a deal for a price drop stated only as prices", async () => {
    const raw = buildEmail({ subject: "Price drop on your wishlist", html: "<p>The Alder Chair is now $249 (was $329).</p>" });
    expect((await extractDeals(raw)).deals).toHaveLength(1);
  });

  it("makes no deal for a product announcement that offers nothing", async () => {
    const raw = buildEmail({ html: "<p>Meet the Kettle Mini: the same pour, half the size. Shop now.</p>" });
    expect(await extractDeals(raw)).toMatchObject({ isPromotion: true, deals: [] });
  });

  it("calls an organisation's editorial newsletter a promotion (bulk list mail) that offers nothing", async () => {
    const raw = buildEmail({
      subject: "The Orchard Letter, week 12",
      html: "<p>This week in the orchard: pruning old apple trees, and a reader's cider press. Read more on our site.</p>",
    });
    expect(await extractDeals(raw)).toMatchObject({ isPromotion: true, deals: [] });
  });

  it("names the organisation, not the person who signs its mail, as the brand", async () => {
    const raw = buildEmail({
      from: "Robin Vale <rvale@copperkettle.co.uk>",
      subject: "A letter from our founder",
      html: "<p>Ten years of Copper Kettle: thank you. Every Copper Kettle order this week ships free.</p><p><a href=\"https://copperkettle.co.uk/\">Shop</a></p>",
    });
    expect((await extractDeals(raw)).brand).toBe("Copper Kettle");
  });

  it("treats a note from a person as not promotional and names no brand", async () => {
    const raw = buildEmail({
      from: "Robin Vale <robin.vale@personalmail.example>",
      bulk: false,
      subject: "Dinner Friday?",
      text: "Hey! The bakery has a SALE, 30% off. Gate code is 4471. See you Friday.",
    });
    const message = await extractDeals(raw);
    expect(message).toMatchObject({ isPromotion: false, brand: null, brandDomain: null, deals: [] });
  });
});

describe("extractDeals: brand, category, images", () => {
  it("takes the registrable domain of a sending subdomain and strips department suffixes from the name", async () => {
    const raw = buildEmail({ from: "Harbour Paints Deals <offers@news.mail.harbourpaints.co.uk>", html: "<p>£10 off every tin of paint with code TIN10.</p>" });
    const message = await extractDeals(raw);
    expect(message.brandDomain).toBe("harbourpaints.co.uk");
    expect(message.brand).toBe("Harbour Paints");
    expect(message.deals[0]?.category).toBe("Home");
  });

  it("takes the shop link's domain when an email service provider's domain sent it", async () => {
    const raw = buildEmail({
      from: "Fjord Outfitters <fjord@sendgrid.net>",
      html: '<p>20% off jackets with code FJORD20.</p><a href="https://shop.fjordoutfitters.com/jackets?utm_source=x">Shop jackets</a><a href="https://fjordoutfitters.com/">Home</a>',
    });
    expect((await extractDeals(raw)).brandDomain).toBe("fjordoutfitters.com");
  });

  it("reads the sender's trade from the words after its name in the footer", async () => {
    const raw = buildEmail({
      from: "Hollowfen <hello@mail.hollowfen.example.com>",
      html: "<p>Our memory-foam beds are 25% off this week.</p><p>Hollowfen Pet Supply · 12 Elm St · Salem, OR 97301</p>",
    });
    expect((await extractDeals(raw)).deals[0]?.category).toBe("Pets");
  });

  it("takes the shop's domain from the bare URLs of a plain-text mail an unlisted ESP sent", async () => {
    const raw = buildEmail({
      from: "Moss & Mallow <mossandmallow@relay.postbird.example>",
      text: "Take 10% off seed kits with code SPROUT10.\nShop: https://www.mossandmallow.com/seeds?utm_source=postbird",
    });
    expect((await extractDeals(raw)).brandDomain).toBe("mossandmallow.com");
  });

  it("keeps deal images that pass the image rules, largest first", async () => {
    const html = [
      '<img src="https://img.copperkettle.example.com/logo.png" width="150" height="40" alt="">',
      '<img src="https://img.copperkettle.example.com/p1.jpg" width="200" height="200" alt="">',
      HERO,
      '<img src="https://open.copperkettle.example.com/o/abc.gif" width="1" height="1" alt="">',
      "<p>Use code IMG10 for 10% off.</p>",
    ].join("");
    const message = await extractDeals(buildEmail({ html }));
    expect(message.deals[0]?.imageUrls).toEqual(["https://img.copperkettle.example.com/spring/hero.jpg", "https://img.copperkettle.example.com/p1.jpg"]);
  });
});

describe("extractDeals: fixture file", () => {
  it("reads a hand-written .eml fixture", async () => {
    const raw = readFileSync(new URL("../../fixtures/extraction/tiered-codes.eml", import.meta.url));
    const message = await extractDeals(raw);
    expect(message.deals[0]?.promoCodes).toEqual(["BRONZE10", "SILVER25"]);
    expect(message.deals[0]?.expirationDate).toBe("2026-03-16");
    expect(message.deals[0]?.category).toBe("Shopping");
  });
});

describe("extractDeals: deal link", () => {
  it("takes the call-to-action link, unwrapping a click-tracking redirect, and skips unsubscribe and browser links", async () => {
    const html = [
      '<a href="https://click.example.net/view?id=1">View in browser</a>',
      '<a href="https://click.example.net/r?x=1&url=https%3A%2F%2Fshop.copperkettle.com%2Fteapots">Shop teapots</a>',
      '<p>Use code LINK10 for 10% off.</p><a href="https://copperkettle.com/unsubscribe?u=1">Unsubscribe</a>',
    ].join("");
    expect((await extractDeals(buildEmail({ html }))).deals[0]?.dealUrl).toBe("https://shop.copperkettle.com/teapots");
  });

  it("adds text codes to the markup's own codes", async () => {
    const jsonLd = '{"@context":"http://schema.org/","@type":"DiscountOffer","discountCode":"MARK10"}';
    const html = `<script type="application/ld+json">${jsonLd}</script><p>Use code MARK10 for 10% off, or code MARK25 for 25% off $100.</p>`;
    expect((await extractDeals(buildEmail({ html }))).deals[0]?.promoCodes).toEqual(["MARK10", "MARK25"]);
  });
});

describe("extractDeals: codes the plain-text part or preheader labels", () => {
  it("accepts a code shown alone in the HTML when the plain-text part labels it", async () => {
    const raw = buildEmail({ text: "Speakers 15% off.\nCode: SOUND15\n", html: '<p>Speakers, 15% off.</p><div style="border:1px solid #000">SOUND15</div>' });
    expect((await extractDeals(raw)).deals[0]?.promoCodes).toEqual(["SOUND15"]);
  });

  it("ignores a labelled code that is nowhere in the visible HTML", async () => {
    const raw = buildEmail({ text: "Code: PLAINONLY1\n", html: '<div style="display:none">Use code HIDDEN22</div><p>Speakers, 15% off.</p>' });
    expect((await extractDeals(raw)).deals[0]?.promoCodes).toEqual([]);
  });
});

describe("extractDeals: message shapes", () => {
  it("reads a single-part HTML message and one that starts with an mbox envelope line", async () => {
    const single = buildEmail({ html: "<p>Use code SOLO10 for 10% off.</p>" });
    expect((await extractDeals(`From sender@example.com Thu Mar 12 10:00:00 2026\r\n${single}`)).deals[0]?.promoCodes).toEqual(["SOLO10"]);
  });

  it("reads HTML nested in multipart/related inside multipart/alternative", async () => {
    const raw = [
      "From: Copper Kettle <hello@mail.copperkettle.com>",
      "Subject: Nested",
      "Date: Thu, 12 Mar 2026 10:00:00 -0400",
      "List-Unsubscribe: <mailto:u@copperkettle.com>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/alternative; boundary="outer"',
      "",
      "--outer",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Plain version",
      "--outer",
      'Content-Type: multipart/related; boundary="inner"',
      "",
      "--inner",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "<p>Use code NESTED=3D15 or code RELATED15 for 15% off.</p>",
      "--inner",
      "Content-Type: image/png",
      "Content-Transfer-Encoding: base64",
      "Content-ID: <hero>",
      "",
      "iVBORw0KGgo=",
      "--inner--",
      "--outer--",
      "",
    ].join("\r\n");
    expect((await extractDeals(raw)).deals[0]?.promoCodes).toEqual(["RELATED15"]);
  });
});

describe("extractDeals: pathological input", () => {
  it("stays fast on long repetitive text", async () => {
    for (const html of ["<p>" + "use code ".repeat(20000) + "</p>", "<p>" + "1 - 1 - ".repeat(20000) + "</p>"]) {
      const started = process.cpuUsage();
      await extractDeals(buildEmail({ html, htmlEncoding: "base64" }));
      expect(cpuMillisecondsSince(started)).toBeLessThan(3000);
    }
  });

  it("refuses HTML nested deeper than its limit at once, and reads HTML just within it", async () => {
    const nested = (depth: number) => "<div>".repeat(depth) + "Use code DEEP25 for 25% off" + "</div>".repeat(depth);
    const started = process.cpuUsage();
    await expect(extractDeals(buildEmail({ html: nested(200_000), htmlEncoding: "base64" }))).rejects.toThrow(UnreadableMessageError);
    expect(cpuMillisecondsSince(started)).toBeLessThan(1000);
    const within = await extractDeals(buildEmail({ html: nested(INPUT_LIMITS.htmlDepth) }));
    expect(within.deals[0]?.promoCodes).toEqual(["DEEP25"]);
  });
});
