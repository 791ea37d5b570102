import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/**
 * Fundraising and news are list mail, but they sell nothing: no deal, unless the mail also makes a real offer (a code
 * with its saving, an amount off something sold). Invented mails in several shapes and languages
 * (docs/product.md, "What counts as a deal").
 */
const listMail = (from: string, subject: string, html: string) =>
  extractDeals(buildEmail({ from, subject, html, bulk: true, date: "Tue, 10 Nov 2026 14:00:00 -0500" }));

describe("a charity or political appeal is no deal", () => {
  it.each([
    [
      "a matched-gift deadline",
      "Fernhollow Wildlife Trust <give@mail.fernhollowtrust.org>",
      "Give today and your gift is matched",
      "<h1>Double your impact</h1><p>Until midnight, every donation is matched by a generous supporter.</p><p>Give $35 and a hedgehog gets a month of care.</p><p><a href='https://fernhollowtrust.org/donate'>Donate now</a></p><p>Fernhollow Wildlife Trust is a registered nonprofit.</p>",
    ],
    [
      "a campaign's chip-in before a deadline",
      "Team Okonkwo <info@mail.okonkwoforcouncil.org>",
      "3 hours left: chip in $5",
      "<p>Our end-of-quarter deadline is midnight. Can you chip in $5 to keep our ads on the air?</p><p><a href='https://okonkwoforcouncil.org/give'>Contribute</a></p><p>Paid for by Okonkwo for Council.</p>",
    ],
    [
      "a petition asking for a name and a gift",
      "Clearwater Rivers Alliance <act@mail.clearwaterrivers.org>",
      "Add your name: save the estuary",
      "<p>Sign the petition to protect the estuary from dredging.</p><p>Then, if you can, make a tax-deductible gift to fund our legal work.</p>",
    ],
    [
      "a German appeal",
      "Tierhilfe Birkenau <spenden@mail.tierhilfe-birkenau.de>",
      "Jetzt spenden: Ihre Spende wird verdoppelt",
      "<p>Bis Sonntag verdoppelt ein Förderer jede Spende.</p><p>Mit 30 € versorgen Sie einen Hund einen Monat lang.</p><p><a href='https://tierhilfe-birkenau.de/spenden'>Jetzt spenden</a></p>",
    ],
    [
      "a Portuguese appeal",
      "Abrigo Sol Nascente <contato@mail.abrigosolnascente.org.br>",
      "Doe agora e ajude 40 gatos",
      "<p>Sua doação garante ração e vacinas para 40 gatos neste inverno.</p><p><a href='https://abrigosolnascente.org.br/doacao'>Doe agora</a></p>",
    ],
  ])("%s", async (_case, from, subject, html) => {
    const message = await listMail(from, subject, html);
    expect(message.deals).toEqual([]);
  });

  it("is a deal when it also sells something for less: a charity shop's code with its saving", async () => {
    const message = await listMail(
      "Fernhollow Wildlife Trust <shop@mail.fernhollowtrust.org>",
      "Our winter shop is open",
      "<p>Every donation is matched this week, and every purchase funds our rescue work.</p><p>In our shop: use code HEDGE20 for 20% off mugs, calendars and tote bags.</p><p>Prefer to give? Donate here. Your gift is tax-deductible.</p>",
    );
    expect(message.deals.map((deal) => deal.promoCodes)).toEqual([["HEDGE20"]]);
  });
});

describe("news and editorial newsletters are no deal", () => {
  it.each([
    [
      "a morning briefing whose stories report sales and discounts",
      "The Quayside Courier <briefing@mail.quaysidecourier.com>",
      "Morning briefing: shops brace for the holidays",
      "<h2>Shops expect discounts of 40% off this Black Friday</h2><p>Retailers plan deep markdowns, analysts say. Read more</p><h2>Ferry fares rise in January</h2><p>The council approved the change. Read more</p>",
    ],
    [
      "an essay newsletter with nothing to buy",
      "Marginalia Weekly <letters@mail.marginaliaweekly.com>",
      "Issue 212: On walking slowly",
      "<p>In this issue: an essay on walking, three poems and a reader's letter.</p><p>Read the full essay on our site.</p>",
    ],
    [
      "a Spanish news digest",
      "El Faro Diario <boletin@mail.elfarodiario.es>",
      "Las noticias de la mañana",
      "<h2>El ayuntamiento aprueba el nuevo carril bici</h2><p>Las obras empiezan en primavera.</p><h2>Temporal en la costa</h2><p>Se esperan olas de cinco metros.</p>",
    ],
  ])("%s", async (_case, from, subject, html) => {
    const message = await listMail(from, subject, html);
    expect(message.deals).toEqual([]);
  });

  it("is a deal when the publisher offers its own subscription for less, with a code", async () => {
    const message = await listMail(
      "Marginalia Weekly <letters@mail.marginaliaweekly.com>",
      "Issue 213: 50% off a year of Marginalia",
      "<p>In this issue: a winter reading list.</p><p>Subscribers' sale: use code PAGE50 for 50% off your first year.</p>",
    );
    expect(message.deals.map((deal) => deal.promoCodes)).toEqual([["PAGE50"]]);
  });

  // The offer judge reads the same saving words as the discount (OFF_WORDS): "discount", "günstiger", not only "off".
  it.each([
    ["The Weekly Ledger: readers get 20% discount on the annual plan", "20% off"],
    ["Der Wochenbrief: Jahresabo 20 % günstiger", "20% off"],
  ])("is a deal when its subject offers the publisher's own plan for less: '%s'", async (subject, discount) => {
    const html = "<p>In this issue: top stories of the week.</p><p>Read more: the harbour's new ferry.</p><p>Published weekly. To subscribe, visit our site.</p>";
    const message = await listMail("The Weekly Ledger <news@mail.weeklyledger.com>", subject, html);
    expect(message.deals.map((deal) => deal.discount)).toEqual([discount]);
  });
});
