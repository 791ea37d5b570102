import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { AxeResults } from "axe-core";
import { ExtensionTokensCodec, PairingCodeCodec } from "../../src/contract";
import { api, decode, signInWithGoogle, type Stack } from "../server/support/stack";
import { createAccount, signInInBrowser, startE2eApp, storedSession, type E2eApp } from "./support/app";
import { SCREENSHOTS_DIR, settledAnimations } from "./support/browser";

const ACCOUNT = "new.user@example.com";
const QUESTION = "Log out of Deal Finder?";
const CHOICE = "Also sign out the browser extension";
const EXTENSION_SIGNED_OUT = "The extension is signed out too: it stops showing your codes at checkouts until you connect it again.";
const EXTENSION_STAYS = "The extension stays signed in and keeps showing your codes at checkouts. You can disconnect it later in Settings.";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe over the page as Chromium lays it out (contrast included): the serious and critical violations within `selector`. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (within) => {
    const { axe } = window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } };
    const results = await axe.run(document.querySelector(within)!);
    return results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(" ")) }));
  }, selector);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.targets.join(", ")}`);
}

/** Pairs an extension from the web session of this access token, as the /extension page and the extension do. */
async function pairExtension(stack: Stack, userToken: string) {
  const { code } = decode(PairingCodeCodec, (await api(stack, "POST", "/extension/pairing-codes", { token: userToken })).body);
  return decode(ExtensionTokensCodec, (await api(stack, "POST", "/extension/sessions", { body: { code } })).body);
}

const codesStatus = async (stack: Stack, extensionToken: string) => (await api(stack, "GET", "/extension/codes", { token: extensionToken })).status;

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { tag: element?.tagName, type: element?.getAttribute("type"), text: element?.textContent, outline: element ? getComputedStyle(element).outlineStyle : null };
  });

describe("Logout with a browser extension paired from this browser", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await createAccount(app.stack, ACCOUNT);
  });

  afterAll(() => app?.close());

  /** Signed in in the browser, with an extension paired from that browser's session. */
  async function signedInWithExtension(page: Page) {
    await signInInBrowser(page, app.stack, ACCOUNT);
    const { authToken } = await storedSession(page);
    return { authToken: authToken!, extension: await pairExtension(app.stack, authToken!) };
  }

  /** From the account menu's button, by keyboard: Enter opens the menu, Tab Tab reaches Logout, Enter takes it. */
  async function logoutByKeyboard(page: Page) {
    const trigger = page.getByRole("button", { name: "Account menu for New User" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect((await activeElement(page)).text).toBe("Logout");
    await page.keyboard.press("Enter");
    return trigger;
  }

  it("asks by keyboard, signs the extension out by default, and nothing of another browser's", async () => {
    const { stack } = app;
    const elsewhere = await signInWithGoogle(stack, "/google-signin", { account: ACCOUNT });
    const otherBrowsersExtension = await pairExtension(stack, elsewhere.access_token);
    const page = await app.newPage();
    const { authToken, extension } = await signedInWithExtension(page);

    const trigger = await logoutByKeyboard(page);
    const dialog = page.getByRole("dialog", { name: QUESTION });
    await dialog.waitFor();
    const choice = dialog.getByRole("checkbox", { name: CHOICE });
    expect(await choice.isChecked()).toBe(true);
    // Focus starts on the question, visibly.
    expect(await activeElement(page)).toMatchObject({ tag: "INPUT", type: "checkbox", outline: "solid" });
    expect(await dialog.getByText(EXTENSION_SIGNED_OUT).isVisible()).toBe(true);
    await settledAnimations(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/sign-out-question-keyboard-1280.png` });

    // Escape keeps everything as it was, and gives focus back to the menu's button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await storedSession(page)).authToken).toBe(authToken);
    expect(await codesStatus(stack, extension.accessToken)).toBe(200);

    await logoutByKeyboard(page);
    await dialog.waitFor();
    // Space changes the answer, and the sentence says what will happen now; again, and it is back to yes.
    await page.keyboard.press("Space");
    expect(await choice.isChecked()).toBe(false);
    await dialog.getByText(EXTENSION_STAYS).waitFor();
    await page.keyboard.press("Space");
    expect(await choice.isChecked()).toBe(true);
    await dialog.getByText(EXTENSION_SIGNED_OUT).waitFor();
    await page.keyboard.press("Tab");
    expect(await activeElement(page)).toMatchObject({ tag: "BUTTON", text: "Cancel", outline: "solid" });
    await page.keyboard.press("Tab");
    expect(await activeElement(page)).toMatchObject({ tag: "BUTTON", text: "Log out", outline: "solid" });
    // The page below is inert: Tab from the dialog's last control goes out to the browser's own controls (the document
    // keeps no focused element), and the next Tab comes back to the dialog's first, never to the page below.
    await page.keyboard.press("Tab");
    expect((await activeElement(page)).tag).toBe("BODY");
    await page.keyboard.press("Tab");
    expect(await activeElement(page)).toMatchObject({ tag: "INPUT", type: "checkbox" });
    await page.keyboard.press("Shift+Tab");
    expect(await activeElement(page)).toMatchObject({ tag: "BUTTON", text: "Log out" });
    await page.keyboard.press("Enter");

    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByRole("link", { name: "Login" }).waitFor();
    expect(await storedSession(page)).toEqual({ authToken: null, refreshToken: null, user: null });
    expect((await api(stack, "GET", "/auth/me", { token: authToken })).status).toBe(401);
    expect(await codesStatus(stack, extension.accessToken)).toBe(401);
    expect((await api(stack, "POST", "/extension/sessions/refresh", { body: { refreshToken: extension.refreshToken } })).status).toBe(401);
    // The extension paired from another browser, and that browser's session, go on.
    expect(await codesStatus(stack, otherBrowsersExtension.accessToken)).toBe(200);
    expect((await api(stack, "GET", "/auth/me", { token: elsewhere.access_token })).status).toBe(200);
  });

  it("keeps the extension signed in when the box is unticked", async () => {
    const { stack } = app;
    const page = await app.newPage();
    const { authToken, extension } = await signedInWithExtension(page);
    await logoutByKeyboard(page);
    const dialog = page.getByRole("dialog", { name: QUESTION });
    await dialog.waitFor();
    await page.keyboard.press("Space");
    await dialog.getByText(EXTENSION_STAYS).waitFor();
    await dialog.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect((await api(stack, "GET", "/auth/me", { token: authToken })).status).toBe(401);
    expect(await codesStatus(stack, extension.accessToken)).toBe(200);
  });

  describe.each(["light", "dark"] as const)("in the %s colour scheme", (colorScheme) => {
    it.each([390, 1280])("at %i px: the question fits, passes axe (contrast included) and is saved as a screenshot", async (width) => {
      // The server's content security policy forbids inline scripts, and axe is injected as one.
      const page = await app.newPage({ colorScheme, viewport: { width, height: width < 500 ? 844 : 900 }, bypassCSP: true });
      await signedInWithExtension(page);
      await page.getByRole("button", { name: "Account menu for New User" }).click();
      await page.getByRole("button", { name: "Logout" }).click();
      const dialog = page.getByRole("dialog", { name: QUESTION });
      await dialog.waitFor();
      await settledAnimations(page);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      for (const control of [dialog.getByRole("checkbox", { name: CHOICE }), dialog.getByRole("button", { name: "Cancel" }), dialog.getByRole("button", { name: "Log out" })]) {
        const target = (await control.boundingBox())!;
        expect(target.height).toBeGreaterThanOrEqual(20);
        expect(target.x + target.width).toBeLessThanOrEqual(box.x + box.width);
      }
      expect(await seriousViolations(page, "dialog")).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/sign-out-question-${colorScheme}-${width}.png` });
    });
  });
});
