import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { reminderContent, weeklyReport, type ReportDeal } from "../../../server/application/reports/reportContent";
import { MAX_UNSUBSCRIBE_TOKEN_LENGTH, unsubscribeUrl, UnsubscribeTokens } from "../../../server/application/reports/unsubscribeTokens";
import { cleanLine } from "../../../server/infrastructure/mail/emailText";
import { HtmlReportEmails } from "../../../server/infrastructure/mail/reportEmails";
import { reportDealMaker } from "../../fixtures/reportDeals";

const NOW = new Date("2026-11-30T13:00:00Z");
const ZONE = "America/New_York";
const USER_ID = "6f1d2c3b-4a59-4e8f-9d0c-1b2a3c4d5e6f";
const LINKS = { appUrl: "https://deals.example.org", unsubscribeUrl: "https://deals.example.org/api/reports/unsubscribe?token=u1.abc.weekly-report.sig" };

const deal = reportDealMaker(() => ({ title: "25% off brake pads", promoCodes: ["PADS25"], discount: "25% off", expirationDate: "2026-12-01" }));

function renderWeekly(deals: ReportDeal[]) {
  const report = weeklyReport({ deals, lastReportAt: new Date("2026-11-23T13:00:00Z"), now: NOW, timeZone: ZONE });
  if (report.kind !== "report") throw new Error("expected a report");
  return new HtmlReportEmails().weeklyReport(report, LINKS);
}

function renderReminder(starred: ReportDeal) {
  const reminder = reminderContent(starred, NOW, ZONE);
  if (reminder.kind !== "reminder") throw new Error("expected a reminder");
  return new HtmlReportEmails().reminder(reminder, LINKS);
}

type Element = ReturnType<typeof DomUtils.findAll>[number];

/** The email's HTML parsed as a mail client's parser would, with the few queries these tests ask. */
function parse(html: string) {
  const root = parseDocument(html);
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, root.children);
  const tags = (...names: string[]) => all((element) => names.includes(element.name));
  const text = (element: Element) => DomUtils.textContent(element);
  return { all, tags, text, bodyText: () => text(tags("body")[0]!) };
}

describe("the weekly report email", () => {
  const brakes = deal();
  const treats = deal({ title: "Treats for two", brand: "Pawly", brandDomain: "pawly.example", category: "Pets", promoCodes: ["WOOF10"], expirationDate: "2026-12-20" });
  const ids = { brakes: brakes.id, treats: treats.id };
  const email = renderWeekly([brakes, deal({ title: "Free shipping on tyres", promoCodes: [], discount: null, expirationDate: null, category: "Automotive" }), treats]);
  const html = parse(email.html);

  it("says in its subject what is inside", () => {
    // "New" counts every deal found since the last report that can still be used, the one ending soon among them.
    expect(email.subject).toBe("Your deals this week: 1 ends soon, 3 new");
  });

  it("offers one-click unsubscribe (RFC 8058)", () => {
    expect(email.headers).toEqual({ "List-Unsubscribe": `<${LINKS.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("is a self-contained document for mail clients: a language, light and dark colour schemes, no script, style sheet or image to fetch", () => {
    expect(html.tags("html")[0]!.attribs.lang).toBe("en");
    expect(html.all((element) => element.name === "meta" && element.attribs.name === "color-scheme").map((meta) => meta.attribs.content)).toEqual(["light dark"]);
    expect(html.tags("script", "link", "img", "iframe", "form")).toEqual([]);
    expect(html.text(html.tags("style")[0]!)).toContain("prefers-color-scheme: dark");
    // Layout tables say so; the one data table (the totals) has header cells.
    expect(html.tags("table").filter((table) => table.attribs.role !== "presentation")).toHaveLength(1);
    expect(html.all((element) => element.name === "th" && element.attribs.scope === "row")).toHaveLength(2);
  });

  it("opens with its top picks, each linking to the deal's own address, then a button to the dashboard", () => {
    const headings = html.tags("h2").map(html.text);
    expect(headings).toEqual(["Top picks", "By category"]);
    const links = html.tags("a").map((link) => [html.text(link), link.attribs.href]);
    expect(links[0]).toEqual(["25% off brake pads", `https://deals.example.org/dashboard?deal=${ids.brakes}`]);
    expect(links).toContainEqual(["Treats for two", `https://deals.example.org/dashboard?deal=${ids.treats}`]);
    expect(links).toContainEqual(["Settings", "https://deals.example.org/settings"]);
    expect(links).toContainEqual(["Unsubscribe", LINKS.unsubscribeUrl]);
    expect(html.bodyText()).toContain("PADS25");
    expect(html.bodyText()).toContain("Ends Tue 1 Dec (tomorrow)");
    // A bulletproof button: the colour is on its table cell, so Outlook's Word engine shows a button too.
    const button = html.tags("a").find((link) => html.text(link) === "Open your dashboard")!;
    expect(button.attribs.href).toBe("https://deals.example.org/dashboard");
    const cell = button.parent as Element;
    expect(cell.name).toBe("td");
    expect(cell.attribs.bgcolor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("has a plain-text part that says the same", () => {
    expect(email.text).toContain("TOP PICKS");
    expect(email.text).toContain("- Torqhaven: 25% off brake pads\n  Code: PADS25");
    expect(email.text).toContain(`https://deals.example.org/dashboard?deal=${ids.treats}`);
    expect(email.text).toContain("Open your dashboard: https://deals.example.org/dashboard");
    expect(email.text).toContain("Automotive: 2");
    expect(email.text).toContain(`Unsubscribe with one click, no sign-in needed: ${LINKS.unsubscribeUrl}`);
    expect(email.text.indexOf("25% off brake pads")).toBeLessThan(email.text.indexOf("Treats for two"));
  });

  it("is readable at phone widths: a fluid 600 px column, a fixed one for Outlook, narrower padding on phones", () => {
    expect(email.html).toContain("max-width:600px");
    expect(email.html).toContain('<!--[if mso]><table role="presentation" width="600"');
    expect(html.text(html.tags("style")[0]!)).toMatch(/@media \(max-width: 480px\)/);
  });
});

describe("the weekly report's rest, by brand", () => {
  const many = Array.from({ length: 8 }, (_, index) =>
    deal({ title: `Deal ${index}`, brand: index % 2 ? "Pawly" : "Torqhaven", brandId: index % 2 ? "b-pawly" : "b-torq", discount: `${10 + index}% off`, expirationDate: null }),
  );
  const email = renderWeekly(many);
  const html = parse(email.html);

  it("lists the deals after the picks under a heading per brand, A to Z", () => {
    expect(html.tags("h2").map(html.text)).toEqual(["Top picks", "More deals, by brand", "By category"]);
    expect(html.tags("h3").map(html.text)).toEqual(["Pawly", "Torqhaven"]);
    expect(email.text).toMatch(/MORE DEALS, BY BRAND\n\nPawly\n- Pawly: /);
  });
});

describe("the report's subject and wording", () => {
  const render = (request: Partial<Parameters<typeof weeklyReport>[0]>) => {
    const report = weeklyReport({ deals: [deal({ expirationDate: null })], lastReportAt: new Date("2026-11-23T13:00:00Z"), now: NOW, timeZone: ZONE, ...request });
    if (report.kind !== "report") throw new Error("expected a report");
    return new HtmlReportEmails().weeklyReport(report, LINKS);
  };

  it("starts a test report's subject with [Test], and only a test report's", () => {
    expect(render({ lastReportAt: null, test: { weeklySentBefore: true } }).subject).toBe("[Test] Your deals this week: 1 new deal");
    expect(render({}).subject).toBe("Your deals this week: 1 new deal");
  });

  it("says 'since you joined' in the first report, 'since your last report' after one", () => {
    expect(render({ lastReportAt: null }).text).toContain("1 new deal since you joined.");
    expect(render({ lastReportAt: null, test: { weeklySentBefore: false } }).text).toContain("1 new deal since you joined.");
    expect(render({ lastReportAt: null, test: { weeklySentBefore: true } }).text).toContain("1 new deal this past week.");
    expect(render({}).text).toContain("1 new deal since your last report.");
  });
});

describe("deal text from hostile mail", () => {
  const hostile = deal({
    title: `<script>alert(1)</script><img src=x onerror="alert(2)"> "quoted" & more`,
    brand: "Evil\u202e moc.kcatta\r\nBcc: victim@example.org",
    promoCodes: ['<a href="https://attacker.example">X</a>'],
    discount: "<b>99%</b>",
  });

  it("is escaped: it shows as text and adds no element, attribute or link", () => {
    for (const email of [renderWeekly([hostile]), renderReminder(hostile)]) {
      const html = parse(email.html);
      expect(html.tags("script", "img", "b")).toEqual([]);
      expect(html.all(() => true).flatMap((element) => Object.keys(element.attribs)).filter((name) => name.startsWith("on"))).toEqual([]);
      expect(html.tags("a").every((link) => link.attribs.href!.startsWith("https://deals.example.org/"))).toBe(true);
      expect(html.bodyText()).toContain(`<script>alert(1)</script><img src=x onerror="alert(2)"> "quoted" & more`);
      expect(html.bodyText()).not.toContain("\u202e");
    }
  });

  it("never breaks a header line", () => {
    const { subject } = renderReminder(hostile);
    expect(subject).not.toMatch(/[\r\n\u202e]/);
    expect(subject).toBe('Your Evil moc.kcatta Bcc: victim@example.org code <a href="https://attacker.example">X</a> ends tomorrow');
  });

  it("is cut to a readable length", () => {
    const long = renderWeekly([deal({ title: "A".repeat(5000) })]);
    expect(long.html).not.toContain("A".repeat(141));
    expect(long.html).toContain(`${"A".repeat(139)}…`);
    expect(cleanLine("  two\t\tspaces  ", 50)).toBe("two spaces");
  });
});

describe("the reminder email", () => {
  it("names the brand, the code and the day in its subject, and shows the deal", () => {
    const starred = deal();
    const email = renderReminder(starred);
    expect(email.subject).toBe("Your Torqhaven code PADS25 ends tomorrow");
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(parse(email.html).tags("h1").map((heading) => DomUtils.textContent(heading))).toEqual(["Ends tomorrow: Torqhaven"]);
    expect(email.text).toContain("Code: PADS25");
    expect(email.text).toContain(`https://deals.example.org/dashboard?deal=${starred.id}`);
  });

  it("says 'deal' for a sale without a code", () => {
    expect(renderReminder(deal({ promoCodes: [] })).subject).toBe("Your Torqhaven deal ends tomorrow");
  });
});

describe("unsubscribe tokens", () => {
  const key = randomBytes(32);
  const tokens = new UnsubscribeTokens(key);

  it("carry the user and what to turn off, verified without signing in", () => {
    const token = tokens.sign(USER_ID, "weekly-report");
    expect(token).toMatch(/^u1\.[0-9a-f-]{36}\.weekly-report\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThanOrEqual(MAX_UNSUBSCRIBE_TOKEN_LENGTH);
    expect(tokens.verify(token)).toEqual({ userId: USER_ID, purpose: "weekly-report" });
    // Every character of a token is safe in a URL, so the link carries it as it is.
    expect(unsubscribeUrl("https://deals.example.org", token)).toBe(`https://deals.example.org/api/reports/unsubscribe?token=${token}`);
    expect(tokens.verify(tokens.sign(USER_ID, "reminders"))).toEqual({ userId: USER_ID, purpose: "reminders" });
  });

  it("cannot be turned into another user's or another purpose's, nor made with another key", () => {
    const token = tokens.sign(USER_ID, "weekly-report");
    const otherUser = token.replace(USER_ID, "6f1d2c3b-4a59-4e8f-9d0c-1b2a3c4d5e60");
    const otherPurpose = token.replace("weekly-report", "reminders");
    expect(tokens.verify(otherUser)).toBeNull();
    expect(tokens.verify(otherPurpose)).toBeNull();
    expect(new UnsubscribeTokens(randomBytes(32)).verify(token)).toBeNull();
    const signature = token.split(".")[3]!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(tokens.verify(token.replace(signature, flipped))).toBeNull();
    expect(tokens.verify(`${token}.extra`)).toBeNull();
    expect(tokens.verify(`${token}${"A".repeat(MAX_UNSUBSCRIBE_TOKEN_LENGTH)}`)).toBeNull();
  });

  it("answer null, never throw, for anything else", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (junk) => tokens.verify(junk) === null));
    expect(() => tokens.sign("not-a-uuid", "weekly-report")).toThrow(RangeError);
  });
});

describe("the emails word a deal's end and a guessed category as the app does (docs/product.md, 'Evidence')", () => {
  it("prints an inferred day as probable, an implied end as 'Ends soon (no date given)', and a guessed category as probable", () => {
    const inferred = deal({ evidence: { codes: [], endDate: { kind: "label", confidence: "inferred" }, brand: null, category: { kind: "words", confidence: "guessed" } } });
    const implied = deal({ title: "Last chance on wipers", promoCodes: ["WIPE5"], expirationDate: null, evidence: { codes: [], endDate: { kind: "implied", confidence: "guessed" }, brand: null, category: null } });
    const email = renderWeekly([inferred, implied]);
    expect(email.text).toContain("Probably ends Tue 1 Dec (tomorrow)");
    expect(email.text).toContain("probably Automotive");
    expect(email.text).toContain("Ends soon (no date given)");
    expect(parse(email.html).bodyText()).toContain("Probably ends Tue 1 Dec (tomorrow)");
  });
});
