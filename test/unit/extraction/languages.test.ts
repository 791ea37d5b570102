import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { languageOfText, messageLanguage } from "../../../server/extraction/language";
import { buildEmail } from "./email";

/** Invented shops writing in their own language: the code behind its label, the end date as they write it. */
interface Case {
  language: string;
  domain: string;
  date: string;
  html: string;
  codes: string[];
  endDate: string;
}

const CASES: Case[] = [
  { language: "de", domain: "wollhaus-brem.de", date: "Mon, 02 Nov 2026 09:00:00 +0100", html: "<p>20 % auf alle Pullover mit dem Gutscheincode WOLLE20.</p><p>Gültig bis 30.11.</p>", codes: ["WOLLE20"], endDate: "2026-11-30" },
  { language: "de", domain: "wollhaus-brem.de", date: "Wed, 04 Nov 2026 09:00:00 +0100", html: "<p>Dein Rabattcode: MUETZE10 für Mützen und Schals.</p><p>Nur bis Sonntag einlösbar.</p>", codes: ["MUETZE10"], endDate: "2026-11-08" },
  { language: "fr", domain: "atelier-sorel.fr", date: "Mon, 02 Nov 2026 09:00:00 +0100", html: "<p>Avec le code promo SOREL15, -15 % sur les bougies.</p><p>Offre valable jusqu'au 5 décembre.</p>", codes: ["SOREL15"], endDate: "2026-12-05" },
  { language: "fr", domain: "atelier-sorel.fr", date: "Thu, 05 Nov 2026 09:00:00 +0100", html: "<p>Votre code de réduction : BOUGIE5 sur les bougies.</p><p>Valable jusqu'à demain.</p>", codes: ["BOUGIE5"], endDate: "2026-11-06" },
  { language: "es", domain: "tiendamarena.es", date: "Mon, 02 Nov 2026 09:00:00 +0100", html: "<p>Usa el código MARENA20 y ahorra un 20% en toallas.</p><p>Válido hasta el 3 de diciembre.</p>", codes: ["MARENA20"], endDate: "2026-12-03" },
  { language: "es", domain: "tiendamarena.es", date: "Fri, 06 Nov 2026 09:00:00 +0100", html: "<p>Código de descuento: TOALLA10 en toda la tienda.</p><p>La oferta termina el domingo.</p>", codes: ["TOALLA10"], endDate: "2026-11-08" },
  { language: "it", domain: "bottegavelia.it", date: "Mon, 02 Nov 2026 09:00:00 +0100", html: "<p>Codice sconto: VELIA15 su tutte le tazze.</p><p>Offerta valida fino al 6 dicembre.</p>", codes: ["VELIA15"], endDate: "2026-12-06" },
  { language: "it", domain: "bottegavelia.it", date: "Tue, 03 Nov 2026 09:00:00 +0100", html: "<p>Usa il codice promozionale TAZZA10 per il 10% di sconto.</p><p>Scade domenica.</p>", codes: ["TAZZA10"], endDate: "2026-11-08" },
  { language: "nl", domain: "kaaskamer-ijssel.nl", date: "Mon, 02 Nov 2026 09:00:00 +0100", html: "<p>Met kortingscode KAAS10 krijg je 10% korting op alle kazen.</p><p>Geldig tot en met 4 december.</p>", codes: ["KAAS10"], endDate: "2026-12-04" },
  { language: "nl", domain: "kaaskamer-ijssel.nl", date: "Wed, 04 Nov 2026 09:00:00 +0100", html: "<p>Actiecode: GOUDA5 voor 5 euro korting.</p><p>Alleen t/m zondag.</p>", codes: ["GOUDA5"], endDate: "2026-11-08" },
  { language: "pt", domain: "casadoriso.com.br", date: "Mon, 02 Nov 2026 09:00:00 -0300", html: "<p>Use o cupom RISO15 e ganhe 15% de desconto em canecas.</p><p>Válido até 10/12.</p>", codes: ["RISO15"], endDate: "2026-12-10" },
  { language: "pt", domain: "casadoriso.pt", date: "Tue, 03 Nov 2026 09:00:00 +0000", html: "<p>Código promocional: CANECA10 em todas as canecas.</p><p>Promoção válida até amanhã.</p>", codes: ["CANECA10"], endDate: "2026-11-04" },
  { language: "en", domain: "harrowgate-teas.co.uk", date: "Mon, 02 Nov 2026 09:00:00 +0000", html: "<p>Use code LEAF20 for 20% off loose-leaf tea.</p><p>Offer ends 06/12/2026.</p>", codes: ["LEAF20"], endDate: "2026-12-06" },
];

describe("codes and end dates in the sender's language", () => {
  it.each(CASES)("$language: $codes ends $endDate", async ({ domain, date, html, codes, endDate }) => {
    const message = await extractDeals(buildEmail({ from: `Invented Shop <news@mail.${domain}>`, subject: "Angebot / offre / oferta", date, html: `<html><body>${html}</body></html>` }));
    expect(message.deals[0]?.promoCodes).toEqual(codes);
    expect(message.deals[0]?.expirationDate).toBe(endDate);
  });

  it("reads a relative day from the send instant in the sender's own zone, not UTC's", async () => {
    // 00:30 on 1 December in Berlin is still 30 November in UTC: "heute" is the first.
    const message = await extractDeals(
      buildEmail({ from: "Wollhaus Brem <news@mail.wollhaus-brem.de>", subject: "Nur heute: 20 % auf Pullover", date: "Tue, 01 Dec 2026 00:30:00 +0100", html: "<p>Gutscheincode: NACHT20</p><p>Gültig nur heute bis 23:59 Uhr.</p>" }),
    );
    expect(message.deals[0]?.expirationDate).toBe("2026-12-01");
  });

  it("reads a day-first numeric date from a German text on a .com domain without a price", async () => {
    const message = await extractDeals(
      buildEmail({ from: "Wollhaus <news@mail.wollhaus-shop.com>", subject: "Rabatt für dich", date: "Mon, 02 Nov 2026 09:00:00 +0100", html: "<p>Dein Gutscheincode für alle Pullover: WOLLE15</p><p>Einlösbar bis 05.12.2026 im Shop.</p>" }),
    );
    expect(message.deals[0]?.expirationDate).toBe("2026-12-05");
  });
});

describe("the message's language", () => {
  it("takes the sender's declaration first, and checks a declared English against the words", () => {
    expect(messageLanguage("de-AT", "en", "Use code X now")).toBe("de");
    expect(messageLanguage(null, "fr", "anything")).toBe("fr");
    expect(messageLanguage(null, "en", "Dein Rabattcode für die neue Saison, nur bis Sonntag und nicht mit anderen Aktionen")).toBe("de");
  });

  it.each([
    ["en", "Take 20% off your order with the code below, now through Sunday."],
    ["de", "Jetzt 20 % auf die neue Kollektion sparen, nur bis Sonntag und nicht mit anderen Aktionen."],
    ["fr", "Profitez de -20 % sur votre commande avec le code, jusqu'à dimanche et pour tous nos produits."],
    ["es", "Ahorra un 20% en tu pedido con el código, hasta el domingo y para todos los productos."],
    ["it", "Approfitta del 20% di sconto con il codice, fino a domenica per tutti gli articoli della collezione."],
    ["nl", "Krijg nu 20% korting op je bestelling met de code, tot en met zondag voor alle producten."],
    ["pt", "Ganhe 20% de desconto na sua compra com o cupom, até domingo para todos os produtos da loja."],
  ])("tells %s from its words", (language, text) => {
    expect(languageOfText(text)).toBe(language);
  });
});
