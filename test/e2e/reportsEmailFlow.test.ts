import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { daysUntil, expiryStatus, promoCodesOf } from "../../src/domain/deal";
import { wholeDashboard } from "../server/support/dashboard";
import { waitForSync } from "../server/support/stack";
import { startE2eApp, type E2eApp } from "./support/app";
import { registerWithGoogle, SCREENSHOTS_DIR } from "./support/browser";
import { cardMenuButton, cardMenuItem, cardOfDeal, chooseInCardMenu } from "./support/cards";

const ACCOUNT = "demo@example.com";

/**
 * The weekly report and reminders end to end, in Chromium against the real server and its local mail sink: star a deal on the dashboard,
 * press "Send me a test report" in Settings, and read the report in the demo's outbox, opened from Settings' link.
 */
describe("the weekly report, from a star on the dashboard to the demo outbox", () => {
  let sink: MailSink;
  let app: E2eApp;
  let page: Page;

  beforeAll(async () => {
    sink = await startMailSink();
    app = await startE2eApp({ mailSink: sink });
    page = await app.newPage();
    await registerWithGoogle(page, { app: app.stack.baseUrl, google: app.stack.emulator.baseUrl }, ACCOUNT);
  });

  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it("shows the starred deal in the test report the outbox received", async () => {
    const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(app.stack, token);
    const today = new Date();
    // The report lists the deals ending within a week first, soonest first: the soonest with a code is surely in it.
    const [deal] = (await wholeDashboard(app.stack, token)).deals
      .filter((candidate) => candidate.expirationDate && promoCodesOf(candidate).length > 0 && candidate.status === null && expiryStatus(candidate.expirationDate, today) !== "expired")
      .sort((a, b) => a.expirationDate!.localeCompare(b.expirationDate!));
    expect(deal, "the demo mailbox has a deal that ends").toBeDefined();
    expect(daysUntil(deal!.expirationDate!, today)).toBeLessThanOrEqual(7);

    // Star it on its card: the star shows at once and the server keeps it.
    await page.reload();
    await page.getByRole("searchbox", { name: "Search deals" }).fill(deal!.title);
    const saved = page.waitForResponse((response) => response.url().endsWith(`/deals/${deal!.id}/reminder`) && response.request().method() === "PUT");
    const dealCard = cardOfDeal(page, deal!.id);
    await chooseInCardMenu(dealCard, "Remind me");
    expect((await saved).status()).toBe(200);
    await cardMenuButton(dealCard).click();
    await expect(cardMenuItem(dealCard, "Remind me").getAttribute("aria-checked")).resolves.toBe("true");
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/reports-star.png` });
    await page.keyboard.press("Escape");
    expect((await wholeDashboard(app.stack, token)).deals.find((shown) => shown.id === deal!.id)?.remind).toBe(true);
    // The detail dialog shows the same star, with what it does.
    await chooseInCardMenu(dealCard, "Details");
    const dialog = page.getByRole("dialog", { name: deal!.title });
    await expect(dialog.getByRole("button", { name: "Reminder set", exact: true }).getAttribute("aria-pressed")).resolves.toBe("true");
    await dialog.getByText("We'll email you before it ends, as early as you choose in Settings.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // Settings: the Emails card, its test report, and the demo outbox's link.
    await page.goto(`${app.stack.baseUrl}/settings`);
    const card = page.getByRole("region", { name: "Emails" });
    await card.getByRole("switch", { name: "Weekly report" }).waitFor();
    await card.getByRole("button", { name: "Send me a test report" }).click();
    await card.getByRole("status").filter({ hasText: `Test report sent to ${ACCOUNT}.` }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/reports-settings.png`, fullPage: true });

    const outboxLink = card.getByRole("link", { name: "Open the demo outbox" });
    await expect(outboxLink.getAttribute("href")).resolves.toBe(sink.outboxUrl);
    const [outbox] = await Promise.all([page.context().waitForEvent("page"), outboxLink.click()]);
    await outbox!.waitForLoadState();
    expect(outbox!.url()).toBe(new URL(sink.outboxUrl).href);

    // The outbox lists the report sent to the account; opened, it shows the starred deal with its code.
    const [report] = sink.messages().filter((message) => message.envelopeTo.includes(ACCOUNT));
    expect(report, "the sink received the test report").toBeDefined();
    // A test report says so in its subject, so it is never taken for the week's real one.
    expect(report!.subject).toMatch(/^\[Test\] Your deals this week: /);
    await outbox!.getByRole("link", { name: report!.subject }).click();
    const email = outbox!.frameLocator("iframe");
    await email.getByText(deal!.title).first().waitFor();
    for (const code of promoCodesOf(deal!)) await email.getByText(code, { exact: true }).first().waitFor();
    await outbox!.screenshot({ path: `${SCREENSHOTS_DIR}/reports-outbox.png`, fullPage: true });

    // Its first link is its first pick's own address, which opens that deal's Details in the app.
    const firstHref = email.locator("a").first().getAttribute("href");
    const firstLink = new URL((await firstHref)!);
    expect(`${firstLink.origin}${firstLink.pathname}`).toBe(`${app.stack.baseUrl}/dashboard`);
    const pickedId = firstLink.searchParams.get("deal");
    const picked = (await wholeDashboard(app.stack, token)).deals.find((candidate) => candidate.id === pickedId);
    expect(picked, "the first link names one of the person's deals").toBeDefined();
    await page.goto(firstLink.href);
    await page.getByRole("dialog", { name: picked!.title }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/reports-first-link.png` });
    // A whole person's journey, from sign-up to a deal opened from the email: longer than one page's test.
  }, 240_000);
});
