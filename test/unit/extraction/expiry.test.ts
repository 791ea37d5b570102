import { describe, expect, it } from "vitest";
import { findExpiry } from "../../../server/extraction/expiry";

/** Thursday 2026-03-12 10:00 in New York (-0400 after the DST switch on March 8). */
const THURSDAY = new Date("2026-03-12T14:00:00Z");

function expiry(body: string, options: { sentAt?: Date; offset?: number; dayFirst?: boolean; headline?: string } = {}) {
  return findExpiry({
    body,
    headline: options.headline ?? "",
    sentAt: options.sentAt ?? THURSDAY,
    senderOffsetMinutes: options.offset ?? -240,
    dayFirst: options.dayFirst ?? false,
  });
}

describe("findExpiry: absolute dates", () => {
  it.each([
    ["Offer expires 03/31/2026.", "2026-03-31"],
    ["Valid through 3/20/26 at participating stores.", "2026-03-20"],
    ["Offer ends March 22, 2026 at 11:59 p.m. ET.", "2026-03-22"],
    ["Ends Sunday, March 15.", "2026-03-15"],
    ["Expires: Sat, Mar 21, 2026", "2026-03-21"],
    ["Offer valid until 2026-03-18 23:59 UTC.", "2026-03-18"],
    ["Use by April 2 at 11:59 p.m. PT.", "2026-04-02"],
  ])("%j gives %s", (text, date) => {
    expect(expiry(text)).toBe(date);
  });

  it("reads day-first dates for senders that write them", () => {
    expect(expiry("Offer ends 23:59 GMT on 5/4/2026.", { dayFirst: true, offset: 0 })).toBe("2026-04-05");
    expect(expiry("Offer ends 23:59 GMT on 5 April 2026.", { dayFirst: true, offset: 0 })).toBe("2026-04-05");
  });

  it("gives a date without a year its first occurrence on or after the send date", () => {
    expect(expiry("Sale runs through 12/3.")).toBe("2026-12-03");
    expect(expiry("Expires 1/5 at midnight.", { sentAt: new Date("2026-12-20T15:00:00Z"), offset: -300 })).toBe("2027-01-05");
  });
});

describe("findExpiry: relative phrases against the send date in the sender's zone", () => {
  it.each([
    ["Sale ends Sunday at 11:59 p.m.", "2026-03-15"],
    ["Ends tonight!", "2026-03-12"],
    ["Last day tomorrow.", "2026-03-13"],
    ["This weekend only: 20% off.", "2026-03-15"],
    ["Sale ends today at midnight PT.", "2026-03-12"],
    ["Hurry, offer ends in 3 days.", "2026-03-15"],
  ])("%j gives %s", (text, date) => {
    expect(expiry(text)).toBe(date);
  });

  it("resolves 'tonight' on the sender's calendar, not UTC's", () => {
    const mondayUtc = new Date("2026-03-16T03:00:00Z");
    expect(expiry("Our sale ends tonight at 11:59 p.m. PT.", { sentAt: mondayUtc, offset: -420 })).toBe("2026-03-15");
  });

  it("resolves the end of a named month and the last of a recurring weekday", () => {
    expect(expiry("Good through the end of April for new patients.")).toBe("2026-04-30");
    expect(expiry("Half-price pizza every Wednesday in March.")).toBe("2026-03-25");
  });

  it("reads a retail holiday after an end word", () => {
    expect(expiry("30% off through Cyber Monday.", { sentAt: new Date("2026-11-20T15:00:00Z"), offset: -300 })).toBe("2026-11-30");
  });
});

describe("findExpiry: our rules on top of the date parser", () => {
  it("takes the end of a start-end range", () => {
    expect(expiry("Valid 3/13/2026 – 3/19/2026 online and in store.")).toBe("2026-03-19");
    expect(expiry("Sale runs from March 13 through March 17.")).toBe("2026-03-17");
    expect(expiry("Book between 3/12/2026 and 3/24/2026 for spring stays.")).toBe("2026-03-24");
    expect(expiry("Booking window: Mar. 12–26, 2026")).toBe("2026-03-26");
  });

  it("treats an end at 12:00 a.m. on a day as the end of the day before, and 'midnight' as the end of that day", () => {
    expect(expiry("Sale ends at 12:00 a.m. ET on Monday, March 23, 2026.")).toBe("2026-03-22");
    expect(expiry("Sale ends Friday at midnight.")).toBe("2026-03-13");
  });

  it("ignores shipping cut-offs, delivery and travel dates, and dates before the send date", () => {
    expect(expiry("Order by March 20 for delivery by Easter.")).toBeNull();
    expect(expiry("Estimated delivery: Tuesday, March 17")).toBeNull();
    expect(expiry("Book by 03/25/2026 for travel through 06/30/2026.")).toBe("2026-03-25");
    expect(expiry("Stay any weekend through June 30, 2026. Book by March 29.")).toBe("2026-03-29");
    expect(expiry("Rates as of 03/01/2026. Offer ends 03/28/2026.")).toBe("2026-03-28");
  });

  it("reads a dotted pair after 'at', 'um' or 'à' as a time of day, and after 'jusqu'à' as a day", () => {
    expect(expiry("Offre valable samedi à 10.11. précises", { dayFirst: true })).toBe("2026-03-14");
    expect(expiry("Angebot gültig Samstag um 10.11. Uhr", { dayFirst: true })).toBe("2026-03-14");
    expect(expiry("Offre valable jusqu'à 20.03. inclus", { dayFirst: true })).toBe("2026-03-20");
  });

  it("prefers the offer's end over an event or issue date with no end word", () => {
    expect(expiry("Thursday, March 12, 2026 · Spring issue\nOffer ends Sunday, March 22.")).toBe("2026-03-22");
  });

  it("returns null when no end is stated", () => {
    expect(expiry("Limited time. While supplies last.")).toBeNull();
    expect(expiry("Doors open Saturday, March 14 at 10 a.m.")).toBeNull();
  });

  it("lets a date in the body win over one in the subject", () => {
    expect(expiry("Offer ends March 20, 2026.", { headline: "Ends Sunday!" })).toBe("2026-03-20");
    expect(expiry("Everything is 20% off.", { headline: "Ends Sunday!" })).toBe("2026-03-15");
  });
});

describe("findExpiry: whole-month and recurring phrasing, delivery promises", () => {
  it("reads 'all month long' and 'every Friday this month'", () => {
    expect(expiry("Free dessert all March long.")).toBe("2026-03-31");
    expect(expiry("Kids eat free every Friday this month.")).toBe("2026-03-27");
  });
  it("does not take 'to get it by' dates as offer ends", () => {
    expect(expiry("Order by March 20 to get it by Easter.")).toBeNull();
    expect(expiry("Shop by March 20 in time for spring break.")).toBeNull();
  });
});

describe("findExpiry: 'before' a day", () => {
  // As people read offers (and label real mail): "order before Sept. 30" runs to Sept. 30.
  it("takes the day named as the offer's last day", () => {
    expect(expiry("Valid for appointments before March 20, 2026.")).toBe("2026-03-20");
    expect(expiry("Purchase this game before Sept. 30, 2026 and get a special offer!")).toBe("2026-09-30");
  });

  // An action before a day is a deadline as strong as "by": it outweighs a range that only says when something else
  // is on (and whose clause happens to hold a "by"), wherever the two stand in the mail.
  const schedule = "Back by popular demand, the kids' club is available Monday through Thursday.";
  it.each([
    "Register before March 31 and save $300. Use priority code P2026.",
    "Book before 31 March to save 20%.",
    "Order before March 31, 2026 and get free gifts.",
    "Sign up before Mar. 31 for 15% off your first box.",
    "Save $50 when you reserve before March 31st.",
  ])("reads %j as ending on the day, over a weekday schedule before or after it", (deadline) => {
    expect(expiry(deadline)).toBe("2026-03-31");
    expect(expiry(`${schedule}\n${deadline}`)).toBe("2026-03-31");
    expect(expiry(`${deadline}\n${schedule}`)).toBe("2026-03-31");
  });

  it("does not take an action's 'before' a time of day for delivery as the offer's end", () => {
    expect(expiry("Order before 2pm on March 20 for next-day delivery.")).toBeNull();
  });
});

describe("findExpiry: bare ranges", () => {
  it("takes the end of a range named as a sale period, or of a bare range when nothing else is stated", () => {
    expect(expiry("Black Friday weekend: Mar. 13–16, 2026")).toBe("2026-03-16");
    expect(expiry("3/13 – 3/17\nShop the collection")).toBe("2026-03-17");
    expect(expiry("3/13 – 3/17\nOffer ends 3/15.")).toBe("2026-03-15");
  });
});

describe("findExpiry: other things that expire", () => {
  it("does not take points, gift card, return or warranty dates as the offer's end", () => {
    expect(expiry("Sale ends Sunday. Reward points expire 12/31/2026.")).toBe("2026-03-15");
    expect(expiry("Returns accepted until April 30, 2026.")).toBeNull();
  });
});

describe("findExpiry: same-day phrases", () => {
  it.each(["Today only!", "One-day sale on boots", "Final hours to save"])("%j ends on the send date", (text) => {
    expect(expiry(text)).toBe("2026-03-12");
  });
  it("runs '24 hours only' from the send instant, into the next day", () => {
    expect(expiry("24 hours only: 40% off")).toBe("2026-03-13");
  });
  it("does not read 'last day to order' as the offer's end, in any language", () => {
    for (const text of [
      "Last day to order for delivery by Easter.",
      "Last day to enter our spring giveaway.",
      "Letzter Tag für Bestellungen vor Ostern.",
      "Dernier jour pour commander avant Pâques.",
      "Último día para pedir antes de Semana Santa.",
      "In the last 24 hours, 500 people ordered this lamp.",
    ]) {
      expect(expiry(text), text).toBeNull();
    }
  });
});

describe("findExpiry: a month without a day", () => {
  it("runs to the month's last day", () => {
    expect(expiry("Offer valid through April.")).toBe("2026-04-30");
    expect(expiry("Offer valid through April 2026.")).toBe("2026-04-30");
  });
});

describe("findExpiry: other languages", () => {
  it("reads Portuguese and French end phrases", () => {
    expect(expiry("Cupom válido até 20/03/2026.", { dayFirst: true })).toBe("2026-03-20");
    expect(expiry("Offre valable jusqu'au 20 mars 2026.", { dayFirst: true })).toBe("2026-03-20");
  });
});

describe("findExpiry: dotted dates without a year", () => {
  it("reads month.day. for month-first senders and day.month. for day-first ones", () => {
    expect(expiry("Offer ends 3.28. Some exclusions apply.")).toBe("2026-03-28");
    expect(expiry("Angebot gültig bis 28.3.", { dayFirst: true })).toBe("2026-03-28");
  });
  it("does not read a price or a clock time as a date", () => {
    expect(expiry("Mugs from $11.30. Hurry, offer ends soon.")).toBeNull();
    expect(expiry("Doors open at 10.30. Sale ends Saturday.")).toBe("2026-03-14");
  });
});

describe("findExpiry: deadlines after 'by'", () => {
  it("takes a date after 'open ... by' as the end, though 'open' can start things", () => {
    expect(expiry("Open a checking account by March 31, 2026 and set up direct deposit within 60 days.")).toBe("2026-03-31");
    expect(expiry("The new store opens March 20.")).toBeNull();
  });
});
