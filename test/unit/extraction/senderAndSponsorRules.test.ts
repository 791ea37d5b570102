import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { brandDomainOf } from "../../../server/extraction/brand";
import { findCodeConditions } from "../../../server/extraction/codeConditions";
import { findExpiry } from "../../../server/extraction/expiry";
import { cpuMillisecondsSince } from "./cpuTime";
import { buildEmail, type TestEmail } from "./email";

/** The remaining real-mail extraction rules: who a relayed or publisher's mail is from, sponsors' and partners' offers, spans. */
async function extract(email: TestEmail) {
  return extractDeals(buildEmail(email));
}

describe("the brand's domain when the From domain is not the brand's", () => {
  it("keeps a publisher's own domain when a list is named after one of its titles and the text gives the publisher's addresses", () => {
    const links = ["http://www.loomfield.com/tips/1", "http://www.loomfield.com/tips/2", "http://searchwidgets.com/a"];
    const body = "Today's widget tip\n...\nQuestions? Write to editor@loomfield.com\nLoomfield Media, 12 Mill Row, Boston MA";
    expect(brandDomainOf("searchWidgets-7F3A@lists.loomfield.com", links, "SearchWidgets", { body })).toBe("loomfield.com");
    // Without the publisher's own address in the text, the list's name still leads to the title's site.
    expect(brandDomainOf("searchWidgets-7F3A@lists.loomfield.com", links, "SearchWidgets", { body: "Today's widget tip" })).toBe("searchwidgets.com");
  });

  it("takes the list's own host from List-Unsubscribe when a relay service sends the mail and every link is the relay's", () => {
    const domain = brandDomainOf("quarry.at.lists.quarrytools.com@q.at.relay.mailshell.com", ["http://www.mailshell.com/r?1"], "Quarry News", {
      listUnsubscribe: "<mailto:quarry-unsubscribe@lists.quarrytools.com>",
    });
    expect(domain).toBe("quarrytools.com");
  });

  it("reads the brand's domain a relay writes into its own local part", () => {
    const domain = brandDomainOf("fernhill.ie@qzx.bounce.7relay.example", ["http://7relay.example/c?q=1"], "Fernhill .ie", {});
    expect(domain).toBe("fernhill.ie");
  });

  it("takes the owner a footer names (a trademark or a service notice) when nothing spells the display name", () => {
    const trademark = brandDomainOf("Online#3.88-xQ1@newsletter.bulkpost.example", ["http://clickthru.bulkpost.example/c?1"], "MorningDesk", {
      imageUrls: ["http://i.techpaper.com/logo.gif"],
      body: "Top stories\nCopyright 2026 Paperworks Inc. All rights reserved. TechPaper is a registered service mark of Paperworks Inc.",
    });
    expect(trademark).toBe("techpaper.com");
    const service = brandDomainOf("R-1-2882-9@xq7.example", ["http://www.tafelhaus.de/katalog"], "Fax4Free", {
      body: "Angebote unserer Werbepartner\n...\nDies ist ein Service der Telvana Systems GmbH\nMehr unter http://portal.telvana.de",
    });
    expect(service).toBe("telvana.de");
  });

  it("keeps the From domain when no footer owner and no candidate is named", () => {
    expect(brandDomainOf("news@e.parentco.com", ["https://elsewhere.com/x"], "Hazel Row", { body: "© 2026 All rights reserved." })).toBe("parentco.com");
  });
});

describe("offers in newsletters", () => {
  const plainNewsletter = (sponsor: string, editorial: string) => `CANDLEWORKS CONFERENCE NEWSLETTER UPDATE\n\n${editorial}\n\n/=====================\\\n${sponsor}\n\\=====================/\n`;

  it("makes a deal from a sponsor's code with its saving in a mail that is a newsletter by its subject only", async () => {
    const message = await extract({
      from: '"Candleworks Conferences" <confnews@candleworks.com>',
      subject: "Candleworks Conference Newsletter Update",
      text: plainNewsletter(
        "Newsletter Sponsored by Wickline\nWickline Summit, October 3-5. Register before August 31 and save $250. Use priority code WX2611.",
        "Passes for the Chandlers' Summit are still available.\nThe keynote is on Friday, with a session on wax blends after it.",
      ),
      date: "Mon, 20 Jul 2026 09:00:00 -0700",
    });
    expect(message.deals[0]?.promoCodes).toEqual(["WX2611"]);
  });

  it("gives no deal for a sponsor's code in a newsletter that reads as one", async () => {
    const message = await extract({
      from: '"The Wick Weekly" <letters@wickweekly.com>',
      subject: "New from the Wick Weekly",
      text: [
        "In this issue: pouring tips, an interview with a chandler, and reader mail.",
        "Read more: the full story on our site. Our editor's picks are below.",
        "",
        "This issue is sponsored by Emberbox. Use promo code WICK for 20% off your order.",
        "",
        "Browse the archive.",
      ].join("\n"),
    });
    expect(message.deals).toEqual([]);
  });

  it("gives no deal for a sponsor's saving ($15 off a store brand) in a mail of jokes", async () => {
    const message = await extract({
      from: '"The Daily Jest" <jest@lists.dailyjest.example>',
      subject: "MONDAY GIGGLES",
      text: [
        "THE DAILY JEST -- Monday",
        "--------------------------------------------------",
        "Why did the candle quit? It was burned out.",
        "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ sponsor ~~~~",
        "* SAVE $15.00 compared with the store brand *",
        "Order a jar of Glowbalm today for only $9.99, a savings of $15.00.",
        "--------------------------------------------------",
        "To unsubscribe, reply with REMOVE.",
      ].join("\n"),
    });
    expect(message.deals).toEqual([]);
  });

  it("makes a deal from a mailing that presents itself as its advertising partners' offers", async () => {
    const html =
      "<p>Bitte beachten Sie die Angebote unserer Werbepartner.</p><p>Der neue Katalog von Tafelhaus ist da!</p>" +
      "<p>Für Ihre Kataloganforderung erhalten Sie einmalig einen Warengutschein in Höhe von 5 EUR.</p>" +
      "<p><a href='http://www.tafelhaus.de/katalog'>Jetzt anfordern</a></p>";
    const message = await extract({ from: "Fax4Free <R-1-2882-9@xq7.example>", subject: "F4F - Ihre kostenlose Faxnummer - Newsletter", html });
    expect(message.deals).toHaveLength(1);
  });

  it("makes a deal from a gift for the first buyers", async () => {
    const message = await extract({
      from: '"Orchard Devices Store" <store-news@lists.orcharddevices.com>',
      subject: "Orchard Store eNews: November",
      html: "<p>Meet the Pocket Planner. It keeps your calendar in one place. And if you're one of the first 100 to order, a travel case is included.</p>",
    });
    expect(message.deals).toHaveLength(1);
  });
});

describe("what a span measures", () => {
  const sentAt = new Date("2026-11-25T05:00:00Z");
  const read = (body: string) => findExpiry({ body, headline: "", sentAt, senderOffsetMinutes: -480, dayFirst: false });

  it("does not read a battery's hours as the offer's time left, even after 'between'", () => {
    expect(read("The battery lasts as long as 5 hours between charges on the small model and as long as 6 hours on the large one.")).toBeNull();
  });

  it("still reads a span right after an end word", () => {
    // 48 hours from 21:00 on the 24th, the sender's clock.
    expect(read("This offer is valid 48 hours.")).toBe("2026-11-26");
  });
});

describe("the new readings on hostile text", () => {
  it("stay fast on long runs of what they look for", () => {
    const runs = ["a.".repeat(100_000), "a".repeat(200_000), " a@b".repeat(50_000), "Copyright ".repeat(20_000), `SAVE10${" ".repeat(100_000)}x`];
    for (const body of runs) {
      const started = process.cpuUsage();
      brandDomainOf("x@q.relay.example", [], "Some Shop", { body });
      findCodeConditions(body, ["SAVE10"]);
      expect(cpuMillisecondsSince(started)).toBeLessThan(1500);
    }
  });
});
