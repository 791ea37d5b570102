import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import type { Dashboard } from "../../src/domain/dashboard";
import { promoCodesOf } from "../../src/domain/deal";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import { SIGN_IN_CODE_SPENT } from "../../server/application/messages";
import { waitForSync } from "../server/support/stack";
import { wholeDashboard } from "../server/support/dashboard";
import { SCREENSHOTS_DIR, settledAnimations } from "./support/browser";
import { signUpInBrowser, startE2eApp, toast, type E2eApp } from "./support/app";

const FEEDBACK_FORM_URL = "https://forms.example.org/deal-finder-feedback";
const WIDTHS = [320, 390, 1280] as const;
const THEMES = ["light", "dark"] as const;
/** The header is one row of 4rem, plus its border. */
const HEADER_HEIGHT = 65;

const dealCount = (page: Page) => page.getByRole("region", { name: "Deals" }).getByRole("status");
const countText = (count: number) => (count === 1 ? "1 deal" : `${count} deals`);

/** The callback page's failure, by its alert. */
async function callbackFailure(page: Page): Promise<string | null> {
  const result = page.getByRole("region", { name: "Oops!" });
  await result.waitFor();
  return result.getByRole("alert").textContent();
}

/** Header and banner boxes, to check that the banner sits below the header and is one line. */
async function headerAndBanner(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header")!.getBoundingClientRect();
    const banner = document.querySelector('aside[aria-label="Feedback"]')?.getBoundingClientRect() ?? null;
    return { header: { bottom: header.bottom, height: header.height }, banner: banner && { top: banner.top, height: banner.height } };
  });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("the product's texts, the header menu and the safety nets", () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ env: { FEEDBACK_FORM_URL } });
  });

  afterAll(() => app?.close());

  /** A page at a width and in a theme, optionally with another page's stored session. */
  const pageAt = (width: number, theme: (typeof THEMES)[number], options: BrowserContextOptions = {}) =>
    app.newPage({ viewport: { width, height: width < 600 ? 740 : 900 }, colorScheme: theme, ...options });

  describe("as a visitor", () => {
    it("a callback whose sign-in code the server refuses shows the server's reason", async () => {
      const page = await app.newPage();
      await page.goto(app.stack.baseUrl);
      await page.evaluate(() => localStorage.setItem("oauth_state", "state-of-a-flow-this-browser-started"));
      await page.goto(`${app.stack.baseUrl}/oauth-callback?success=true&action=signin&tokens=not-a-real-code`);
      expect(await callbackFailure(page)).toBe(SIGN_IN_CODE_SPENT);
    });

    it("a callback whose sign-in completion fails without a reason says 'Failed to complete OAuth sign-in'", async () => {
      const page = await app.newPage();
      await page.route("**/api/auth/complete", (route) => route.fulfill({ status: 502, body: "Bad Gateway" }));
      await page.goto(app.stack.baseUrl);
      await page.evaluate(() => localStorage.setItem("oauth_state", "state-of-a-flow-this-browser-started"));
      await page.goto(`${app.stack.baseUrl}/oauth-callback?success=true&action=signin&tokens=a-code`);
      expect(await callbackFailure(page)).toBe("Failed to complete OAuth sign-in");
    });

    it("while a sign-in completes, the header offers no Login or Register to the person about to be signed in, and offers them again when it fails", async () => {
      const page = await app.newPage();
      let answer: (() => void) | null = null;
      await page.route("**/api/auth/complete", (route) => {
        answer = () => void route.fulfill({ status: 400, contentType: "application/json", body: '{"success":false,"error":"Spent"}' });
      });
      await page.goto(app.stack.baseUrl);
      await page.evaluate(() => localStorage.setItem("oauth_state", "state-of-a-flow-this-browser-started"));
      await page.goto(`${app.stack.baseUrl}/oauth-callback?success=true&action=signin&tokens=a-code`);
      await page.getByRole("heading", { name: "Completing Sign-In" }).waitFor();
      const header = page.getByRole("banner");
      await header.getByRole("link", { name: "Deal Finder" }).waitFor();
      expect(await header.getByRole("link", { name: "Login" }).count()).toBe(0);
      expect(await header.getByRole("link", { name: "Register" }).count()).toBe(0);
      await expect.poll(() => answer !== null).toBe(true);
      answer!();
      expect(await callbackFailure(page)).toBe("Spent");
      // Failed, the person is a visitor again: the header offers both, and the spent code has left the address.
      await header.getByRole("link", { name: "Login" }).waitFor();
      await header.getByRole("link", { name: "Register" }).waitFor();
      expect(page.url()).toBe(`${app.stack.baseUrl}/oauth-callback`);
    });

    it("gmail_connected when the profile cannot be fetched: 'Session expired. Please log in again.' on /login", async () => {
      const page = await app.newPage();
      await page.goto(`${app.stack.baseUrl}/oauth-callback?success=true&action=gmail_connected`);
      await page.getByRole("heading", { name: "Success!" }).waitFor();
      await page.getByRole("main").getByText("Your Gmail account has been successfully connected!").waitFor();
      await toast(page, "Gmail Connected").waitFor();
      await page.waitForURL(`${app.stack.baseUrl}/login`);
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(await page.getByRole("status").filter({ hasText: "Session expired" }).textContent()).toBe("Session expired. Please log in again.");
    });

    it("early access answered {success: false} without a message: 'Submission Failed' with its fallback text", async () => {
      const page = await app.newPage();
      await page.route("**/api/early-access", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false}' }));
      await page.goto(app.stack.baseUrl);
      const form = page.getByRole("form", { name: "Early access" });
      await form.getByLabel("Name").fill("Robin Reed");
      await form.getByLabel("Email").fill("robin@example.com");
      await form.getByLabel("How often do you shop online?").selectOption("weekly");
      await page.getByRole("button", { name: "Request Early Access" }).click();
      const refusal = toast(page, "Submission Failed");
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain("Failed to submit request. Please try again.");
      expect(await toast(page, "Network Error").count()).toBe(0);
    });

    it("under 520 px the guest header is one row and keeps Install Extension, in an accessible menu", async () => {
      const page = await pageAt(320, "light");
      await page.goto(app.stack.baseUrl);
      const header = page.getByRole("banner");
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(HEADER_HEIGHT);
      expect(await header.getByRole("link", { name: "Install Extension" }).isVisible()).toBe(false);

      const menu = header.getByRole("button", { name: "Menu" });
      await menu.click();
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      const panel = page.locator(`#${await menu.getAttribute("aria-controls")}`);
      const install = panel.getByRole("link", { name: "Install Extension" });
      expect(await install.isVisible()).toBe(true);
      expect(await install.getAttribute("href")).toBe("/extension");
      for (const name of ["Login", "Register"]) expect(await panel.getByRole("link", { name }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/spec-guest-menu-320.png` });

      // Tab goes through the items; Escape closes the menu and gives the focus back to its button.
      await page.keyboard.press("Tab");
      expect(await install.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press("ArrowDown");
      expect(await panel.getByRole("link", { name: "Login" }).evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press("Escape");
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
      await expectNoSidewaysScroll(page);
    });

    it.each(WIDTHS.flatMap((width) => THEMES.map((theme) => [width, theme] as const)))(
      "the landing page at %i px, %s: one-row header, hero buttons centred under the text",
      async (width, theme) => {
        const page = await pageAt(width, theme);
        await page.goto(app.stack.baseUrl);
        await page.getByRole("heading", { name: "Every deal in your inbox, in one place" }).waitFor();
        expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(HEADER_HEIGHT);
        const hero = (await page.locator("#hero-title").boundingBox())!;
        const buttons = await Promise.all(
          ["Get started with Google", "See how it works"].map(async (name) => (await page.getByRole("main").getByRole("link", { name }).boundingBox())!),
        );
        // Side by side, the pair is centred under the title; stacked, each button is.
        const lines = [...new Set(buttons.map((box) => Math.round(box.y)))].map((top) => buttons.filter((box) => Math.round(box.y) === top));
        for (const line of lines) {
          const centre = (Math.min(...line.map((box) => box.x)) + Math.max(...line.map((box) => box.x + box.width))) / 2;
          expect(Math.abs(centre - (hero.x + hero.width / 2))).toBeLessThanOrEqual(2);
        }
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: `${SCREENSHOTS_DIR}/spec-landing-${width}-${theme}.png` });
      },
    );
  });

  describe("as a signed-in person", () => {
    let page: Page;
    let token: string;
    let dashboard: Dashboard;
    let storageState: BrowserContextOptions["storageState"];

    beforeAll(async () => {
      page = await app.newPage();
      await signUpInBrowser(page, app.stack, "demo@example.com");
      token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
      await waitForSync(app.stack, token);
      dashboard = await wholeDashboard(app.stack, token);
      storageState = await page.context().storageState();
    });

    it("the search box's promise holds: a promo code finds its deal", async () => {
      // A code that no title, description, brand, domain or category gives away: only a search of codes finds it.
      const deal = dashboard.deals.find((candidate) =>
        promoCodesOf(candidate).some((code) =>
          [candidate.title, candidate.description, candidate.brand, candidate.brandDomain, candidate.category].every(
            (text) => !text.toLowerCase().includes(code.toLowerCase()),
          ),
        ),
      );
      expect(deal, "the demo mailbox has a deal whose code appears nowhere else").toBeDefined();
      const code = promoCodesOf(deal!).find((candidate) => !deal!.title.toLowerCase().includes(candidate.toLowerCase()))!;
      await page.goto(`${app.stack.baseUrl}/dashboard`);
      const search = page.getByRole("searchbox", { name: "Search deals" });
      expect(await search.getAttribute("placeholder")).toBe("Search promotions, brands, or codes...");
      await search.fill(code.toLowerCase());
      const expected = filterDeals(dashboard.deals, { ...NO_FILTERS, search: code.toLowerCase() }, new Date());
      expect(expected.map((found) => found.id)).toContain(deal!.id);
      await dealCount(page).filter({ hasText: countText(expected.length) }).waitFor();
      await page.getByRole("article").filter({ hasText: deal!.title }).first().waitFor();
    });

    it.each(WIDTHS.flatMap((width) => THEMES.map((theme) => [width, theme] as const)))(
      "the dashboard at %i px, %s: the feedback banner is one line below the one-row header",
      async (width, theme) => {
        const other = await pageAt(width, theme, { storageState });
        await other.goto(`${app.stack.baseUrl}/dashboard`);
        const link = other.getByRole("link", { name: "Share your feedback" });
        await link.waitFor();
        expect(await link.getAttribute("href")).toBe(FEEDBACK_FORM_URL);
        await other.mouse.wheel(0, 600);
        // Until the scroll has landed and painted: a screenshot in between once showed the page half drawn.
        await other.waitForFunction(() => window.scrollY > 0);
        await settledAnimations(other);
        const boxes = await headerAndBanner(other);
        expect(boxes.header.height).toBeLessThanOrEqual(HEADER_HEIGHT);
        expect(boxes.banner!.top).toBeGreaterThanOrEqual(boxes.header.bottom - 1);
        // One line of text, with the dismiss button's 44 px target.
        expect(boxes.banner!.height).toBeLessThanOrEqual(46);
        await expectNoSidewaysScroll(other);
        await other.screenshot({ path: `${SCREENSHOTS_DIR}/spec-dashboard-${width}-${theme}.png` });
        await other.context().close();
      },
    );

    it("a closed feedback banner stays closed on later visits", async () => {
      const other = await pageAt(1280, "light", { storageState });
      await other.goto(`${app.stack.baseUrl}/dashboard`);
      await other.getByRole("button", { name: "Dismiss feedback banner" }).click();
      await other.reload();
      await other.getByRole("heading", { level: 1 }).waitFor();
      await dealCount(other).waitFor();
      expect(await other.getByRole("complementary", { name: "Feedback" }).count()).toBe(0);
      await other.context().close();
    });

    it("under 520 px the signed-in header keeps Install Extension, in the user menu", async () => {
      const other = await pageAt(320, "dark", { storageState });
      await other.goto(`${app.stack.baseUrl}/dashboard`);
      const trigger = other.getByRole("button", { name: /^Account menu for/ });
      await trigger.click();
      const panel = other.locator(`#${await trigger.getAttribute("aria-controls")}`);
      expect(await panel.getByRole("link", { name: "Install Extension" }).isVisible()).toBe(true);
      await other.screenshot({ path: `${SCREENSHOTS_DIR}/spec-user-menu-320-dark.png` });
      await other.keyboard.press("Escape");
      expect(await trigger.evaluate((button) => button === document.activeElement)).toBe(true);
      await other.context().close();
    });

    it("a dashboard that cannot load says so at the first failure, once", async () => {
      const other = await pageAt(1280, "light", { storageState });
      // Only the first request is answered (with a failure); the cache's retries (1, 2 and 4 s later) are left
      // unanswered, so the error can show only if it is shown at the first failure, however loaded the machine.
      let answered = false;
      await other.route("**/api/dashboard-products**", async (route) => {
        if (answered) return;
        answered = true;
        await route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"code":"internal_error","message":"Down"}' });
      });
      await other.goto(`${app.stack.baseUrl}/dashboard`);
      await other.getByRole("heading", { name: "Error Loading Dashboard" }).waitFor({ timeout: 10_000 });
      expect(await toast(other, "Request failed").count()).toBe(0);
      await other.context().close();
    });

    it.each(WIDTHS.flatMap((width) => THEMES.map((theme) => [width, theme] as const)))("the settings page at %i px, %s", async (width, theme) => {
      const other = await pageAt(width, theme, { storageState });
      await other.goto(`${app.stack.baseUrl}/settings`);
      await other.getByRole("button", { name: "Disconnect" }).waitFor();
      await expectNoSidewaysScroll(other);
      if (width === 1280) {
        // Side by side, the two first cards end together and neither is mostly empty.
        const heights = await other.evaluate(() =>
          ["gmail-connection-title", "account-settings-title"].map((id) => {
            const card = document.getElementById(id)!.closest("section")!;
            const last = [...card.querySelectorAll(":scope > *")].at(-1)!.getBoundingClientRect();
            return { card: card.getBoundingClientRect().height, empty: card.getBoundingClientRect().bottom - last.bottom };
          }),
        );
        expect(Math.abs(heights[0]!.card - heights[1]!.card)).toBeLessThanOrEqual(1);
        for (const { empty } of heights) expect(empty).toBeLessThan(80);
      }
      await other.screenshot({ path: `${SCREENSHOTS_DIR}/spec-settings-${width}-${theme}.png`, fullPage: true });
      await other.context().close();
    });

    it("an expired session is titled 'Your session has expired'", async () => {
      const other = await pageAt(1280, "light", { storageState });
      await other.goto(`${app.stack.baseUrl}/dashboard`);
      await dealCount(other).waitFor();
      await other.evaluate(() => {
        localStorage.setItem("authToken", "no-longer-valid");
        localStorage.setItem("refreshToken", "no-longer-valid");
      });
      await other.getByRole("button", { name: "Refresh" }).click();
      const expired = toast(other, "Your session has expired");
      await expired.waitFor();
      await other.waitForURL(`${app.stack.baseUrl}/login`);
      expect(await toast(other, "Request failed").count()).toBe(0);
      await other.context().close();
    });

    it("Disconnect Gmail asks first, in an accessible dialog", async () => {
      await page.goto(`${app.stack.baseUrl}/settings`);
      const disconnect = page.getByRole("button", { name: "Disconnect", exact: true });
      await disconnect.click();
      const dialog = page.getByRole("dialog", { name: "Disconnect Gmail?" });
      await dialog.waitFor();
      expect(await dialog.getAttribute("aria-describedby")).toBeTruthy();
      expect(await dialog.getByRole("button", { name: "Cancel" }).evaluate((button) => button === document.activeElement)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/spec-disconnect-dialog.png` });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await disconnect.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await page.getByText("Connected", { exact: true }).isVisible()).toBe(true);

      await disconnect.click();
      await dialog.getByRole("button", { name: "Disconnect Gmail" }).click();
      await page.getByText("Not Connected", { exact: true }).waitFor();
    });

    it("after deleting the account the person lands on the landing page, with a confirmation toast", async () => {
      await page.goto(`${app.stack.baseUrl}/settings`);
      await page.getByRole("button", { name: "Delete Account" }).click();
      await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click();
      await toast(page, "Account deleted").waitFor();
      await page.getByRole("heading", { name: "Every deal in your inbox, in one place" }).waitFor();
      // Requests that were on their way when the session ended must not send the person to the login page.
      await page.waitForTimeout(4_000);
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await page.getByRole("heading", { name: "Welcome Back" }).count()).toBe(0);
    });
  });
});
