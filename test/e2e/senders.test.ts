import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AxeResults } from "axe-core";
import type { Locator, Page } from "playwright-core";
import { signInInBrowser, signUpInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";
import { settledAnimations } from "./support/browser";
import { NEWSLETTER_SENDER, newsletterWithoutDeals } from "../server/support/senderMail";
import { waitForSync } from "../server/support/stack";

interface RecordedUnsubscribe {
  list: string;
  contentType: string | null;
  body: string;
  cookie: boolean;
}

/** What the emulator's one-click endpoint received so far. */
async function recordedUnsubscribes(app: E2eApp): Promise<RecordedUnsubscribe[]> {
  return ((await (await fetch(`${app.stack.emulator.baseUrl}/__emulator/unsubscribes`)).json()) as { unsubscribes: RecordedUnsubscribe[] }).unsubscribes;
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe over one part of the page as Chromium lays it out, contrast included: the serious and critical violations. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  await settledAnimations(page);
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (within) => {
    const { axe } = window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } };
    const results = await axe.run(document.querySelector(within)!);
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }, selector);
}

/** The sender names of the table's rows, top to bottom. */
async function rowNames(table: Locator): Promise<string[]> {
  return (await table.getByRole("rowheader").allTextContents()).map((name) => name.trim());
}

/** One column's numbers, top to bottom. */
async function columnNumbers(table: Locator, index: number): Promise<number[]> {
  const rows = await table.locator("tbody tr").all();
  return Promise.all(rows.map(async (row) => Number(await row.locator("td").nth(index).textContent())));
}

describe("Your senders in Chromium: sorting, and one-click unsubscribe from the demo mailbox", () => {
  let app: E2eApp;
  let page: Page;

  beforeAll(async () => {
    // The demo senders' one-click addresses lead to the emulator (127.0.0.1), let through as demo mode does.
    app = await startE2eApp({
      env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", UNSUBSCRIBE_ALLOWED_HOSTS: "127.0.0.1" },
      emulator: { quotaUnitsPerMinute: 0 },
    });
    // The demo mailbox's promotions all give deals: a newsletter that never does joins it (two issues), a sender with
    // no brand row.
    for (const [issue, daysAgo] of [[1, 6], [2, 2]] as const) {
      app.stack.emulator.addMessage("demo@example.com", newsletterWithoutDeals(app.stack.emulator.baseUrl, issue, daysAgo), ["INBOX", "CATEGORY_PROMOTIONS"]);
    }
    page = await app.newPage();
    await signUpInBrowser(page, app.stack, "demo@example.com");
    await waitForSync(app.stack, (await storedSession(page)).authToken!);
    // What two used deals saved, as the person records it ("Used it"): the list's money saved comes from these.
    const saved: Array<[brand: string, hundredths: number]> = [
      ["gearloft", 5000],
      ["slickrock", 2000],
    ];
    for (const [brand, hundredths] of saved) {
      await app.stack.server.db.query(
        `UPDATE deals SET status = 'used', saved_hundredths = $2, saved_currency = 'USD', saved_at = now()
         WHERE id = (SELECT d.id FROM deals d JOIN brands b ON b.id = d.brand_id WHERE b.domain LIKE $1 ORDER BY d.id LIMIT 1)`,
        [`%${brand}%`, hundredths],
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const table = () => page.getByRole("table", { name: "Your senders" });

  it("sorts by money saved first, then by mails a week when its header is pressed", async () => {
    await page.goto(`${app.stack.baseUrl}/settings`);
    await table().waitFor();
    const moneySaved = table().getByRole("columnheader", { name: /Money saved/ });
    await expect(moneySaved.getAttribute("aria-sort")).resolves.toBe("descending");
    const byMoney = await rowNames(table());
    expect(byMoney.slice(0, 2).map((name) => name.toLowerCase())).toEqual([expect.stringContaining("gearloft"), expect.stringContaining("slickrock")]);
    await expect(table().locator("tbody tr").first().textContent()).resolves.toContain("$50.00");

    await table().getByRole("button", { name: /Mails a week/ }).click();
    await expect(table().getByRole("columnheader", { name: /Mails a week/ }).getAttribute("aria-sort")).resolves.toBe("descending");
    await expect(moneySaved.getAttribute("aria-sort")).resolves.toBe("none");
    const perWeek = await columnNumbers(table(), 0);
    expect(perWeek.length).toBeGreaterThan(20);
    expect(perWeek).toEqual([...perWeek].sort((a, b) => b - a));
    // Brindlemart sends the most promotions; the newsletter's two at most tie with it, and a tie goes by name.
    expect((await rowNames(table()))[0]!.toLowerCase()).toContain("brindlemart");

    await table().getByRole("button", { name: /Deals found/ }).click();
    const found = await columnNumbers(table(), 1);
    expect(found).toEqual([...found].sort((a, b) => b - a));
  });

  it("unsubscribes from a one-click sender with one press and a confirmation; the emulator got one POST, without cookies", async () => {
    const row = table().locator("tbody tr").filter({ hasText: /Torqhaven/i });
    await row.getByRole("button", { name: /Unsubscribe from/ }).click();
    const dialog = page.getByRole("dialog", { name: /Unsubscribe from .*Torqhaven/i });
    await dialog.getByRole("button", { name: "Unsubscribe", exact: true }).click();
    await row.getByText(/^Unsubscribed /).waitFor();
    await expect(dialog.count()).resolves.toBe(0);

    expect(await recordedUnsubscribes(app)).toEqual([
      expect.objectContaining({ list: "torqhaven", body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded", cookie: false }),
    ]);

    // Its brand page says so too, after a reload: the server recorded it.
    await row.getByRole("link").click();
    await page.getByRole("heading", { name: "Does this sender pay off?" }).waitFor();
    await page.getByText(/^Unsubscribed /).waitFor();
  });

  it("offers a mailto: sender's address as a link the person opens, without sending anything", async () => {
    await page.goto(`${app.stack.baseUrl}/settings`);
    const link = table().locator("tbody tr").filter({ hasText: /Ambergloss/i }).getByRole("link", { name: /Unsubscribe by email from/ });
    await expect(link.getAttribute("href")).resolves.toMatch(/^mailto:unsubscribe-/);
    await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer");
  });

  it("lists a sender whose mail never gave a deal, with 0 deals and no brand page, and leaves its list with one click", async () => {
    await page.goto(`${app.stack.baseUrl}/settings`);
    const row = table().locator("tbody tr").filter({ hasText: NEWSLETTER_SENDER.name });
    await expect(row.getByRole("rowheader").textContent()).resolves.toBe(NEWSLETTER_SENDER.name);
    await expect(row.getByRole("rowheader").getByRole("link").count()).resolves.toBe(0);
    const cells = await row.getByRole("cell").allTextContents();
    expect(Number(cells[0])).toBeGreaterThan(0);
    expect(cells.slice(1, 4)).toEqual(["0", "0", "—"]);

    const before = (await recordedUnsubscribes(app)).length;
    await row.getByRole("button", { name: `Unsubscribe from ${NEWSLETTER_SENDER.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Unsubscribe from ${NEWSLETTER_SENDER.name}?` });
    await dialog.getByRole("button", { name: "Unsubscribe", exact: true }).click();
    await row.getByText(/^Unsubscribed /).waitFor();
    expect((await recordedUnsubscribes(app)).slice(before)).toEqual([expect.objectContaining({ list: NEWSLETTER_SENDER.list, body: "List-Unsubscribe=One-Click", cookie: false })]);
    // The server recorded it: a reload says so.
    await page.reload();
    await table().locator("tbody tr").filter({ hasText: NEWSLETTER_SENDER.name }).getByText(/^Unsubscribed /).waitFor();
  });

  it.each([
    ["light", 390],
    ["light", 1280],
    ["dark", 390],
    ["dark", 1280],
  ] as const)("in the %s scheme at %i px: the card and its question have no serious axe violation and the page does not scroll sideways", async (colorScheme, width) => {
    const other = await app.newPage({ colorScheme, bypassCSP: true, viewport: { width, height: 900 } });
    await signInInBrowser(other, app.stack, "demo@example.com");
    await other.goto(`${app.stack.baseUrl}/settings`);
    await other.getByRole("table", { name: "Your senders" }).waitFor();
    expect(await seriousViolations(other, "section[aria-labelledby='your-senders-title']")).toEqual([]);
    await expect(other.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await other.getByRole("button", { name: /Unsubscribe from .*Gearloft/i }).click();
    await other.getByRole("dialog").waitFor();
    expect(await seriousViolations(other, "dialog")).toEqual([]);
    await other.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  });
});
