import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/**
 * One code presented every way a shop might: each label of each language the extractor reads, with codes of several
 * forms, in six layouts. The rules are judged by the whole grid, not by the labels they were written for.
 */
type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt";

const LABELS: Record<Language, string[]> = {
  en: [
    "Use code", "Code:", "Promo code:", "Enter code", "Use promo code", "Coupon code:", "Your code is", "Apply code", "Discount code:",
    "Voucher code:", "Redeem code", "Shop with code", "Use coupon", "Promo Code", "CODE:", "Use the code", "With code", "Offer code:",
  ],
  de: ["Gutscheincode:", "Rabattcode:", "Mit dem Code", "Aktionscode:", "Dein Gutscheincode:", "Code:", "Gutschein:"],
  fr: ["Code promo :", "Avec le code", "Code de réduction :", "Votre code :", "Utilisez le code", "code"],
  es: ["Código:", "Cupón:", "Código de descuento:", "Usa el código", "Con el código", "Código promocional:"],
  it: ["Codice sconto:", "Codice:", "Con il codice", "Usa il codice", "Codice promozionale:"],
  nl: ["Kortingscode:", "Actiecode:", "Met de code", "Gebruik code", "Code:"],
  pt: ["Cupom:", "Cupão:", "Código:", "Use o cupom", "Código promocional:", "Com o código"],
};
const CODES = ["WINTER20", "WINTER-20", "W20XK9", "20OFF", "Winter20", "XMAS"];
const GAIN: Record<Language, string> = {
  en: "for 20% off", de: "für 20 % Rabatt", fr: "pour 20 % de réduction", es: "para un 20 % de descuento", it: "per il 20% di sconto",
  nl: "voor 20% korting", pt: "para 20% de desconto",
};
const DOMAIN: Record<Language, string> = {
  en: "example.com", de: "example.de", fr: "example.fr", es: "example.es", it: "example.it", nl: "example.nl", pt: "example.com.br",
};

/** Where the code stands: in the label's sentence, bold, in a dashed box, in the next cell, in a span run, on a button. */
const LAYOUTS: ReadonlyArray<[name: string, html: (label: string, code: string, gain: string) => string]> = [
  ["inline", (label, code, gain) => `<p>${label} ${code} ${gain}.</p>`],
  ["bold", (label, code, gain) => `<p>${label} <strong>${code}</strong> ${gain}.</p>`],
  ["box below", (label, code, gain) => `<p>20 % ${gain}</p><p>${label}</p><div style="border:2px dashed #333;padding:8px">${code}</div>`],
  ["next cell", (label, code, gain) => `<p>20 % ${gain}</p><table><tr><td>${label}</td><td style="font-weight:bold">${code}</td></tr></table>`],
  ["span run", (label, code, gain) => `<p><span>${label}</span><span style="font-size:20px"> ${code} </span><span>${gain}</span></p>`],
  [
    "button",
    (label, code, gain) => `<p>20 % ${gain}</p><p>${label}</p><a href="https://shop.example.com/winter" style="display:inline-block;padding:10px">${code}</a>`,
  ],
];

/** A code set alone on its line, with the instruction to use it below it. */
const INSTRUCTIONS_BELOW: ReadonlyArray<[Language, string]> = [
  ["en", "Use this code at checkout."], ["en", "Enter the code at checkout."], ["en", "Copy the code above and paste it at checkout."],
  ["de", "Verwende diesen Code an der Kasse."], ["fr", "Utilisez ce code lors du paiement."], ["es", "Usa este código al pagar."],
  ["it", "Usa questo codice al momento del pagamento."], ["nl", "Gebruik deze code bij het afrekenen."], ["pt", "Use este cupom na finalização da compra."],
];

describe("a code, however it is presented", () => {
  // An ordinary word is a code as much as WINTER20 when it stands alone in capitals over the instruction to use it.
  it.each(INSTRUCTIONS_BELOW.flatMap(([language, instruction]) => ["WINTER20", "SNOWDROP"].map((code) => [language, instruction, code] as const)))(
    "%s: a code above '%s' (%s)",
    async (language, instruction, code) => {
      const raw = buildEmail({
        from: `Invented Shop <news@mail.${DOMAIN[language]}>`,
        subject: "Winter",
        date: "Thu, 26 Nov 2026 09:00:00 -0500",
        headers: { "Content-Language": language },
        html: `<p>20 % ${GAIN[language]}</p><h1>${code}</h1><p>${instruction}</p>`,
      });
      expect((await extractDeals(raw)).deals[0]?.promoCodes).toEqual([code]);
    },
  );

  // A heading's word over an instruction that points at another code is the heading, whatever the digits say.
  it.each([
    ["SALE", "Use this code at checkout: SAVE20", ["SAVE20"]],
    ["SALE", "Use the code below.\nSAVE20", ["SAVE20"]],
    ["WEEKEND", "Enter the code below at checkout\nSAVE20", ["SAVE20"]],
    ["Snowdrop", "Use this code at checkout.", []],
  ])("a word %s above '%s' is not the code", async (heading, instruction, codes) => {
    const raw = buildEmail({
      from: "Invented Shop <news@mail.example.com>",
      subject: "Winter",
      date: "Thu, 26 Nov 2026 09:00:00 -0500",
      html: `<p>20% off everything</p><h1>${heading}</h1>${instruction.split("\n").map((line) => `<p>${line}</p>`).join("")}`,
    });
    expect((await extractDeals(raw)).deals[0]?.promoCodes).toEqual(codes);
  });

  it.each(Object.keys(LABELS) as Language[])("%s: every label, code form and layout", async (language) => {
    const misread: string[] = [];
    for (const label of LABELS[language]) {
      for (const code of CODES) {
        for (const [layout, html] of LAYOUTS) {
          const raw = buildEmail({
            from: `Invented Shop <news@mail.${DOMAIN[language]}>`,
            subject: "Winter",
            date: "Thu, 26 Nov 2026 09:00:00 -0500",
            headers: { "Content-Language": language },
            html: `${html(label, code, GAIN[language])}<p>6/12/2026</p>`,
          });
          const read = (await extractDeals(raw)).deals[0]?.promoCodes ?? [];
          if (read.join() !== code) misread.push(`${layout}: "${label}" ${code} read as ${JSON.stringify(read)}`);
        }
      }
    }
    expect(misread).toEqual([]);
  });
});

/** The quotation marks each language sets around a code, French with its (no-break) spaces inside. */
const QUOTES: Record<Language, ReadonlyArray<[open: string, close: string]>> = {
  en: [["“", "”"], ["‘", "’"], ['"', '"']],
  de: [["„", "“"], ["»", "«"], ["‚", "‘"]],
  fr: [["« ", " »"], ["«\u00a0", "\u00a0»"], ["«", "»"]],
  es: [["«", "»"], ["“", "”"]],
  it: [["«", "»"], ["“", "”"]],
  nl: [["‘", "’"], ["“", "”"], ["„", "”"]],
  pt: [["“", "”"], ["«", "»"]],
};

describe("a code in quotation marks", () => {
  it.each(Object.keys(QUOTES) as Language[])("%s: every label and quotation mark, inline and bold", async (language) => {
    const misread: string[] = [];
    for (const label of LABELS[language]) {
      for (const [open, close] of QUOTES[language]) {
        for (const [layout, html] of LAYOUTS.slice(0, 2)) {
          const raw = buildEmail({
            from: `Invented Shop <news@mail.${DOMAIN[language]}>`,
            subject: "Winter",
            date: "Thu, 26 Nov 2026 09:00:00 -0500",
            headers: { "Content-Language": language },
            html: html(label, `${open}WINTER20${close}`, GAIN[language]),
          });
          const read = (await extractDeals(raw)).deals[0]?.promoCodes ?? [];
          if (read.join() !== "WINTER20") misread.push(`${layout}: ${label} ${open}WINTER20${close} read as ${JSON.stringify(read)}`);
        }
      }
    }
    expect(misread).toEqual([]);
  });
});

/**
 * A code that carries its own discount ("SAVE20" for 20% off) is one even with no word "code": set after "with" or a
 * colon, or before the discount it gives, in each language's words. Read as inferred, which the deal's Details says.
 */
const CARRIED: ReadonlyArray<[text: string, codes: string[]]> = [
  ["Get 20% off with SAVE20 at checkout.", ["SAVE20"]],
  ["Get 20% off with SAVE20.", ["SAVE20"]],
  ["Tier 1: $10 off $50 with SAVE10\nTier 2: $25 off $100 with SAVE25", ["SAVE10", "SAVE25"]],
  ["Spend $50, save $10: SAVE10\nSpend $100, save $25: SAVE25", ["SAVE10", "SAVE25"]],
  ["Two codes this week: SAVE10 (10% off) and SAVE20 (20% off).", ["SAVE10", "SAVE20"]],
  ["SAVE20 = 20% off everything", ["SAVE20"]],
  ["XMAS25 for 25% off sitewide", ["XMAS25"]],
  ["Take $15 off using GIFT15.", ["GIFT15"]],
  ["20 % Rabatt mit WINTER20 im Warenkorb.", ["WINTER20"]],
  ["20 % de réduction avec HIVER20.", ["HIVER20"]],
  ["20% de descuento con INVIERNO20.", ["INVIERNO20"]],
  ["20% korting met WINTER20.", ["WINTER20"]],
  ["20% de desconto com INVERNO20.", ["INVERNO20"]],
  // The code first, set by "with", and the saving after it.
  ["Mit WINTER10 sparst du 10 % auf Jacken.", ["WINTER10"]],
  ["With SAVE10 you save 10% on boots.", ["SAVE10"]],
  ["Avec HIVER15, économisez 15 % sur les manteaux.", ["HIVER15"]],
  ["Con INVIERNO20 ahorra un 20 % en abrigos.", ["INVIERNO20"]],
];

/** Capitals and digits that are not a code: a product, a model, a figure that is not the discount. */
const NOT_CARRIED: ReadonlyArray<string> = [
  "Save $100 on laptops with RTX4090 graphics.",
  "Save 20% on the new XT-30 headphones with USB4 charging.",
  "Get 20% off with the new G7 app.",
  "20% off all orders. Shipping to 40 countries with DHL24.",
  "Save 15% on our FY2026 planners.",
  "Mit RTX4090 sparst du 40 % Zeit beim Rendern.",
];

describe("a code that carries its own discount", () => {
  const read = async (text: string) => {
    const raw = buildEmail({
      from: "Invented Shop <news@mail.example.com>",
      subject: "This week",
      date: "Thu, 26 Nov 2026 09:00:00 -0500",
      html: text.split("\n").map((line) => `<p>${line}</p>`).join(""),
    });
    return (await extractDeals(raw)).deals[0];
  };

  it.each(CARRIED)("%s", async (text, codes) => {
    const deal = await read(text);
    expect(deal?.promoCodes).toEqual(codes);
    expect(deal?.evidence?.codes.map((code) => code.confidence)).toEqual(codes.map(() => "inferred"));
  });

  it("a code also labelled further down is stated, where it first stands", async () => {
    const deal = await read("Get 15% off with KICKOFF15.\nShop the collection\nUse code KICKOFF15 at checkout.");
    expect(deal?.evidence?.codes).toEqual([{ code: "KICKOFF15", kind: "label", confidence: "stated" }]);
  });

  it.each(NOT_CARRIED)("%s has no code", async (text) => {
    expect((await read(text))?.promoCodes ?? []).toEqual([]);
  });
});

/** A code the shop applies from a link: a coupon parameter, or Shopify's /discount/CODE path. */
describe("a code in a link", () => {
  const read = async (href: string, text = "20% off everything this week.") => {
    const raw = buildEmail({
      from: "Invented Shop <news@mail.example.com>",
      subject: "This week",
      date: "Thu, 26 Nov 2026 09:00:00 -0500",
      html: `<p>${text}</p><p><a href="${href}">Shop now</a></p>`,
    });
    return (await extractDeals(raw)).deals[0];
  };

  it.each([
    ["https://shop.example.com/discount/SAVE20?redirect=%2Fcollections%2Fall", "SAVE20"],
    ["https://shop.example.com/cart?coupon=WELCOME10", "WELCOME10"],
    ["https://shop.example.com/?discount_code=winter15&utm_source=email", "winter15"],
    ["https://shop.example.com/checkout?promocode=EXTRA", "EXTRA"],
  ])("%s gives %s", async (href, code) => {
    const deal = await read(href);
    expect(deal?.promoCodes).toEqual([code]);
    expect(deal?.evidence?.codes).toEqual([{ code, kind: "link", confidence: "inferred" }]);
  });

  it.each([
    "https://shop.example.com/?utm_campaign=SAVE20",
    "https://shop.example.com/?promo=HOLIDAY-BANNER-2",
    "https://shop.example.com/?coupon=a8f3k2m9q7w1e5r4t6y0u2i8",
    "mailto:help@example.com?subject=coupon=SAVE20",
    "https://shop.example.com/discount/",
    "https://shop.example.com/discount/%C3%28",
  ])("%s gives none", async (href) => {
    expect((await read(href))?.promoCodes ?? []).toEqual([]);
  });

  it("a code the text labels too is the text's", async () => {
    const deal = await read("https://shop.example.com/discount/SAVE20", "Use code SAVE20 for 20% off everything.");
    expect(deal?.evidence?.codes).toEqual([{ code: "SAVE20", kind: "label", confidence: "stated" }]);
  });
});
