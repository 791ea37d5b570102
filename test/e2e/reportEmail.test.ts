import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { reminderContent, weeklyReport, type ReportDeal } from "../../server/application/reports/reportContent";
import { NodemailerMailSender } from "../../server/infrastructure/mail/nodemailerSender";
import { HtmlReportEmails } from "../../server/infrastructure/mail/reportEmails";
import { reportDealMaker } from "../fixtures/reportDeals";
import { launchChromium, SCREENSHOTS_DIR } from "./support/browser";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const NOW = new Date("2026-11-30T13:00:00Z");
const ZONE = "America/New_York";
const LINKS = { appUrl: "https://deals.example.org", unsubscribeUrl: "https://deals.example.org/api/reports/unsubscribe?token=u1.x.weekly-report.y" };

const deal = reportDealMaker();

/** A report of the kinds of deal a week brings: codes ending today and soon, several codes, none, long text, hostile text. */
const DEALS: ReportDeal[] = [
  deal({ title: "25% off brake pads and rotors", promoCodes: ["PADS25"], discount: "25% off", expirationDate: "2026-11-30" }),
  deal({ title: "Treats for two, a toy for one", brand: "Pawly", brandDomain: "pawly.example", category: "Pets", promoCodes: ["WOOF10", "PAWS20"], discount: "$10 off $50", expirationDate: "2026-12-01" }),
  deal({ title: "Winter coats: the whole range, every size and colour, in store and online, while stocks last this season", brand: "Quarrystone Outfitters International", brandDomain: "quarrystone.co.uk", category: "Fashion", promoCodes: ["WINTERWARMTH2026"], discount: "40% off", expirationDate: "2026-12-05" }),
  deal({ title: "Free shipping on every order", brand: "Cloudnook", brandDomain: "cloudnook.com", category: "Home" }),
  deal({ title: `<script>alert("x")</script> Sofa sale & more`, brand: "Cloudnook", brandDomain: "cloudnook.com", category: "Home", promoCodes: ["SOFA<b>15</b>"], discount: "15% off" }),
  deal({ title: "Serum duo", brand: "Glowry", brandDomain: "glowry.example", category: "Beauty", promoCodes: ["GLOW"], expirationDate: "2026-12-24" }),
];

function weeklyHtml(): string {
  const report = weeklyReport({ deals: DEALS, lastReportAt: new Date("2026-11-23T13:00:00Z"), now: NOW, timeZone: ZONE });
  if (report.kind !== "report") throw new Error("expected a report");
  return new HtmlReportEmails().weeklyReport(report, LINKS).html;
}

/** The first report, sent from Settings as a test: "[Test]" in its subject, new deals "since you joined". */
function testReportHtml(): string {
  const report = weeklyReport({ deals: DEALS, lastReportAt: null, now: NOW, timeZone: ZONE, test: { weeklySentBefore: false } });
  if (report.kind !== "report") throw new Error("expected a report");
  return new HtmlReportEmails().weeklyReport(report, LINKS).html;
}

function reminderHtml(): string {
  const reminder = reminderContent(DEALS[1]!, NOW, ZONE);
  if (reminder.kind !== "reminder") throw new Error("expected a reminder");
  return new HtmlReportEmails().reminder(reminder, LINKS).html;
}

/**
 * Every axe violation, of any impact, with the elements it found. Two page-level rules are off: a mail client shows
 * the email inside its own page, which has the landmarks (`main`, regions); the email is one `role="article"`.
 */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    const results = await axe.run(document, { rules: { "landmark-one-main": { enabled: false }, region: { enabled: false } } });
    return results.violations.map(({ id, impact, nodes }) => `${id} (${impact}): ${nodes.map((node) => node.target.join(" ")).join(", ")}`);
  });
  return violations;
}

/** A phone (Gmail's and Apple Mail's apps), Outlook's reading pane beside its folder list and message list, a desktop. */
const WIDTHS = [
  { name: "phone", width: 375, height: 812 },
  { name: "reading-pane", width: 520, height: 800 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

describe("the report email in a browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const { name: emailName, html } of [
    { name: "weekly-report", html: weeklyHtml },
    { name: "test-report", html: testReportHtml },
    { name: "reminder", html: reminderHtml },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const { name, width, height } of WIDTHS) {
        it(`${emailName}, ${colorScheme}, at ${width} px: fits the width and passes axe (contrast and structure)`, async () => {
          // axe is injected as an inline script, which the email's own policy-free document allows; mail clients run none.
          const page = await browser.newPage({ viewport: { width, height }, colorScheme });
          await page.setContent(html(), { waitUntil: "load" });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
          const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          expect(body).toBe(colorScheme === "dark" ? "rgb(17, 24, 39)" : "rgb(243, 244, 246)");
          if (emailName !== "reminder") {
            // The dashboard button keeps white on blue in both schemes; its colour is on the cell, for Outlook.
            const button = page.getByRole("link", { name: "Open your dashboard" });
            expect(await button.evaluate((link) => getComputedStyle(link).color)).toBe("rgb(255, 255, 255)");
            expect(await button.evaluate((link) => getComputedStyle(link.parentElement!).backgroundColor)).toBe("rgb(29, 78, 216)");
          }
          await page.screenshot({ path: `${SCREENSHOTS_DIR}/${emailName}-${colorScheme}-${name}.png`, fullPage: true });
          expect(await axeViolations(page)).toEqual([]);
          await page.close();
        });
      }
    }
  }
});

describe("the outbox viewer in a browser", () => {
  let browser: Browser;
  let sink: MailSink;

  beforeAll(async () => {
    browser = await launchChromium();
    sink = await startMailSink();
    const sender = new NodemailerMailSender({ smtpUrl: sink.smtpUrl, from: "Deal Finder <reports@deals.example.org>" });
    const hostile = weeklyHtml().replace("</body>", '<script>document.body.dataset.scriptRan = "yes"</script></body>');
    await sender.send({ to: "reader@example.com", subject: "Your deals this week", html: hostile, text: "Your deals this week", headers: {} });
    sender.close();
  });

  afterAll(async () => {
    await browser?.close();
    await sink?.close();
  });

  it("lists the email and shows it rendered, with the email's own script kept from running", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(sink.outboxUrl);
    await page.getByRole("link", { name: "Your deals this week" }).click();
    const frame = page.frameLocator("iframe");
    await expect.poll(() => frame.getByRole("heading", { level: 1 }).textContent()).toBe("Your deals this week");
    await expect.poll(() => frame.locator("body").getAttribute("data-script-ran")).toBeNull();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/outbox-message.png`, fullPage: true });
    await page.close();
  });
});
