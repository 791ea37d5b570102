import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { conditionOf } from "../../../server/extraction/codeConditions";
import { findDiscount } from "../../../server/extraction/discount";
import { buildEmail } from "./email";

/**
 * Three readers meet the same offer words: the headline discount (findDiscount), a code's own condition (conditionOf)
 * and the judge of whether a mail offers anything at all (judgeOffer, through extractDeals). Each word list is written
 * once in server/extraction/discount.ts (HALF_PRICE, FREE_SHIPPING_ABROAD, MINUS_PERCENT, SAVED_PERCENT, PERCENT_ON);
 * these cases run through all three, so that no reader says "30% off" where another says "up to 30% off", or finds a
 * deal where another finds nothing.
 */
type Case = [line: string, discount: string, condition: string | null];

const CASES: Case[] = [
  // A saving "up to" a figure is never the figure itself.
  ["Save up to 30% with code", "up to 30% off", "up to 30% off"],
  ["Sparen Sie bis zu 20 % mit dem Code", "up to 20% off", "up to 20% off"],
  ["Économisez jusqu'à 20 % avec le code", "up to 20% off", "up to 20% off"],
  ["Ahorra hasta un 20 % con el código", "up to 20% off", "up to 20% off"],
  ["Risparmia fino al 20% con il codice", "up to 20% off", "up to 20% off"],
  ["Bespaar tot 25% met de code", "up to 25% off", "up to 25% off"],
  ["Economize até 20% com o cupom", "up to 20% off", "up to 20% off"],
  ["Save 15% with code", "15% off", "15% off"],
  ["Mit dem Code sparst du 10 % auf Jacken", "10% off", "10% off"],
  ["Avec le code, économisez 15 %", "15% off", "15% off"],
  // A percent written as a minus, whatever stands before it.
  ["Winterjacken -30 % mit dem Code", "30% off", "30% off"],
  ["Manteaux (-25 %) avec le code", "25% off", "25% off"],
  ["Preise*-20 % auf Mäntel mit dem Code", "20% off", "20% off"],
  // Free shipping in each language we read.
  ["Mit dem Code: kostenloser Versand", "free shipping", "free shipping"],
  ["Gratis Versand mit dem Code", "free shipping", "free shipping"],
  ["Avec le code, livraison offerte", "free shipping", "free shipping"],
  ["Con el código, envío gratis", "free shipping", "free shipping"],
  ["Con il codice, spedizione gratis", "free shipping", "free shipping"],
  ["Met de code gratis verzending", "free shipping", "free shipping"],
  ["Com o cupom, frete grátis", "free shipping", "free shipping"],
  ["Com o código, portes grátis", "free shipping", "free shipping"],
  // A multi-buy at half price, read alike as a code's condition; a percent on what it applies to is a headline offer,
  // which no code's condition restates.
  ["Zweites Paar zum halben Preis", "buy one, get one half off", "buy one, get one half off"],
  ["Segunda unidad a mitad de precio", "buy one, get one half off", "buy one, get one half off"],
  ["2e halve prijs op alle pasta", "buy one, get one half off", "buy one, get one half off"],
  ["Heute 20 % auf fast alles", "20% off", null],
  ["Heute 25 % auf Sneaker", "25% off", null],
  ["Aujourd'hui 20 % sur presque tout", "20% off", null],
  ["20% on almost everything today", "20% off", null],
];

describe("offer words: one list each, the same reading in every reader", () => {
  it.each(CASES)("%s", async (line, discount, condition) => {
    expect(findDiscount(line)).toBe(discount);
    expect(conditionOf(line)).toBe(condition);
    // A mail saying only this, with no code, is a deal with that discount: the judge reads the same words.
    const raw = buildEmail({ from: "Shop <news@shop-example.com>", subject: "This week", text: `${line}.\n\nSee you soon.` });
    const { deals } = await extractDeals(raw, { receivedAt: new Date("2026-11-01T12:00:00Z") });
    expect(deals.map((deal) => deal.discount)).toEqual([discount]);
  });

  it("reads no saving where the words say something else", async () => {
    for (const line of ["Die Preise steigen um 5 % auf alle Tarife", "Die Preise erhöhen sich um 4 % auf Strom", "Zinsen: 3 % auf Ihr Erspartes", "Prices rise 5% on all plans", "Kontaktlose Lieferung", "Sizes 10-25% larger"]) {
      expect(findDiscount(line), line).toBeNull();
      expect(conditionOf(line), line).toBeNull();
    }
  });
});
