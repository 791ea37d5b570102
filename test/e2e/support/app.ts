import { resolve } from "node:path";
import { expect } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { runGoogleFlow, startStack, type Stack, type StackOptions } from "../../server/support/stack";
import { launchChromium } from "./browser";

/** The built SPA served by the real server with its own Google emulator, and a Chromium to open it in. */
export interface E2eApp {
  stack: Stack;
  browser: Browser;
  /** A page in a fresh browser profile (its own storage), 1280 x 900 unless told otherwise. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Stops the server and its emulator, leaving the browser and its pages open. */
  stopServer(): Promise<void>;
  /** Stops everything; safe after stopServer. */
  close(): Promise<void>;
}

export async function startE2eApp(options: Omit<StackOptions, "staticDir"> = {}): Promise<E2eApp> {
  const stack = await startStack({ ...options, staticDir: resolve("dist") });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  let stopping: Promise<void> | null = null;
  const stopServer = () => (stopping ??= stack.close());
  return {
    stack,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      contexts.push(context);
      return context.newPage();
    },
    stopServer,
    async close() {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
      await stopServer();
    },
  };
}

export type ConsentDecision = "Allow" | "Cancel";

/** On the emulator's Google pages: picks the account, then answers the consent page. */
export async function answerGoogle(page: Page, stack: Stack, account: string, decision: ConsentDecision = "Allow"): Promise<void> {
  await page.waitForURL((url) => url.origin === stack.emulator.baseUrl);
  await page.getByRole("button", { name: account }).click();
  await page.getByRole("button", { name: decision }).click();
}

/**
 * Leaves /login (or /register) for Google with the page's 'Continue with Google' button and answers there. /register
 * first says what is read and kept, and goes on with 'Continue to Google'.
 */
export async function continueWithGoogle(page: Page, stack: Stack, account: string, decision: ConsentDecision = "Allow"): Promise<void> {
  await leaveForGoogle(page);
  await answerGoogle(page, stack, account, decision);
}

/** Presses /login's or /register's 'Continue with Google', and on /register its explanation's 'Continue to Google'. */
export async function leaveForGoogle(page: Page): Promise<void> {
  const onRegister = new URL(page.url()).pathname === "/register";
  await page.getByRole("button", { name: "Continue with Google" }).click();
  if (onRegister) await page.getByRole("button", { name: "Continue to Google" }).click();
}

export async function signUpInBrowser(page: Page, stack: Stack, account: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/register`);
  await continueWithGoogle(page, stack, account);
  await page.waitForURL(`${stack.baseUrl}/dashboard`, { timeout: 30_000 });
}

export async function signInInBrowser(page: Page, stack: Stack, account: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/login`);
  await continueWithGoogle(page, stack, account);
  await page.waitForURL(`${stack.baseUrl}/dashboard`, { timeout: 30_000 });
}

/** Creates a Deal Finder account (without Gmail access) the way the server does on a Google sign-up. */
export async function createAccount(stack: Stack, account: string): Promise<void> {
  const landing = await runGoogleFlow(stack, "/google-signup", { account });
  expect(landing.searchParams.get("action")).toBe("signup");
}

export interface StoredSession {
  authToken: string | null;
  refreshToken: string | null;
  user: { email: string } | null;
}

/** What the SPA keeps in localStorage under its keys (docs/product.md, "Browser storage"). */
export async function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate(() => {
    const user = localStorage.getItem("user");
    return {
      authToken: localStorage.getItem("authToken"),
      refreshToken: localStorage.getItem("refreshToken"),
      user: user ? (JSON.parse(user) as { email: string }) : null,
    };
  });
}

/** Waits until a stored access token is past its `exp` claim, so the server refuses it. */
export async function waitUntilExpired(accessToken: string): Promise<void> {
  const payload = JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { exp: number };
  const wait = payload.exp * 1000 + 500 - Date.now();
  if (wait > 0) await new Promise((done) => setTimeout(done, wait));
}

/** Every path the page's main frame showed, including the SPA's own history changes. */
export function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/** The one toast shown (the toast area shows one at a time), by its title. */
export function toast(page: Page, title: string) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("listitem").filter({ hasText: title });
}
