import { describe, expect, it } from "vitest";
import { expectsDeal } from "../../../server/cli/scoring";
import { extractDeals } from "../../../server/extraction";
import { brandDomainOf } from "../../../server/extraction/brand";
import { renderHtml } from "../../../server/extraction/html";
import { buildEmail, type TestEmail } from "./email";

/** The real-mail extraction rules, each on a mail written for this test in the styles real list mail uses. */
async function extract(email: TestEmail) {
  return extractDeals(buildEmail(email));
}

const shell = (inner: string) =>
  `<html><body><table role="presentation" width="600"><tr><td>${inner}</td></tr>` +
  `<tr><td style="font-size:11px">Sent by the list you joined. <a href="https://example.org/unsub">Unsubscribe</a></td></tr></table></body></html>`;

describe("a deal needs a concrete offer", () => {
  it("gives no deal for a matched-donation appeal with a midnight deadline", async () => {
    const message = await extract({
      from: '"Harbor Lights Fund" <give@e.harborlightsfund.org>',
      subject: "Deadline tonight: every gift matched",
      date: "Mon, 14 Dec 2026 15:00:00 -0500",
      html: shell(
        "<h1>Your gift will be matched until 11:59 p.m. tonight</h1><p>Donate $20 and a supporter doubles it for the shelter.</p>" +
          "<p>Harbor Lights Fund is a 501(c)(3) nonprofit; contributions are tax-deductible.</p><a href='https://harborlightsfund.org/donate'>DONATE</a>",
      ),
    });
    expect(message.deals).toEqual([]);
  });

  it("gives no deal for a petition with a hearing date", async () => {
    const message = await extract({
      from: '"Quiet Streets Coalition" <act@quietstreets.org>',
      subject: "Sign before Thursday's vote",
      date: "Mon, 7 Dec 2026 09:00:00 -0800",
      html: shell("<p>The council votes Thursday, December 10. Sign the petition and add your name to stop the highway widening.</p>"),
    });
    expect(message.deals).toEqual([]);
  });

  it("gives no deal for a news digest whose stories mention sales and dates", async () => {
    const message = await extract({
      from: '"The Evening Courier" <briefing@eveningcourier.com>',
      subject: "Your evening briefing: stores slash prices",
      date: "Tue, 24 Nov 2026 18:00:00 -0500",
      html: shell(
        "<h2>Stores slash prices early</h2><p>Published November 24, 2026. Chains offer up to 50% off televisions, and some sales end December 2. " +
          "<a href='https://eveningcourier.com/a/1'>Read more</a></p><h2>Storm warning</h2><p>Snow through Thursday. <a href='https://eveningcourier.com/a/2'>Read more</a></p>" +
          "<p>Top stories, every evening. Headlines from our newsroom.</p>",
      ),
    });
    expect(message.deals).toEqual([]);
  });

  it("takes no code from a receipt: not the order number, nor the applied code", async () => {
    const message = await extract({
      from: '"Maple Run Shoes" <orders@maplerunshoes.com>',
      subject: "Order confirmation #MR-447120",
      bulk: false,
      html: shell(
        "<p>Order number: MR-447120</p><table><tr><td>Trail Glove, size 9 (SKU TG9-BLK)</td><td>$90.00</td></tr>" +
          "<tr><td>Promo code FALL15 applied</td><td>-$13.50</td></tr><tr><td>Order total</td><td>$76.50</td></tr></table>" +
          "<p>Estimated delivery: Friday.</p>",
      ),
    });
    expect(message.isPromotion).toBe(false);
    expect(message.deals).toEqual([]);
  });

  it("takes no invite id from a referral mail", async () => {
    const message = await extract({
      from: '"Sprout Box" <hello@mail.sproutbox.com>',
      subject: "Share Sprout Box with a friend",
      html: shell("<p>Your personal invite code: <b>JORDAN-K4P9</b></p><p>Friends who join with your referral code get their first box free.</p>"),
    });
    expect(message.deals.flatMap((deal) => deal.promoCodes)).toEqual([]);
  });

  it("keeps a sponsor's code inside an editorial newsletter out of the deals", async () => {
    const message = await extract({
      from: '"Field Notes Weekly" <letters@fieldnotesweekly.com>',
      subject: "Field Notes Weekly, Issue 212",
      html: shell(
        "<h2>In this issue</h2><p>Three essays on slow travel. <a href='https://fieldnotesweekly.com/212'>Read more</a></p>" +
          "<p>This issue is brought to you by Canopy Tents. Use promo code FIELD20 for 20% off at canopytents.example.</p>",
      ),
    });
    expect(message.deals).toEqual([]);
  });

  it("still makes a deal from a plain sale that states its terms", async () => {
    const message = await extract({
      from: '"Birch & Bramble" <news@em.birchbramble.com>',
      subject: "New in: winter gloves",
      html: shell("<p>Take 20% off all gloves and scarves this week.</p>"),
    });
    expect(message.deals).toHaveLength(1);
    expect(message.deals[0]!.discount).toBe("20% off");
  });
});

describe("codes as a shopper reads them", () => {
  it("never reads a PROMOTIONS navigation link as a code", async () => {
    const message = await extract({
      html: shell(
        "<p><a href='https://copperkettle.example.com/new'>NEW</a> <a href='https://copperkettle.example.com/promotions'>PROMOTIONS</a></p>" +
          "<p>Save 10% on kettles with code STEAM10.</p>",
      ),
    });
    expect(message.deals[0]!.promoCodes).toEqual(["STEAM10"]);
  });

  it("keeps a code apart from the next cell's words", async () => {
    const message = await extract({
      html: shell("<table><tr><td>Use code <b>TEAPOT25</b></td><td>Ends Sunday</td></tr></table><p>25% off teapots.</p>"),
    });
    expect(message.deals[0]!.promoCodes).toEqual(["TEAPOT25"]);
  });

  it("finds a code that only the fine print wraps in its label", async () => {
    const message = await extract({
      subject: "Extra 30% off cast iron",
      html: shell("<h1>Extra 30% off cast iron*</h1><p style='font-size:9px'>*Enter promotion IRONCLAD code in your bag. Excludes sale items.</p>"),
    });
    expect(message.deals[0]!.promoCodes).toEqual(["IRONCLAD"]);
  });

  it("takes an ordinary word alone in a box after 'enter the code below'", async () => {
    const message = await extract({
      subject: "15% off for you",
      html: shell("<p>15% off everything. Enter the code below at checkout:</p><table><tr><td style='border:2px dashed #999'>MARIGOLD</td></tr></table>"),
    });
    expect(message.deals[0]!.promoCodes).toEqual(["MARIGOLD"]);
  });

  it("does not take an unsubscribe keyword as a code", async () => {
    const message = await extract({
      subject: "Save 20% on lamps",
      text: "Save 20% on lamps this week.\nTo leave the list, reply and type code REMOVE in the subject line.",
    });
    expect(message.deals[0]!.promoCodes).toEqual([]);
  });
});

describe("offer ends in the sender's language and zone", () => {
  it("reads 'nur 7 Tage gültig' as seven days counting the send date", async () => {
    const message = await extract({
      from: '"Tannenhof Tee" <news@mail.tannenhoftee.de>',
      subject: "10 % Rabatt auf Wintertee",
      date: "Tue, 01 Dec 2026 08:00:00 +0100",
      html: shell("<p>Ihr Gutscheincode: <b>TEE10</b></p><p>Nur 7 Tage gültig!</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-12-07");
  });

  it("reads '48 hours only' as 48 hours from the send instant, dated in the sender's zone", async () => {
    const message = await extract({
      subject: "48 hours only: 25% off",
      date: "Fri, 04 Dec 2026 21:00:00 -0800",
      html: shell("<p>25% off every mug. 48 hours only.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-12-06");
  });

  it("reads Italian 'fino a domenica'", async () => {
    const message = await extract({
      from: '"Ceramiche Alba" <info@news.ceramichealba.it>',
      subject: "Sconto del 20%",
      date: "Wed, 02 Dec 2026 10:00:00 +0100",
      html: shell("<p>20% di sconto con il codice <b>ALBA20</b>. Offerta valida fino a domenica.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-12-06");
  });

  it("reads Dutch 'tot en met zondag'", async () => {
    const message = await extract({
      from: '"Kaashuis Veen" <nieuws@mail.kaashuisveen.nl>',
      subject: "15% korting op kaasplanken",
      date: "Wed, 02 Dec 2026 10:00:00 +0100",
      html: shell("<p>15% korting met de kortingscode <b>KAAS15</b>. Geldig tot en met zondag.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-12-06");
  });
});

describe("more of a real mail's own offer", () => {
  it("makes no deal from a sale mentioned in passing in an article, even with a date elsewhere", async () => {
    const message = await extract({
      from: '"Ledgerline Investing" <lessons@ledgerline.com>',
      subject: "Lesson 3: reading a balance sheet",
      html: shell(
        "<p>Investors who held on until the sale of the division in 2019 did well, and the founders kept a stake worth far more.</p>" +
          "<p>Next lesson arrives by December 12.</p>",
      ),
    });
    expect(message.deals).toEqual([]);
  });

  it("makes a deal from a seller's own newsletter issue that names the seller in its offer", async () => {
    const message = await extract({
      from: '"Pocketware" <champion@pocketware.com>',
      subject: "Pocketware Picks, Issue #41",
      html: shell(
        "<h2>In this issue</h2><p>New puzzle games for your phone. <a href='https://pocketware.com/a'>Read more</a></p>" +
          "<p>Try Pocketware Gold: free 14-day trial, then $2.99 a month.</p><p>To subscribe to this newsletter, visit pocketware.com.</p>",
      ),
    });
    expect(message.deals).toHaveLength(1);
  });

  it("takes three capitals as a code only behind a label that names a promo code", async () => {
    const labelled = await extract({ subject: "Save $40", html: shell("<p>Save $40 on the toolkit. Enter promo code KTL at checkout.</p>") });
    const bare = await extract({ subject: "Save $40", html: shell("<p>Save $40 on the toolkit. Use code KTL at checkout.</p>") });
    expect(labelled.deals[0]!.promoCodes).toEqual(["KTL"]);
    expect(bare.deals[0]!.promoCodes).toEqual([]);
  });

  it("gives no end date when a table lists separate offers with their own deadlines", async () => {
    const message = await extract({
      subject: "This week's rebates",
      date: "Mon, 02 Nov 2026 09:00:00 -0800",
      html: shell(
        "<table><tr><td>Halcyon 12 tablet: $30 rebate, offer ends 11/20/2026</td></tr><tr><td>Brightline monitor: $25 rebate, offer ends 11/27/2026</td></tr>" +
          "<tr><td>Quill printer: $20 rebate, offer ends 12/4/2026</td></tr></table>",
      ),
    });
    expect(message.deals[0]!.expirationDate).toBeNull();
  });

  it("reads numeric dates day first from a sender whose prices are in euros or pounds", async () => {
    const message = await extract({
      from: '"Corrib Cellars" <offers@send.mailhouse.example.com>',
      subject: "Save €5 on Irish gin",
      date: "Mon, 02 Nov 2026 09:00:00 +0000",
      html: shell("<p>Now €32.50, save €5. Offers available until 04/12/26, while stocks last.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBe("2026-12-04");
  });
});

describe("what an end date or a benefit is not", () => {
  it("does not take a prize draw's deadline as the sale's end", async () => {
    const message = await extract({
      subject: "20% off kettles",
      date: "Mon, 02 Nov 2026 09:00:00 -0500",
      html: shell("<p>20% off all kettles, no code needed.</p><p>Buy any kettle on or before November 30 and you'll be entered to win a year of tea.</p>"),
    });
    expect(message.deals[0]!.expirationDate).toBeNull();
  });

  it("does not take a reminder of the reader's own free trial as an offer", async () => {
    const message = await extract({
      from: '"Marketwise Daily" <letters@marketwisedaily.com>',
      subject: "Chips rally; oil slips",
      html: shell("<p>Chipmakers rose on Tuesday while oil slipped.</p><p>If your four-week free trial is coming to an end, visit our site to keep reading.</p>"),
    });
    expect(message.deals).toEqual([]);
  });
});

describe("HTML read as a browser renders it", () => {
  it("reads the text inside Word's unclosed <o:p> elements", () => {
    const { text } = renderHtml("<p><span><o:p><p>Use coupon code CRANBERRY26 at checkout.</p></span></p>");
    expect(text).toContain("CRANBERRY26");
  });

  it("reads the body after a stray <head> inside <body>", () => {
    const { text } = renderHtml("<html><body><head><title>Alerts</title><p>Members save 40% off the annual plan.</p></body></html>");
    expect(text).toContain("Members save 40% off");
    expect(text).not.toContain("Alerts");
  });

  it("reads a declarative shadow root but not an inert template", () => {
    const { text } = renderHtml(
      "<div><template shadowrootmode='open'><p>Code NEWKIT15 for 15% off</p></template></div><template><p>Never shown</p></template>",
    );
    expect(text).toContain("NEWKIT15");
    expect(text).not.toContain("Never shown");
  });
});

describe("the brand's own site", () => {
  it("stands for a mail-only domain that adds a mail word to the linked site's name", () => {
    expect(brandDomainOf("offers@quillfernmail.com", ["https://www.quillfern.com/sale"], "Quillfern")).toBe("quillfern.com");
    expect(brandDomainOf("news@emailquillfern.com", ["https://quillfern.com/"], null)).toBe("quillfern.com");
  });

  it("keeps a sender whose domain merely contains a linked site's name", () => {
    expect(brandDomainOf("hello@bigquillfern.com", ["https://quillfern.com/"], "Big Quillfern")).toBe("bigquillfern.com");
  });

  it("finds the brand from its images' host when opaque click-tracking hides the links", () => {
    const domain = brandDomainOf(
      "list#4.221@bulk.relaymail.example",
      ["http://click.relaymail.example/c?q=9f2"],
      "Tinplate Shopper",
      { imageUrls: ["http://img.tinplate.com/hd.gif"] },
    );
    expect(domain).toBe("tinplate.com");
  });

  it("keeps a platform that sends its own mail, though links to it never name a brand", () => {
    expect(brandDomainOf("news@apple.com", ["https://apple.com/store", "https://apple.com/ipad"], "Apple Store")).toBe("apple.com");
    expect(brandDomainOf("hi@mail.tidewick.com", ["https://apple.com/app-store", "https://tidewick.com/"], "Tidewick")).toBe("tidewick.com");
  });
});

describe("deal labels for sets without hasDeal", () => {
  const label = { file: "x.eml", brand: null, brandDomain: null, category: "Others" };
  it("derives a deal from a labelled code, end date or discount of a promotion", () => {
    expect(expectsDeal({ ...label, isPromotion: true, promoCodes: [], expirationDate: null, discount: "10% off" })).toBe(true);
    expect(expectsDeal({ ...label, isPromotion: true, promoCodes: [], expirationDate: null, discount: null })).toBe(false);
    expect(expectsDeal({ ...label, isPromotion: false, promoCodes: ["X1"], expirationDate: null })).toBe(false);
  });

  it("prefers the label's own hasDeal", () => {
    expect(expectsDeal({ ...label, isPromotion: true, hasDeal: false, promoCodes: ["X1"], expirationDate: null })).toBe(false);
  });
});
