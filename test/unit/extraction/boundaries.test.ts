import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { renderHtml } from "../../../server/extraction/html";
import { buildEmail } from "./email";

/** Invented mail: element boundaries a browser draws are word boundaries, so text glued across them makes no code. */
const extract = (html: string, subject = "30% off all boots") =>
  extractDeals(buildEmail({ from: "Tallowmere Boots <news@mail.tallowmereboots.com>", subject, html, date: "Mon, 09 Nov 2026 09:00:00 -0500" }));

describe("element boundaries", () => {
  it("separates inline elements styled as blocks, inline blocks and buttons", () => {
    const { text } = renderHtml(
      '<span style="display:block">Use code BOOTS30</span><span style="display: block">Ends Sunday</span><a style="display:inline-block">Shop</a><button>Now</button>',
    );
    expect(text).toBe("Use code BOOTS30\nEnds Sunday\nShop Now");
  });

  it("keeps plain inline elements joined as a browser does", () => {
    expect(renderHtml("<p><span>BOOTS</span><b>30</b></p>").text).toBe("BOOTS30");
  });

  it("takes no code glued from a code and the next block's first word", async () => {
    const message = await extract(
      '<div style="font-size:40px"><span style="display:block">Use code BOOTS30</span><span style="display:block">Ends Sunday, November 15.</span></div>',
    );
    expect(message.deals[0]!.promoCodes).toEqual(["BOOTS30"]);
    expect(message.deals[0]!.expirationDate).toBe("2026-11-15");
  });

  it("does not take a heading's first word after a line that ends in 'code'", async () => {
    const message = await extract("<p>Shop the week's best boots, no code</p><h1>CyberWeek30 deals are here</h1><p>30% off all boots through Sunday.</p>");
    expect(message.deals[0]?.promoCodes ?? []).toEqual([]);
  });

  it("still takes a code set alone on the line below its label", async () => {
    const message = await extract('<p>Your promo code:</p><p style="font-size:28px">BOOTS30</p><p>Valid through November 15.</p>');
    expect(message.deals[0]!.promoCodes).toEqual(["BOOTS30"]);
  });

  it("takes an ordinary word the mail tells the reader to use as a code, but not one shouted in a capitalised heading", async () => {
    const told = await extract("<p>Take an extra 20% off sale boots. Use code EXTRA at checkout.</p>");
    expect(told.deals[0]!.promoCodes).toEqual(["EXTRA"]);
    const shouted = await extract("<h1>USE CODE EXTRA SAVINGS ON BOOTS</h1><p>30% off all boots through Sunday.</p>");
    expect(shouted.deals[0]?.promoCodes ?? []).toEqual([]);
  });

  it("reads a code after a footnote mark on its label", async () => {
    const message = await extract("<p>Your discount code*: BOOTS30</p><p>*One per customer.</p>");
    expect(message.deals[0]!.promoCodes).toEqual(["BOOTS30"]);
  });
});
