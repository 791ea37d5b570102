import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { brandNameWithEvidence } from "../../../server/extraction/brand";
import { findBoxedCodes, findCodes } from "../../../server/extraction/codes";
import { findExpiryWithEvidence } from "../../../server/extraction/expiry";
import { buildEmail } from "./email";

/** Each evidence kind the extractor records (docs/product.md, "Evidence"), in each language where its words differ. */

/** Thursday 2026-03-12 10:00 in New York. */
const THURSDAY = new Date("2026-03-12T14:00:00Z");

function expiry(body: string, options: { headline?: string; dayFirst?: boolean } = {}) {
  return findExpiryWithEvidence({
    body,
    headline: options.headline ?? "",
    sentAt: THURSDAY,
    senderOffsetMinutes: -240,
    dayFirst: options.dayFirst ?? false,
  });
}

describe("codes: a label before the code", () => {
  it.each([
    ["en", "Use code SPRING20 at checkout for 20% off."],
    ["de", "Dein Gutscheincode: SPRING20 für 20 % Rabatt."],
    ["fr", "Avec le code promo : SPRING20, 20 % de réduction."],
    ["es", "Usa el código SPRING20 y ahorra un 20 %."],
    ["it", "Codice sconto: SPRING20 per il 20 % di sconto."],
    ["nl", "Kortingscode: SPRING20 voor 20% korting."],
    ["pt", "Use o cupom SPRING20 e ganhe 20% de desconto."],
  ])("%s: a labelled code is stated by its label", (_language, text) => {
    expect(findCodes(text)).toEqual([expect.objectContaining({ code: "SPRING20", kind: "label" })]);
  });

  it("a code alone in a styled box next to a promo word is a box's", () => {
    expect(findBoxedCodes("Your promo code\nOTTER12\nat checkout", ["OTTER12"])).toEqual([expect.objectContaining({ code: "OTTER12", kind: "box" })]);
  });

  it("a code only the subject states is the subject's, and markup's code is the markup's", async () => {
    const subjectOnly = await extractDeals(buildEmail({ subject: "Use code FLASH30 for 30% off today", html: "<p>30% off everything, today only.</p>" }));
    expect(subjectOnly.deals[0]?.evidence?.codes).toEqual([{ code: "FLASH30", kind: "subject", confidence: "stated" }]);

    const jsonLd = '{"@context":"http://schema.org/","@type":"DiscountOffer","discountCode":"MARK10"}';
    const marked = await extractDeals(buildEmail({ html: `<script type="application/ld+json">${jsonLd}</script><p>Use code MARK10 for 10% off, or code MARK25 for 25% off $100.</p>` }));
    expect(marked.deals[0]?.evidence?.codes).toEqual([
      { code: "MARK10", kind: "markup", confidence: "stated" },
      { code: "MARK25", kind: "label", confidence: "stated" },
    ]);
  });
});

describe("end date: what stated it", () => {
  it.each([
    ["en", "Offer ends March 22, 2026.", false, "2026-03-22"],
    ["de", "Gültig bis 22.03.2026.", true, "2026-03-22"],
    ["fr", "Offre valable jusqu'au 22 mars 2026.", true, "2026-03-22"],
    ["es", "Válido hasta el 22 de marzo de 2026.", true, "2026-03-22"],
    ["it", "Offerta valida fino al 22 marzo 2026.", true, "2026-03-22"],
    ["nl", "Geldig t/m 22 maart 2026.", true, "2026-03-22"],
    ["pt", "Válido até 22 de março de 2026.", true, "2026-03-22"],
  ])("%s: a date after an end word is a label's, stated", (_language, text, dayFirst, date) => {
    expect(expiry(text, { dayFirst })).toEqual({ date, evidence: { kind: "label", confidence: "stated" } });
  });

  it.each([
    ["Sale ends tomorrow!", "2026-03-13"],
    ["Hurry, this weekend only.", "2026-03-15"],
    ["48 hours only: 20% off.", "2026-03-14"],
    ["Ends Sunday at midnight.", "2026-03-15"],
  ])("%j is relative words, stated, counted from the send day in the sender's zone", (text, date) => {
    expect(expiry(text)).toEqual({ date, evidence: { kind: "relative", confidence: "stated" } });
  });

  it("a date in the subject alone is the subject's", () => {
    expect(expiry("Our biggest sale of the season.", { headline: "Ends March 20: 25% off" })).toEqual({
      date: "2026-03-20",
      evidence: { kind: "subject", confidence: "stated" },
    });
  });

  it("a date after a weak word only is inferred", () => {
    expect(expiry("Shop before March 20 for the best sizes.")).toEqual({ date: "2026-03-20", evidence: { kind: "label", confidence: "inferred" } });
    expect(expiry("Shop before March 20 and get the best sizes.")).toEqual({ date: "2026-03-20", evidence: { kind: "label", confidence: "inferred" } });
  });

  it("an action before a day that earns the offer states it, as \"by\" does", () => {
    expect(expiry("Register before March 20 and save $300.")).toEqual({ date: "2026-03-20", evidence: { kind: "label", confidence: "stated" } });
  });

  it.each([
    ["en", "Last chance for 20% off!"],
    ["de", "Letzte Chance auf 20 % Rabatt!"],
    ["fr", "Dernière chance : 20 % de réduction !"],
    ["es", "¡Última oportunidad para el 20 % de descuento!"],
    ["it", "Ultima occasione per il 20 % di sconto!"],
    ["nl", "Laatste kans op 20% korting!"],
    ["pt", "Última chance de 20% de desconto!"],
    ["en", "20% off, this week only."],
    ["de", "20 % Rabatt, nur diese Woche."],
    ["fr", "-20 %, cette semaine seulement."],
    ["es", "20 % de descuento, solo esta semana."],
    ["it", "20% di sconto, solo questa settimana."],
    ["nl", "20% korting, alleen deze week."],
    ["pt", "20% de desconto, só esta semana."],
    ["en", "20% off. Ends next week."],
    ["de", "20 % Rabatt. Endet nächste Woche."],
    ["fr", "-20 %. Se termine la semaine prochaine."],
    ["es", "20 % de descuento. Termina la próxima semana."],
    ["it", "20% di sconto. Termina la prossima settimana."],
    ["nl", "20% korting. Eindigt volgende week."],
    ["pt", "20% de desconto. Termina na próxima semana."],
  ])("%s: an end implied with no day gives no date, only implied evidence", (_language, text) => {
    expect(expiry(text)).toEqual({ date: null, evidence: { kind: "implied", confidence: "guessed" } });
  });

  it("says nothing when the mail says nothing of an end", () => {
    expect(expiry("20% off teapots, all spring.")).toEqual({ date: null, evidence: null });
  });

  it("markup's end is the markup's", async () => {
    const jsonLd = '{"@context":"http://schema.org/","@type":"DiscountOffer","discountCode":"KETTLE20","availabilityEnds":"2026-03-22T23:59:59-04:00"}';
    const message = await extractDeals(buildEmail({ html: `<script type="application/ld+json">${jsonLd}</script><p>20% off teapots.</p>` }));
    expect(message.deals[0]?.evidence?.endDate).toEqual({ kind: "markup", confidence: "stated" });
  });
});

describe("brand: where its name came from", () => {
  it("the markup's organisation and the sender's display name are stated; a name made from the domain is inferred", () => {
    expect(brandNameWithEvidence("Copper Kettle", "Copper Kettle Tea", "copperkettle.com")?.evidence).toEqual({ kind: "markup", confidence: "stated" });
    expect(brandNameWithEvidence("Copper Kettle", null, "copperkettle.com")).toEqual({ name: "Copper Kettle", evidence: { kind: "sender", confidence: "stated" } });
    expect(brandNameWithEvidence(null, null, "copperkettle.com")?.evidence).toEqual({ kind: "sender", confidence: "inferred" });
    expect(brandNameWithEvidence(null, null, null)).toBeNull();
  });
});

describe("category: what it rests on", () => {
  it("a deal's category carries evidence, and a mail that names no trade is a guess of nothing", async () => {
    const trade = await extractDeals(buildEmail({ from: "Barkbridge Pet Supply <news@barkbridgepets.com>", html: "<p>Use code WOOF20 for 20% off dog beds and treats.</p>" }));
    expect(trade.deals[0]?.category).toBe("Pets");
    expect(trade.deals[0]?.evidence?.category).toEqual({ kind: "sender", confidence: "inferred" });
    const vague = await extractDeals(buildEmail({ from: "Quillon <news@quillon.com>", html: "<p>Use code QX20 for 20% off.</p>" }));
    expect(vague.deals[0]?.category).toBe("Others");
    expect(vague.deals[0]?.evidence?.category).toEqual({ kind: "none", confidence: "guessed" });
  });

  it("a category only the body's words point at is inferred when they name one trade clearly, else a guess", async () => {
    const clear = await extractDeals(
      buildEmail({ from: "Quillon <news@quillon.com>", html: "<p>Use code PUP20 for 20% off dog beds, puppy treats, cat litter and chew toys for your pets.</p>" }),
    );
    expect(clear.deals[0]?.category).toBe("Pets");
    expect(clear.deals[0]?.evidence?.category).toEqual({ kind: "words", confidence: "inferred" });
    const hint = await extractDeals(buildEmail({ from: "Quillon <news@quillon.com>", html: "<p>Use code PUP20 for 20% off dog beds and puppy treats.</p>" }));
    expect(hint.deals[0]?.category).toBe("Pets");
    expect(hint.deals[0]?.evidence?.category).toEqual({ kind: "words", confidence: "guessed" });
  });
});
