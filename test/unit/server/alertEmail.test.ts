import { describe, expect, it } from "vitest";
import { alertContent } from "../../../server/application/reports/reportContent";
import { reminderInstant, reminderTiming } from "../../../server/application/reports/schedule";
import { HtmlReportEmails } from "../../../server/infrastructure/mail/reportEmails";
import { reportDealMaker } from "../../fixtures/reportDeals";

const NOW = new Date("2026-11-30T13:00:00Z");
const ZONE = "America/New_York";
const LINKS = { appUrl: "https://deals.example.org", unsubscribeUrl: "https://deals.example.org/api/reports/unsubscribe?token=u1.abc.alerts.sig" };
const deal = reportDealMaker(() => ({ title: "Brake pads", promoCodes: ["PADS25"], discount: "30% off", expirationDate: "2026-12-20" }));

function render(deals: ReturnType<typeof deal>[], more = 0) {
  const content = alertContent(deals, more, NOW, ZONE);
  if (content.kind !== "alert") throw new Error("expected an alert");
  return new HtmlReportEmails().dealAlert(content, LINKS);
}

describe("the deal alert email", () => {
  it("names its one deal in the subject, lists it with its code and link, and carries one-click unsubscribe", () => {
    const email = render([deal({ brand: "Torqhaven" })]);
    expect(email.subject).toBe("Deal alert: Torqhaven, 30% off");
    expect(email.text).toContain("PADS25");
    expect(email.html).toContain("https://deals.example.org/dashboard?deal=");
    expect(email.headers).toEqual({ "List-Unsubscribe": `<${LINKS.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("counts several deals, and the ones beyond those listed", () => {
    const email = render([deal(), deal()], 3);
    expect(email.subject).toBe("Deal alert: 5 new deals you asked for");
    expect(email.text).toContain("And 3 more deals on your dashboard");
  });

  it("escapes a deal's text and keeps the subject to one line", () => {
    const email = render([deal({ brand: "<b>Evil</b>\r\nBcc: x@example.com", title: "<script>alert(1)</script>", discount: null })]);
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>Evil</b>");
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it("says nothing when no deal is left", () => {
    expect(alertContent([], 0, NOW, ZONE)).toEqual({ kind: "nothing" });
  });
});

describe("the reminder's lead time", () => {
  it("goes out the chosen days before the end, at the report hour in the person's zone", () => {
    expect(reminderInstant("2026-12-10", 8, ZONE, 0).toISOString()).toBe("2026-12-10T13:00:00.000Z");
    expect(reminderInstant("2026-12-10", 8, ZONE, 1).toISOString()).toBe("2026-12-09T13:00:00.000Z");
    expect(reminderInstant("2026-12-10", 8, ZONE, 3).toISOString()).toBe("2026-12-07T13:00:00.000Z");
    expect(reminderInstant("2026-12-10", 8, ZONE, 7).toISOString()).toBe("2026-12-03T13:00:00.000Z");
  });

  it("sends late at once while the deal lasts, and the same-day reminder on the last day too", () => {
    const lastDayNoon = new Date("2026-12-10T17:00:00Z");
    expect(reminderTiming("2026-12-10", 8, ZONE, lastDayNoon, 0)).toEqual({ kind: "now" });
    expect(reminderTiming("2026-12-10", 8, ZONE, lastDayNoon, 1)).toEqual({ kind: "too-late" });
    expect(reminderTiming("2026-12-10", 8, ZONE, new Date("2026-12-08T17:00:00Z"), 7)).toEqual({ kind: "now" });
    expect(reminderTiming("2026-12-10", 8, ZONE, new Date("2026-12-11T06:00:00Z"), 0)).toEqual({ kind: "too-late" });
    expect(reminderTiming("2026-12-10", 8, ZONE, new Date("2026-12-01T00:00:00Z"), 3)).toEqual({ kind: "at", instant: new Date("2026-12-07T13:00:00Z") });
  });
});
