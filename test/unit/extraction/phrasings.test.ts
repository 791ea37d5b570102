import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { buildEmail } from "./email";

/** Whole emails in phrasings the rules were not tuned on: codes, offer ends and promotion-or-not together. */
interface Case {
  name: string;
  from?: string;
  subject?: string;
  date?: string;
  html: string;
  codes: string[];
  expiry: string | null;
  promo?: boolean;
}

const cases: Case[] = [
  { name: "box no label", html: '<p>Take 20% off today</p><table><tr><td style="border:1px dashed #000">FALL20X</td></tr></table><p>Copy this promo at checkout. Ends 10/15/2026.</p>', codes: ["FALL20X"], expiry: "2026-10-15" },
  { name: "code word uppercase", html: "<h1>USE CODE: HOLIDAY</h1><p>20% off. Valid thru 12/3.</p>", codes: ["HOLIDAY"], expiry: "2026-12-03" },
  { name: "ends midnight PT", html: "<p>Final day! 30% off with code LASTCALL. Ends at midnight PT.</p>", codes: ["LASTCALL"], expiry: "2026-10-08" },
  { name: "this weekend only", html: "<p>This weekend only: 15% off with promo code WKND15.</p>", codes: ["WKND15"], expiry: "2026-10-11" },
  { name: "last day tomorrow", html: "<p>Last day tomorrow! Shop with code SAVE10NOW.</p>", codes: ["SAVE10NOW"], expiry: "2026-10-09" },
  { name: "event date not end", html: "<p>Join us for our in-store event on Saturday, October 17 from 10am-4pm. Enjoy 20% off with code EVENT20 through October 20.</p>", codes: ["EVENT20"], expiry: "2026-10-20" },
  { name: "sale no code", html: "<p>Semi-annual sale: up to 40% off. No code required. Sale ends Monday.</p>", codes: [], expiry: "2026-10-12" },
  { name: "order number in promo", html: "<p>Thanks for shopping with us (order #A12345). Use code THANKS15 on your next purchase, valid until October 31.</p>", codes: ["THANKS15"], expiry: "2026-10-31" },
  { name: "tracking in promo", html: "<p>Your reward: $10 off with code REWARD10. Expires in 7 days.</p>", codes: ["REWARD10"], expiry: "2026-10-15" },
  { name: "mixed case code", html: "<p>Enter code Fall2026 at checkout for 25% off sitewide. Offer ends Oct. 12, 2026 at 11:59 PM EST.</p>", codes: ["Fall2026"], expiry: "2026-10-12" },
  { name: "two tiers dollars", html: "<p>Save $10 on $50 with code TEN4U or $25 on $100 with code QUARTER25. Through Sunday.</p>", codes: ["TEN4U", "QUARTER25"], expiry: "2026-10-11" },
  { name: "french", html: "<p>Utilisez le code promo AUTOMNE20 pour 20% de réduction. Valable jusqu'au 15 octobre 2026.</p>", codes: ["AUTOMNE20"], expiry: "2026-10-15" },
  { name: "german", html: "<p>Mit dem Gutscheincode HERBST15 sparen Sie 15%. Gültig bis 15.10.2026.</p>", codes: ["HERBST15"], expiry: "2026-10-15" },
  { name: "otp in promo brand", subject: "Your login code", html: "<p>Your login code is 552211. It expires in 10 minutes.</p>", codes: [], expiry: null, promo: false },
  { name: "receipt with next code", subject: "Your receipt from Acme", html: "<p>Order total $45.00. Thanks! Use code NEXT20 on your next order.</p>", codes: [], expiry: null, promo: false },
  { name: "appointment", subject: "Appointment reminder: Tuesday 3pm", html: "<p>See you Tuesday, October 13 at 3pm.</p>", codes: [], expiry: null, promo: false },
  { name: "password changed", subject: "Your password was changed", html: "<p>If this wasn't you, reset your password.</p>", codes: [], expiry: null, promo: false },
  { name: "delivered", subject: "Delivered: your package", html: "<p>Your package was delivered at 2:14pm.</p>", codes: [], expiry: null, promo: false },
  { name: "phone number near code", html: "<p>Call 1-800-555-0199 and mention code PHONE25 for 25% off. Offer valid through 10/31/2026.</p>", codes: ["PHONE25"], expiry: "2026-10-31" },
  { name: "hex color box", html: '<p style="color:#FF5733">Use code</p><p style="border:2px dashed #000000">BRIGHT30</p><p>Expires October 20, 2026</p>', codes: ["BRIGHT30"], expiry: "2026-10-20" },
  { name: "starts and ends", html: "<p>Sale starts Friday, October 9 and ends Sunday, October 11. Use code STARTEND.</p>", codes: ["STARTEND"], expiry: "2026-10-11" },
  { name: "ends date 12am", html: "<p>Offer ends 12 a.m. ET October 13. Code: MIDNITE</p>", codes: ["MIDNITE"], expiry: "2026-10-12" },
  { name: "no date", html: "<p>20% off with code ALWAYS20. While supplies last.</p>", codes: ["ALWAYS20"], expiry: null },
  { name: "apply at checkout cue", html: "<p>Apply promo code SPOOKY13 at checkout. Valid 10/8-10/31.</p>", codes: ["SPOOKY13"], expiry: "2026-10-31" },
  { name: "percent in code", html: "<p>Use code 25OFF for 25% off. Ends 10/10.</p>", codes: ["25OFF"], expiry: "2026-10-10" },
  { name: "ends Oct 18 w/o year", html: "<p>Treat yourself: 10% off with code TREAT10, ends Oct 18.</p>", codes: ["TREAT10"], expiry: "2026-10-18" },
  { name: "shipping then end", html: "<p>Free shipping on orders over $50 through October 12. Use code SHIPIT for 15% off, ends October 11.</p>", codes: ["SHIPIT"], expiry: "2026-10-11" },
];

describe("extractDeals on varied phrasings (sent Thu 2026-10-08 09:00 -0700)", () => {
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
    const raw = buildEmail({
      from: testCase.from,
      subject: testCase.subject ?? "Fall savings inside",
      date: testCase.date ?? "Thu, 08 Oct 2026 09:00:00 -0700",
      html: testCase.html,
    });
    const message = await extractDeals(raw);
    expect(message.deals.flatMap((deal) => deal.promoCodes)).toEqual(testCase.codes);
    expect(message.deals[0]?.expirationDate ?? null).toBe(testCase.expiry);
    if (testCase.promo !== undefined) expect(message.isPromotion).toBe(testCase.promo);
  });
});
