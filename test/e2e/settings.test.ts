import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { startStack, type Stack } from "../server/support/stack";
import { launchChromium, SCREENSHOTS_DIR, settledAnimations } from "./support/browser";
import { leaveForGoogle } from "./support/app";

const ACCOUNT = "demo@example.com";
/** The emulator's words for the Gmail scope's checkbox on its consent page. */
const GMAIL_SCOPE_LABEL = "View your email messages and settings";

/** Picks the account on the emulator's Google pages and answers its consent page, unticking Gmail if asked. */
async function throughGoogle(page: Page, stack: Stack, options: { declineGmail?: boolean } = {}): Promise<void> {
  await page.waitForURL((url) => url.origin === stack.emulator.baseUrl);
  await page.getByRole("button", { name: ACCOUNT }).click();
  const allow = page.getByRole("button", { name: "Allow" });
  await allow.waitFor();
  if (options.declineGmail) await page.getByLabel(GMAIL_SCOPE_LABEL).uncheck();
  await allow.click();
}

/** Serious or critical axe violations on the page, contrast included (real layout, unlike the jsdom story check). */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the app's Content-Security-Policy rightly refuses injected script tags.
  await settledAnimations(page);
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Element) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }> }> } }).axe;
    const { violations } = await axe.run(document.body);
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(", ")}`);
  });
}

function panel(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

describe("settings in Chromium, against the real server and the Google emulator", () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A Gmail quota of 2 messages a second makes the first sync last about 20 s, long enough to watch its progress.
    stack = await startStack({ staticDir: resolve("dist"), env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "2400" } });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("signs up with Google without Gmail, then connects Gmail from settings and watches the sync complete", async () => {
    await page.goto(`${stack.baseUrl}/register`);
    await leaveForGoogle(page);
    await throughGoogle(page, stack, { declineGmail: true });
    await page.waitForURL(`${stack.baseUrl}/dashboard`, { timeout: 30_000 });

    await page.goto(`${stack.baseUrl}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByText("Manage your account preferences and settings").waitFor();
    const card = panel(page, "Gmail Connection");
    await card.getByText("Not Connected", { exact: true }).waitFor();
    await panel(page, "Gmail Labels").getByText("Gmail is not connected. Please connect your Gmail account to manage labels.").waitFor();
    await panel(page, "Brand Settings").getByText("No brands found").waitFor();

    await card.getByRole("button", { name: "Connect Gmail" }).click();
    // What is read and kept comes first, as at sign-up; Google's page only after "Continue to Google".
    const consent = page.getByRole("dialog", { name: "Before you go to Google" });
    await consent.getByText(/Only the emails in your Gmail Promotions, read-only/).waitFor();
    await consent.getByRole("button", { name: "Continue to Google" }).click();
    await throughGoogle(page, stack);
    await page.waitForURL(`${stack.baseUrl}/dashboard`, { timeout: 30_000 });

    await page.goto(`${stack.baseUrl}/settings`);
    await card.getByText("Connected", { exact: true }).waitFor();
    await expect(card.getByText(ACCOUNT).isVisible()).resolves.toBe(true);
    // The sync the connection started is still running: its bar shows how far it is.
    const bar = card.getByRole("progressbar", { name: "Sync progress" });
    await bar.waitFor({ timeout: 15_000 });
    const total = Number(await bar.getAttribute("aria-valuemax"));
    expect(total).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/settings-syncing.png` });
    await card.getByText(/^Sync completed: \d+ new deals?/).waitFor({ timeout: 60_000 });
    await bar.waitFor({ state: "detached" });
    await expect(card.getByText("Never").count()).resolves.toBe(0);
    await expect(card.getByRole("button", { name: "Sync Now" }).isEnabled()).resolves.toBe(true);
    await panel(page, "Gmail Labels").getByText(/^Currently monitoring: [1-9]\d* label\(s\)$/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/settings.png`, fullPage: true });
  });

  it("has no serious accessibility violation, contrast included, in the light and the dark theme", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await panel(page, "Gmail Connection").getByText(/^Sync completed/).waitFor();
      expect(await seriousAxeViolations(page), colorScheme).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/settings-${colorScheme}.png` });
    }
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("toggles a brand, and finds its state kept after a reload", async () => {
    const brands = panel(page, "Brand Settings");
    const first = brands.getByRole("switch").first();
    await first.waitFor();
    const name = (await brands.locator(`[id="${await first.getAttribute("aria-labelledby")}"]`).textContent())!;
    const before = await first.getAttribute("aria-checked");
    const toggle = brands.getByRole("switch", { name, exact: true });
    await toggle.click();
    const after = before === "true" ? "false" : "true";
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe(after);
    await expect.poll(() => toggle.isEnabled()).toBe(true);

    await brands.getByPlaceholder("Search brands by name or domain...").fill(name.slice(1, 4).toUpperCase());
    await expect.poll(() => brands.getByRole("switch", { name, exact: true }).count()).toBe(1);
    await brands.getByPlaceholder("Search brands by name or domain...").fill("no brand is called this");
    await brands.getByText("No brands match your search").waitFor();

    await page.reload();
    await expect.poll(() => panel(page, "Brand Settings").getByRole("switch", { name, exact: true }).getAttribute("aria-checked")).toBe(after);
  });

  it("disconnects Gmail, once confirmed", async () => {
    const card = panel(page, "Gmail Connection");
    await card.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("dialog", { name: "Disconnect Gmail?" }).getByRole("button", { name: "Disconnect Gmail" }).click();
    await card.getByText("Not Connected", { exact: true }).waitFor();
    await expect(card.getByRole("button", { name: "Connect Gmail" }).isVisible()).resolves.toBe(true);
    await panel(page, "Gmail Labels").getByText("Gmail is not connected. Please connect your Gmail account to manage labels.").waitFor();
  });

  it("fits a 375 px phone", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await panel(page, "Brand Settings").getByRole("switch").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/settings-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("deletes the account after a confirmation, ends signed out, and Google sign-in then finds no user", async () => {
    const account = panel(page, "Account Settings");
    await account.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await expect(dialog.getByRole("button", { name: "Cancel" }).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    // A modal dialog: Tab never reaches a control behind it.
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press("Tab");
      const outside = await page.evaluate(() => {
        const focused = document.activeElement;
        return focused !== null && focused !== document.body && !focused.closest("dialog") ? focused.outerHTML : null;
      });
      expect(outside).toBeNull();
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await account.getByRole("button", { name: "Delete Account" }).click();
    await dialog.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/settings-delete-dialog.png` });
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByText(/^Your account and all its data were deleted/).waitFor();
    await expect(page.getByRole("link", { name: "Login" }).first().isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem("authToken"))).resolves.toBeNull();

    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.origin === stack.emulator.baseUrl);
    await page.getByRole("button", { name: ACCOUNT }).click();
    const allow = page.getByRole("button", { name: "Allow" });
    await Promise.race([allow.click(), page.waitForURL((url) => url.pathname === "/oauth-callback")]);
    await page.waitForURL((url) => url.pathname === "/oauth-callback");
    expect(new URL(page.url()).searchParams.get("error")).toBe("user_not_found");
    await page.getByText("User not found. Please try signing up instead.").waitFor();
  });
});
