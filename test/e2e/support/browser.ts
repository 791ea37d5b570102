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
  await page.waitForURL((url) => url.origin === urls.google);
  await page.getByRole("button", { name: account }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(`${urls.app}/dashboard`, { timeout: 30_000 });
}
