import { mkdirSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const SCREENSHOTS_DIR = "test-results";

/** Debian's Chromium, headless, with the flags this closed network needs (TOOLCHAIN.md); Playwright gives it a fresh profile. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
