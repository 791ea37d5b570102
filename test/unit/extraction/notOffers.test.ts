import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/** Invented notices that are not offers, whatever sales words they use: no deal, and no promotion where they are a service's. */
const notice = (from: string, subject: string, html: string, bulk = false) =>
  extractDeals(buildEmail({ from, subject, html, bulk, date: "Tue, 10 Nov 2026 14:00:00 -0500" }));

describe("service mail is neither a promotion nor a deal", () => {
  it.each([
    [
      "a shipping notice offering contact-free delivery and free returns",
      "Quarrystone Home <orders@mail.quarrystonehome.com>",
      "Your order has shipped",
      "<p>Good news! Your order is on its way.</p><p>We now offer contact-free delivery: your driver will leave the parcel at your door.</p><p>Free returns within 30 days.</p><p><a href='https://quarrystonehome.com/track'>Track your package</a></p>",
    ],
    [
      "a delivery notice with a tracking number and a delivery window",
      "Pennant Parcel <notify@updates.pennantparcel.com>",
      "Arriving today between 2pm and 6pm",
      "<p>Your parcel from Quarrystone Home arrives today.</p><p>Tracking number: PP7734120958</p><p>Contact-free delivery is on. Save time: choose a safe place in the app.</p>",
    ],
    [
      "a parcel notice that names no order and no tracking word in its subject",
      "Pennant Parcel <notify@updates.pennantparcel.com>",
      "We're on our way",
      "<p>Your package is out for delivery and should arrive by 8pm.</p><p>Free delivery to your door, contact-free. No signature needed.</p><p><a href='https://pennantparcel.com/t/88'>Track your parcel</a></p>",
    ],
    [
      "an order confirmation that repeats the sale it was bought in",
      "Quarrystone Home <orders@mail.quarrystonehome.com>",
      "Thanks for your order",
      "<p>We've received your order #QH-55120.</p><p>Linen throw, 20% off sale price: $48.00</p><p>Subtotal: $48.00</p><p>Free shipping</p><p>Estimated delivery: Nov 14</p>",
    ],
    [
      "a security alert",
      "Tillway Bank <alerts@secure.tillwaybank.com>",
      "New sign-in to your account",
      "<p>We noticed a new sign-in to your Tillway account from Firefox on Windows.</p><p>If this was you, there's nothing to do. If you didn't sign in, reset your password now.</p>",
    ],
    [
      "a password change",
      "Quillstack <no-reply@accounts.quillstack.io>",
      "Your password was changed",
      "<p>The password for your Quillstack account was changed on November 10.</p><p>If you didn't make this change, contact support.</p>",
    ],
    [
      "a one-time passcode",
      "Quillstack <no-reply@accounts.quillstack.io>",
      "Your code inside",
      "<p>Your one-time passcode is 482913. It expires in 10 minutes. Don't share it with anyone.</p>",
    ],
  ])("%s", async (_case, from, subject, html) => {
    const message = await notice(from, subject, html);
    expect({ isPromotion: message.isPromotion, deals: message.deals }).toEqual({ isPromotion: false, deals: [] });
  });
});

describe("list mail that sells nothing gives no deal", () => {
  it.each([
    [
      "a fundraising appeal with a matching deadline",
      "Riverbend Animal Rescue <hello@mail.riverbendrescue.org>",
      "Your gift doubled until midnight",
      "<p>A generous donor will match every gift until midnight on Sunday, November 15.</p><p>Give $25 and feed a shelter dog for a month.</p><p><a href='https://riverbendrescue.org/give'>Donate now</a></p>",
    ],
    [
      "a news digest whose stories mention sales",
      "The Harbour Ledger <newsletter@mail.harbourledger.com>",
      "Morning briefing: retailers brace for the holidays",
      "<h2>Retailers expect record Black Friday sales</h2><p>Analysts say discounts of 30% off will be common through Cyber Monday. Read more</p><h2>Council approves new ferry route</h2><p>Service starts December 1. Read more</p>",
    ],
    [
      "a notice of a price rise on every plan",
      "Stadtwerk Nordlicht <info@mail.stadtwerk-nordlicht.de>",
      "Neue Tarife ab Januar",
      "<p>Ab 1. Januar steigen die Preise um 5 % auf alle Tarife.</p><p>Vielen Dank für Ihr Verständnis.</p>",
    ],
  ])("%s", async (_case, from, subject, html) => {
    const message = await notice(from, subject, html, true);
    expect(message.deals).toEqual([]);
  });
});

describe("a manner of delivery is not a free delivery", () => {
  it("reads no offer from 'contact-free delivery' or 'hassle-free returns', but still from 'free delivery'", async () => {
    const manner = await notice(
      "Quarrystone Home <news@mail.quarrystonehome.com>",
      "Our new showroom is open",
      "<p>Visit our new showroom on Harbour Street.</p><p>Every order comes with contact-free delivery and hassle-free returns.</p>",
      true,
    );
    expect(manner.deals).toEqual([]);
    const offer = await notice(
      "Quarrystone Home <news@mail.quarrystonehome.com>",
      "Free delivery this weekend",
      "<p>Free delivery on every sofa this weekend only.</p><p>Shop sofas and armchairs.</p>",
      true,
    );
    expect(offer.deals[0]?.discount).toBe("free delivery");
  });
});
