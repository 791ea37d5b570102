import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { brandDomainOf } from "../../../server/extraction/brand";
import { guessCategory } from "../../../server/extraction/subcategory";
import { buildEmail, type TestEmail } from "./email";

/** More of the real-mail extraction rules, each on a mail or a sender written for this test. */
async function extract(email: TestEmail) {
  return extractDeals(buildEmail(email));
}

const shell = (inner: string) =>
  `<html><body><table role="presentation" width="600"><tr><td>${inner}</td></tr>` +
  `<tr><td style="font-size:11px">You joined this list. <a href="https://example.org/unsub">Unsubscribe</a></td></tr></table></body></html>`;

describe("whose offer it is", () => {
  it("gives no deal for a referral mail: the friend's discount and the reader's credit for a friend's order are not the reader's deal", async () => {
    const message = await extract({
      from: '"Parsnip Pantry" <hello@mail.parsnippantry.com>',
      subject: "Give $15, get $15 - invite your friends",
      html: shell(
        "<h1>Give $15, get $15</h1><p>Invite friends to Parsnip Pantry. They get $15 off their first order, and you get $15 credit when it ships.</p>" +
          "<p>Your personal invite code:</p><p style='border:2px dashed #333'>ROBIN-8K2W</p><a href='https://parsnippantry.com/invite'>INVITE FRIENDS</a>",
      ),
    });
    expect(message.deals).toEqual([]);
  });

  it("still makes a deal from a friends-and-family sale", async () => {
    const message = await extract({
      from: '"Parsnip Pantry" <hello@mail.parsnippantry.com>',
      subject: "Friends & Family: 25% off everything",
      html: shell("<p>Our Friends &amp; Family event is here: 25% off everything, and bring your friends too.</p><p>Invite friends to shop with you this weekend.</p>"),
    });
    expect(message.deals).toHaveLength(1);
  });

  it("gives no deal for a news mail whose only offer is a trial of the publisher's own service", async () => {
    const message = await extract({
      from: '"Harbor Ledger Daily News" <dispatch@harborledger.com>',
      subject: "Harbor Ledger News: council approves new ferry route",
      html: shell(
        "<h2>Council approves new ferry route</h2><p>The vote was 7 to 2. <a href='https://harborledger.com/a/1'>Read full story</a></p>" +
          "<h2>Markets close higher</h2><p>Shares rose on Tuesday. <a href='https://harborledger.com/a/2'>Read full story</a></p>" +
          "<p>Also from Harbor Ledger:</p><p>Live market quotes from Harbor Ledger Markets.</p><p>30-day free trial!</p>",
      ),
    });
    expect(message.deals).toEqual([]);
  });

  it("makes a deal from a newsletter's trial that states its own terms", async () => {
    const message = await extract({
      from: '"Loomcraft" <letters@loomcraft.com>',
      subject: "The Weft: Issue 12",
      html: shell(
        "<h2>In this issue</h2><p>Three new weaving patterns. <a href='https://loomcraft.com/12'>Read more</a></p>" +
          "<p>Try Loomcraft for free: a 30-day free trial of every class.</p><p>Offer valid for first-time members only.</p>",
      ),
    });
    expect(message.deals).toHaveLength(1);
  });

  it("makes a deal from a price for a limited time in the sender's own sale, though a sponsor line follows", async () => {
    const message = await extract({
      from: '"Pier Summit" <events@piersummit.com>',
      subject: "Meet the speakers of 2027",
      html: shell(
        "<p>For a limited time get your pass to Pier Summit for only $299 during our winter sale.</p><p>Our speakers include founders and chefs.</p>" +
          "<p>Register now</p><p>Thank you to our 2027 sponsors:</p><p>Logo</p><p>Logo</p>",
      ),
    });
    expect(message.deals).toHaveLength(1);
  });

  it("takes 'price cut trends' in a market letter for a statistic, not an offer", async () => {
    const message = await extract({
      from: '"Keystone Housing Letter" <letter@keystonehousing.com>',
      subject: "Where listings are moving",
      html: shell("<p>Want the inventory, median price and price cut trends for your area? Reply and I will send them.</p>"),
    });
    expect(message.deals).toEqual([]);
  });
});

describe("offers and ends in other languages", () => {
  it("reads German '30 % auf alle' as the discount and 'bis Freitag, 24 Uhr' as Friday, not the delivery cut-off", async () => {
    const message = await extract({
      from: '"Spanwerk" <service@mail.spanwerk.de>',
      subject: "30 % auf Akkubohrer – nur bis Freitag",
      date: "Tue, 17 Nov 2026 18:20:00 +0100",
      html: shell(
        "<p>Bohr-Wochen: 30 % auf alle Akkubohrer</p><p>Der Rabatt wird im Warenkorb abgezogen. Gültig bis Freitag, 24 Uhr.</p>" +
          "<p>Lieferung vor Weihnachten bei Bestellung bis 18.12.2026.</p>",
      ),
    });
    expect(message.deals).toHaveLength(1);
    expect(message.deals[0]!.expirationDate).toBe("2026-11-20");
  });

  it("reads 'bis Freitagabend 24 Uhr' as Friday", async () => {
    const message = await extract({
      from: '"Kissenkammer" <news@kissenkammer.de>',
      subject: "20 % Rabatt auf Kissen",
      date: "Mon, 23 Nov 2026 09:00:00 +0100",
      html: shell("<p>20 % Rabatt auf alle Kissen, nur bis Freitagabend 24 Uhr.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-11-27");
  });

  it("takes no German delivery cut-off as the offer's end", async () => {
    const message = await extract({
      from: '"Spanwerk" <service@mail.spanwerk.de>',
      subject: "20 % Rabatt auf Sägen",
      date: "Tue, 17 Nov 2026 18:20:00 +0100",
      html: shell("<p>20 % Rabatt auf alle Sägen.</p><p>Lieferung vor Weihnachten bei Bestellung bis 18.12.2026.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBeNull();
  });

  it("reads a Dutch 'kortingscode'", async () => {
    const message = await extract({
      from: '"Zaagmolen" <nieuws@mail.zaagmolen.nl>',
      subject: "15% korting op tuinstoelen",
      html: shell("<p>Gebruik de kortingscode TUIN15 bij het afrekenen.</p>"),
    });
    expect(message.deals[0]!.promoCodes).toEqual(["TUIN15"]);
  });

  it("does not end an offer on the month the traveller rents or travels in", async () => {
    const message = await extract({
      from: '"Gullwing Air" <fares@gullwingair.com>',
      subject: "Weekend car rentals from $25 a day",
      date: "Fri, 23 Aug 2026 10:00:00 +0100",
      html: shell("<p>Save 20% on car rentals across Europe during September.</p><p>Available to passengers travelling during September.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBeNull();
  });
});

describe("what a span of days measures", () => {
  it("reads '3 day weekend' as the length of the rental, not the time left on the offer", async () => {
    const message = await extract({
      from: '"Gullwing Air" <fares@gullwingair.com>',
      subject: "Weekend car rentals: 20% off",
      date: "Fri, 21 Aug 2026 10:00:00 +0100",
      html: shell("<p>Our partners have great rates for 3 day weekend breaks: save 20% on every car.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBeNull();
  });

  it("still reads 'for 3 days only' as the offer's remaining time", async () => {
    const message = await extract({
      from: '"Gullwing Air" <fares@gullwingair.com>',
      subject: "20% off every fare",
      date: "Fri, 21 Aug 2026 10:00:00 +0100",
      html: shell("<p>Save 20% on every fare, for 3 days only.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-08-23");
  });
});

describe("categories from what is sold", () => {
  it("reads product words in Spanish, Italian, Portuguese and Dutch", () => {
    expect(guessCategory("Suela Viva", "Zapatillas con un 20 % de descuento", "20 % de descuento en zapatillas de running")).toBe("Fashion");
    expect(guessCategory("Casa Lume", "Sconto del 15% sulle lampade", "15% di sconto su tutte le lampade da tavolo")).toBe("Home");
    expect(guessCategory("Ninho Claro", "Cupom de 10%", "10% de desconto em luminárias, tapetes e almofadas")).toBe("Home");
    expect(guessCategory("Van Dijk Fietsen", "10% korting op fietsverlichting", "Alle fietsen en verlichting")).toBe("Shopping");
  });

  it("files food delivery under Travel and Local", () => {
    expect(guessCategory("Spoonrun", "40% off your next 3 food deliveries", "Your favourite restaurants, delivered. Enter promo at checkout.")).toBe("Travel and Local");
  });

  it("files a car hire mail under travel, however many cars and engines it lists", () => {
    const fleet = "A 1.2 engine car from $30 a day. A 1.6 engine car from $40 a day. A diesel engine car from $45 a day.";
    expect(guessCategory("Gullwing Air", "Car hire for the weekend", `Car hire at every airport. ${fleet}`)).toBe("Travel and Local");
  });

  it("keeps a known marketplace's mail in Shopping whatever it promotes", () => {
    expect(guessCategory("eBay ebay.com", "$30 off apparel", "Jackets, sweaters, jeans, boots and handbags from top clothing brands")).toBe("Shopping");
  });

  it("weighs words with everyday meanings less than words of one trade", () => {
    expect(guessCategory("Brightbean", "30% off", "Our coffee, coffee pods and coffee creamer with vitamins and supplements: vitamins for focus.")).toBe("Health");
  });

  it("reads a dog word in the sender's name", () => {
    expect(guessCategory("Quay & Hound", "£10 off winter coats for dogs", "Waterproof coats and fleece jumpers.")).toBe("Pets");
  });
});

describe("the brand of relayed and forwarded mail", () => {
  it("finds the site from the links when the From header has a name and no address", async () => {
    const raw = buildEmail({
      from: '"Kite:Line Sport"',
      subject: "15% off new boots",
      html: shell("<p>Take 15% off new boots.</p><a href='https://www.kitelinesport.com/boots'>SHOP</a>"),
    });
    expect((await extractDeals(raw)).brandDomain).toBe("kitelinesport.com");
  });

  it("takes a mail word off a mail-only domain when no link names the site, unless the name carries it", () => {
    expect(brandDomainOf("offers@emailquillfern.co.uk", ["https://click.emailquillfern.co.uk/x"], "Quillfern")).toBe("quillfern.co.uk");
    expect(brandDomainOf("webster@quillfernmail.com", [], null)).toBe("quillfern.com");
    expect(brandDomainOf("editor@quillfernnews.com", [], "Quillfern News")).toBe("quillfernnews.com");
  });

  it("reads a forwarded offer as its shop's, from when the shop sent it", async () => {
    const message = await extract({
      from: '"Deals Desk" <desk@forwardhub.example.com>',
      subject: "Fwd: 20% OFF SITEWIDE",
      date: "Mon, 03 May 2027 10:57:59 +0100",
      text:
        "---------- Forwarded message ---------\nFrom: Ferntide <promos@mail.ferntide.com>\nDate: Fri, Apr 30, 2027 at 7:29 PM\nSubject: 20% OFF SITEWIDE\n\n" +
        "Through this weekend only, enjoy 20% off sitewide with promo code FERN20.\nThis offer ends 05/03/27 at 10:00 AM PT.\nhttps://www.ferntide.com/",
    });
    expect(message.brandDomain).toBe("ferntide.com");
    expect(message.deals[0]!.expirationDate).toBe("2027-05-03");
  });
});
