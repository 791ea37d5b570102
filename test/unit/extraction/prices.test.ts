import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { renderHtml } from "../../../server/extraction/html";
import { readPromotionMarkup } from "../../../server/extraction/markup";
import { markupPrice } from "../../../server/extraction/prices";
import { buildEmail } from "./email";

const ENDS = "<p>Use code <b>KETTLE10</b> at checkout. Offer ends March 20, 2026.</p>";

async function priceOf(html: string, subject = "Our spring sale") {
  const message = await extractDeals(buildEmail({ html, subject }));
  expect(message.deals).toHaveLength(1);
  return message.deals[0]!.price ?? null;
}

describe("was/now prices in a mail", () => {
  it.each<[string, string, object]>([
    ["words", "<p>The Copper Kettle: $35.99 instead of $59.99</p>", { currency: "USD", nowHundredths: 3599, wasHundredths: 5999 }],
    ["was ... now", "<p>Teapot sets were $60, now $42.</p>", { currency: "USD", nowHundredths: 4200, wasHundredths: 6000 }],
    ["an <s> old price", "<p><span>£12.00</span> <s>£20.00</s></p>", { currency: "GBP", nowHundredths: 1200, wasHundredths: 2000 }],
    ["a <del> old price first", "<p><del>€60,00</del> €42,00</p>", { currency: "EUR", nowHundredths: 4200, wasHundredths: 6000 }],
    [
      "a line-through style in table cells",
      '<table><tr><td style="text-decoration: line-through; color:#999">CHF 1\'599.00</td><td>CHF 1\'299.00</td></tr></table>',
      { currency: "CHF", nowHundredths: 129900, wasHundredths: 159900 },
    ],
    ["a German mail", "<p>Jetzt 1.234,56 € statt 1.499,00 €</p>", { currency: "EUR", nowHundredths: 123456, wasHundredths: 149900 }],
  ])("reads %s", async (_shape, body, price) => {
    expect(await priceOf(`${body}${ENDS}`)).toEqual(price);
  });

  it("reads the subject's price first", async () => {
    expect(await priceOf(`<p>Mugs $10 instead of $15</p>${ENDS}`, "Kettles: now $42 (was $60)")).toEqual({ currency: "USD", nowHundredths: 4200, wasHundredths: 6000 });
  });

  it.each([
    "<p>Save up to $60 on kettles.</p>",
    "<p>Free shipping on orders over $50.</p>",
    "<p>$10 off $50 with the code below.</p>",
    "<p>£12.00 £20.00</p>",
    "<p><s>£12.00</s> £20.00</p>",
    "<p>Mugs: $10 instead of $15</p><p>Kettles: $42 instead of $60</p>",
  ])("reads none in %s", async (body) => {
    expect(await priceOf(`${body}${ENDS}`)).toBeNull();
  });

  it("keeps struck-through text aside, short texts only", () => {
    const rendered = renderHtml(`<p><s>$20</s> $12 <del>${"long ".repeat(20)}</del> <span style="display:none"><s>$99</s></span></p>`);
    expect(rendered.struck).toEqual(["$20"]);
  });
});

describe("was/now prices in the sender's markup", () => {
  const markup = (json: object) => readPromotionMarkup([JSON.stringify(json)], []);

  it("takes a promotion card's discountValue off its price", () => {
    const card = { "@type": "PromotionCard", image: "https://x.test/i.jpg", url: "https://x.test/p", price: "100", priceCurrency: "USD", discountValue: "25" };
    expect(markupPrice(markup(card))).toEqual({ currency: "USD", nowHundredths: 7500, wasHundredths: 10000 });
  });

  it("reads an offer's price beside its strike-through price", () => {
    const offer = {
      "@type": "Offer",
      price: "42.00",
      priceCurrency: "EUR",
      priceSpecification: [{ "@type": "UnitPriceSpecification", priceType: "https://schema.org/StrikethroughPrice", price: "60.00", priceCurrency: "EUR" }],
    };
    expect(markupPrice(markup(offer))).toEqual({ currency: "EUR", nowHundredths: 4200, wasHundredths: 6000 });
  });

  it.each([
    ["a percentage discount", { "@type": "PromotionCard", price: "100", priceCurrency: "USD", discountValue: "25%" }],
    ["no currency", { "@type": "PromotionCard", price: "100", discountValue: "25" }],
    ["a discount as large as the price", { "@type": "PromotionCard", price: "25", priceCurrency: "USD", discountValue: "25" }],
    ["an offer without a list price", { "@type": "Offer", price: "42.00", priceCurrency: "EUR" }],
    ["a list price below the price", { "@type": "Offer", price: "42", priceCurrency: "EUR", priceSpecification: { priceType: "ListPrice", price: "30" } }],
  ])("reads none from %s", (_case, json) => {
    expect(markupPrice(markup(json))).toBeNull();
  });

  it("carries the markup's price into the deal", async () => {
    const jsonLd = JSON.stringify({ "@type": "PromotionCard", image: "https://img.x.test/i.jpg", url: "https://copperkettle.example.com/p", price: "80", priceCurrency: "GBP", discountValue: "20" });
    const html = `<html><head><script type="application/ld+json">${jsonLd}</script></head><body>${ENDS}</body></html>`;
    expect(await priceOf(html)).toEqual({ currency: "GBP", nowHundredths: 6000, wasHundredths: 8000 });
  });
});
