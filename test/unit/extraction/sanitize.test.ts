import { describe, expect, it } from "vitest";
import type { ExtractedDeal, ExtractedMessage } from "../../../server/extraction";
import { extractDeals } from "../../../server/extraction";
import { readPromotionMarkup } from "../../../server/extraction/markup";
import { INPUT_LIMITS, UnreadableMessageError } from "../../../server/extraction/limits";
import { FIELD_CAPS, capText, cleanLine, cleanMultiline, sanitizeExtractedMessage, webUrl } from "../../../server/extraction/sanitize";
import { cpuMillisecondsSince } from "./cpuTime";
import { buildEmail } from "./email";

const codePoints = (text: string) => [...text].length;

describe("webUrl: only http and https survive, as the browser's parser reads them", () => {
  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "\u0000 javascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "DATA:image/png;base64,iVBORw0KGgo=",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://files.example.com/a.jpg",
    "blob:https://example.com/uuid",
    "//example.com/protocol-relative",
    "/relative/path",
    "https://user:secret@example.com/",
    "https://user@example.com/",
    "http://",
    "",
  ])("refuses %j", (url) => {
    expect(webUrl(url)).toBeNull();
  });

  it("keeps web URLs as the parser serialises them", () => {
    expect(webUrl("  HTTPS://Shop.Example.COM/sale?q=a b#top ")).toBe("https://shop.example.com/sale?q=a%20b#top");
    expect(webUrl("http://shop.example.com")).toBe("http://shop.example.com/");
    expect(webUrl("https://shop.example.com/a\tb\nc")).toBe("https://shop.example.com/abc");
    expect(webUrl("https://bücher.example/")).toBe("https://xn--bcher-kva.example/");
  });

  it("drops a URL longer than its cap instead of cutting it", () => {
    const base = "https://shop.example.com/";
    expect(webUrl(base + "a".repeat(FIELD_CAPS.url - base.length))).toHaveLength(FIELD_CAPS.url);
    expect(webUrl(base + "a".repeat(FIELD_CAPS.url - base.length + 1))).toBeNull();
  });
});

describe("cleanLine and cleanMultiline", () => {
  it("removes NUL, control characters, lone surrogates and bidirectional overrides, and collapses whitespace", () => {
    expect(cleanLine("\u0000Big\u0007 \t sale\u001b\u007f\u0085 \u202eNOW\u202c\ud800 \udc00!\n")).toBe("Big sale NOW !");
  });

  it.each([
    ["  Big sale  ", "Big sale"],
    ["Big  sale", "Big sale"],
    ["Big\tsale", "Big sale"],
    ["Big\u007fsale", "Bigsale"],
    ["SAVE20", "SAVE20"],
  ])("cleans printable ASCII as any other text: %j", (text, cleaned) => {
    expect(cleanLine(text)).toBe(cleaned);
  });

  it("keeps surrogate pairs (emoji) and normalises to NFC", () => {
    const decomposed = "Cafe\u0301 🎉";
    expect(cleanLine(decomposed)).toBe("Café 🎉");
    expect(cleanLine(decomposed)).toHaveLength(7);
  });

  it("keeps line breaks and tabs where a field may hold them, one empty line at most", () => {
    expect(cleanMultiline("First\u0000 line\r\n\tindented\r\r\n\n\nlast\u2028 ")).toBe("First line\n\tindented\n\nlast");
  });

  it.each([
    [" Shop now.\nEnds Sunday. ", "Shop now.\nEnds Sunday."],
    ["Shop  now", "Shop now"],
    ["Shop now \n Ends Sunday", "Shop now\nEnds Sunday"],
    ["One\n\n\n\nTwo", "One\n\nTwo"],
  ])("cleans printable ASCII lines as any other text: %j", (text, cleaned) => {
    expect(cleanMultiline(text)).toBe(cleaned);
  });
});

describe("capText", () => {
  it("leaves text within the cap as it is", () => {
    expect(capText("a".repeat(10), 10)).toBe("a".repeat(10));
  });

  it("cuts at a word near the end, with an ellipsis, within the cap", () => {
    const cut = capText("Biggest sale of the year ".repeat(20), 50);
    expect(cut).toBe("Biggest sale of the year Biggest sale of the year…");
    expect(codePoints(cut)).toBeLessThanOrEqual(50);
  });

  it("never splits an emoji, a flag or a letter from its accent", () => {
    const family = "👨‍👩‍👧";
    const cut = capText(family.repeat(10), 8);
    expect(cut).toBe(`${family}…`);
    expect(capText("e\u0301".repeat(10), 4)).toBe("e\u0301…");
    expect(capText("🇫🇷".repeat(10), 6)).toBe("🇫🇷🇫🇷…");
  });
});

const deal = (overrides: Partial<ExtractedDeal> = {}): ExtractedDeal => ({
  title: "20% off",
  description: "Use code SAVE20.",
  brand: "Shop",
  brandDomain: "shop.example.com",
  category: "Fashion",
  promoCodes: ["SAVE20"],
  discount: "20% off",
  terms: [],
  codeConditions: [],
  expirationDate: "2026-12-01",
  dealUrl: "https://shop.example.com/",
  imageUrls: [],
  source: "text",
  ...overrides,
});

const message = (deals: ExtractedDeal[], overrides: Partial<ExtractedMessage> = {}): ExtractedMessage => ({
  messageId: "<1@shop.example.com>",
  isPromotion: true,
  sender: { name: "Shop", address: "news@shop.example.com" },
  subject: "20% off",
  sentAt: new Date("2026-11-17T09:00:00Z"),
  brand: "Shop",
  brandDomain: "shop.example.com",
  deals,
  ...overrides,
});

describe("sanitizeExtractedMessage", () => {
  it("caps every text field, each to its own length", () => {
    const long = "word ".repeat(1_000);
    const [capped] = sanitizeExtractedMessage(
      message([deal({ title: long, description: long, discount: long, brand: long, terms: Array.from({ length: 30 }, () => long) })]),
    ).deals;
    expect(codePoints(capped!.title)).toBeLessThanOrEqual(FIELD_CAPS.title);
    expect(codePoints(capped!.description)).toBeLessThanOrEqual(FIELD_CAPS.description);
    expect(codePoints(capped!.discount!)).toBeLessThanOrEqual(FIELD_CAPS.discount);
    expect(codePoints(capped!.brand)).toBeLessThanOrEqual(FIELD_CAPS.brand);
    expect(capped!.terms).toHaveLength(FIELD_CAPS.termsPerDeal);
    for (const term of capped!.terms) expect(codePoints(term)).toBeLessThanOrEqual(FIELD_CAPS.term);
    expect(capped!.title.endsWith("…")).toBe(true);
  });

  it("keeps the conditions of kept codes only, once each, cleaned and capped like a discount", () => {
    const conditions = [
      { code: "SAVE20", condition: `$20\u202E off ${"$100 ".repeat(50)}` },
      { code: "SAVE20", condition: "a second one" },
      { code: "GONE10", condition: "$10 off" },
      { code: "X".repeat(FIELD_CAPS.code + 1), condition: "$5 off" },
    ];
    const [capped] = sanitizeExtractedMessage(message([deal({ promoCodes: ["SAVE20", "X".repeat(FIELD_CAPS.code + 1)], codeConditions: conditions })])).deals;
    expect(capped!.codeConditions.map((condition) => condition.code)).toEqual(["SAVE20"]);
    expect(capped!.codeConditions[0]!.condition.startsWith("$20 off $100")).toBe(true);
    expect(codePoints(capped!.codeConditions[0]!.condition)).toBeLessThanOrEqual(FIELD_CAPS.discount);
  });

  it("drops a code past its cap rather than cutting it, and keeps at most 20 codes within 1,000 bytes", () => {
    const codes = ["OK1", "X".repeat(FIELD_CAPS.code + 1), "Y".repeat(FIELD_CAPS.code), "OK1", "\u0000", ...Array.from({ length: 5_000 }, (_, index) => `FLOOD${index}`)];
    const [capped] = sanitizeExtractedMessage(message([deal({ promoCodes: codes })])).deals;
    expect(capped!.promoCodes.slice(0, 3)).toEqual(["OK1", "Y".repeat(FIELD_CAPS.code), "FLOOD0"]);
    expect(capped!.promoCodes).toHaveLength(FIELD_CAPS.codesPerDeal);

    const wide = Array.from({ length: 20 }, (_, index) => `${"𠀀".repeat(39)}${index % 10}`);
    const [bytesCapped] = sanitizeExtractedMessage(message([deal({ promoCodes: wide })])).deals;
    expect(Buffer.byteLength(bytesCapped!.promoCodes.join(","))).toBeLessThanOrEqual(FIELD_CAPS.codeBytesPerDeal);
    expect(bytesCapped!.promoCodes).toHaveLength(6);
  });

  it("keeps only web URLs, at most 10 images, each once", () => {
    const images = ["javascript:alert(1)", ...Array.from({ length: 15 }, (_, index) => `https://img.example.com/${index % 12}.jpg`)];
    const [capped] = sanitizeExtractedMessage(message([deal({ dealUrl: "vbscript:x", imageUrls: images })])).deals;
    expect(capped!.dealUrl).toBeNull();
    expect(capped!.imageUrls).toEqual(Array.from({ length: 10 }, (_, index) => `https://img.example.com/${index}.jpg`));
  });

  it("keeps at most 50 deals, real calendar dates and four-digit years only", () => {
    const capped = sanitizeExtractedMessage(
      message(
        Array.from({ length: 80 }, () => deal({ expirationDate: "2026-13-45" })),
        { sentAt: new Date(Date.UTC(275_000, 0, 1)) },
      ),
    );
    expect(capped.deals).toHaveLength(FIELD_CAPS.dealsPerMessage);
    expect(capped.deals[0]!.expirationDate).toBeNull();
    expect(capped.sentAt).toBeNull();
  });

  it("drops an end date the database would refuse although JavaScript's Date takes it", () => {
    const dates = ["0000-12-01", "2026-02-30", "2028-02-29"];
    const cleaned = sanitizeExtractedMessage(message(dates.map((expirationDate) => deal({ expirationDate }))));
    expect(cleaned.deals.map((kept) => kept.expirationDate)).toEqual([null, null, "2028-02-29"]);
  });

  it("cleans the sender and subject, and drops an address or a domain past its cap", () => {
    const cleaned = sanitizeExtractedMessage(
      message([deal({ brandDomain: `${"a".repeat(250)}.example` })], {
        sender: { name: "Sh\u0000op\u0007", address: `${"a".repeat(400)}@shop.example.com` },
        subject: `=\u0000 ${"Sale ".repeat(500)}`,
        brandDomain: "SHOP.example.COM",
      }),
    );
    expect(cleaned.sender).toEqual({ name: "Shop", address: null });
    expect(codePoints(cleaned.subject!)).toBeLessThanOrEqual(FIELD_CAPS.subject);
    expect(cleaned.brandDomain).toBe("shop.example.com");
    expect(cleaned.deals[0]!.brandDomain).toBe("");
  });

  it("gives back a clean message as it was", () => {
    const clean = message([deal({ imageUrls: ["https://img.example.com/a.jpg"], terms: ["Online only"] })]);
    expect(sanitizeExtractedMessage(clean)).toEqual(clean);
  });
});

describe("extractDeals at the boundary", () => {
  it("answers a NUL subject and script links cleaned", async () => {
    const extracted = await extractDeals(
      buildEmail({
        subject: "=?utf-8?Q?=00?= 25% off =?utf-8?Q?=07?= today",
        html:
          '<p><a href="java&#x09;script:alert(1)">Shop now</a><a href=" JaVaScRiPt:alert(1)">Shop</a>' +
          '<img src="data:image/png;base64,iVBORw0KGgo=" width="600" height="400"></p><p>Use code NUL25 for 25% off.</p>' +
          '<script type="application/ld+json">{"@type":"PromotionCard","url":"javascript:alert(1)//","image":"vbscript:x"}</script>',
      }),
    );
    expect(extracted.subject).toBe("25% off today");
    expect(extracted.deals[0]).toMatchObject({ title: "25% off today", promoCodes: ["NUL25"], dealUrl: null, imageUrls: [] });
  });

  it("chooses a web link over a script link that markup or HTML puts first", async () => {
    const extracted = await extractDeals(
      buildEmail({
        html:
          '<p><a href="javascript:alert(1)">Shop now</a><a href="https://shop.example.com/sale">Shop the sale</a></p>' +
          "<p>Use code WEB10 for 10% off.</p>" +
          '<script type="application/ld+json">{"@type":"PromotionCard","url":"data:text/html,x","headline":"Sale"}</script>',
      }),
    );
    expect(extracted.deals[0]!.dealUrl).toBe("https://shop.example.com/sale");
  });

  it("refuses a raw message or a body past its limit", async () => {
    const oversize = buildEmail({ html: `<p>Use code BIG10 for 10% off.</p>${"x".repeat(INPUT_LIMITS.rawBytes)}`, htmlEncoding: "7bit" });
    await expect(extractDeals(oversize)).rejects.toThrow(new UnreadableMessageError("The message is larger than 5 MB"));
    const longBody = buildEmail({ html: `<p>${"y".repeat(INPUT_LIMITS.bodyChars + 1)}</p>`, htmlEncoding: "7bit" });
    await expect(extractDeals(longBody)).rejects.toThrow(/body is longer than 2,000,000 characters/);
  });

  it("reads unterminated comments and style blocks in linear time", async () => {
    for (const filler of ["<!--", "<style", "<style>"]) {
      const started = process.cpuUsage();
      await extractDeals(buildEmail({ html: `<p>Use code LIN10 for 10% off.</p>${filler.repeat(250_000)}`, htmlEncoding: "7bit" }));
      expect(cpuMillisecondsSince(started)).toBeLessThan(2_000);
    }
  });
});

describe("readPromotionMarkup: bounded", () => {
  it("walks JSON-LD nested 40,000 deep without recursion", () => {
    const deep = `${"[".repeat(40_000)}{"@type":"DiscountOffer","discountCode":"DEEP1"}${"]".repeat(40_000)}`;
    expect(readPromotionMarkup([deep], [])?.offers.map((offer) => offer.code)).toEqual(["DEEP1"]);
  });

  it("reads the first blocks only, and at most its node budget in all", () => {
    const blocks = Array.from({ length: 30 }, (_, block) =>
      JSON.stringify(Array.from({ length: 150 }, (_, index) => ({ "@type": "DiscountOffer", discountCode: `C${block}X${index}` }))),
    );
    const codes = readPromotionMarkup(blocks, [])!.offers.map((offer) => offer.code);
    expect(codes).toHaveLength(INPUT_LIMITS.markupNodes);
    expect(codes.at(-1)).toBe(`C${Math.floor(INPUT_LIMITS.markupNodes / 150)}X${(INPUT_LIMITS.markupNodes % 150) - 1}`);
  });

  it("ignores a JSON-LD block past its size", () => {
    const big = JSON.stringify({ "@type": "DiscountOffer", discountCode: "BIG1", description: "x".repeat(INPUT_LIMITS.jsonLdChars) });
    expect(readPromotionMarkup([big], [])).toBeNull();
  });
});
