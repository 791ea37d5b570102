import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const SCREENSHOTS_DIR = "test-results";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Without the background-networking flags, Chromium's own connections are refused by this closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
] as const;

/**
 * Waits until every CSS transition and finite animation on the page has finished: after a theme switch, buttons ease their
 * background for 120 ms, and a screenshot or a contrast check taken at once sees the new text on the old background.
 * Two frames go by first, because an emulated colour scheme reaches the page's styles (and starts their transitions) only
 * at its next frame; a transition that ends may start another, so it waits until none is left.
 */
export async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 10; round++) {
      // A spinner's animation never ends; only those that do are waited for.
      const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (ending.length === 0) return;
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** Debian's Chromium, headless, with the flags this closed network needs (TOOLCHAIN.md); Playwright gives it a fresh profile. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}

/** Registers in the app with Google: the emulator's account chooser and consent, then the dashboard. */
export async function registerWithGoogle(page: Page, urls: { app: string; google: string }, account: string): Promise<void> {
  await page.goto(urls.app);
  await page.getByRole("link", { name: "Register" }).first().click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  // Sign-up first says what is read and kept (docs/product.md, "Login and Register").
  await page.getByRole("button", { name: "Continue to Google" }).click();
  await page.waitForURL((url) => url.origin === urls.google);
  await page.getByRole("button", { name: account }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(`${urls.app}/dashboard`, { timeout: 30_000 });
}
