import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signUpInBrowser, startE2eApp, type E2eApp } from "./support/app";

/** The prerendered public pages: their main heading, a sentence of their text, and the status they answer with. */
const PUBLIC_PAGES = [
  { path: "/", heading: "Every deal in your inbox, in one place", text: "Deal Finder scans your Gmail Promotions, read-only", status: 200 },
  { path: "/login", heading: "Welcome Back", text: "Sign in with the Google account you used to sign up.", status: 200 },
  { path: "/register", heading: "Create your account", text: "allow read-only access to your Gmail Promotions", status: 200 },
  { path: "/privacy", heading: "Privacy and Cookie Policy", text: "We never sell your personal information", status: 200 },
  { path: "/terms", heading: "Terms of Service", text: "You must be at least 18 years old", status: 200 },
  { path: "/no-such-page", heading: "Page Not Found", text: "The page you are looking for does not exist or has moved.", status: 404 },
];

/** Class names in the page that no loaded stylesheet defines: a prerendered page must arrive fully styled. */
function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defined = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.([\w-]+)/g)) defined.add(match[1]!);
        if ("cssRules" in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const used = new Set([...document.querySelectorAll("[class]")].flatMap((element) => [...element.classList]));
    return [...used].filter((name) => !defined.has(name));
  });
}

describe("the public pages", () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp();
  });
  afterAll(() => app?.close());

  it.each(PUBLIC_PAGES)("$path shows its heading, text and styles with JavaScript off", async ({ path, heading, text, status }) => {
    const page = await app.newPage({ javaScriptEnabled: false });
    const answer = await page.goto(`${app.stack.baseUrl}${path}`);
    expect(answer?.status()).toBe(status);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 5_000 });
    expect(await page.locator("main").innerText()).toContain(text);
    expect(await page.getByText("needs JavaScript").count()).toBe(0);
    expect(await unstyledClasses(page)).toEqual([]);
    await page.close();
  });

  it.each(PUBLIC_PAGES)("$path is hydrated in place, with nothing logged", async ({ path, heading, status }) => {
    const page = await app.newPage();
    const url = `${app.stack.baseUrl}${path}`;
    const problems: string[] = [];
    page.on("console", (message) => {
      // Chromium logs a page's own 404 status as an error; that one is meant.
      const ownStatus = status !== 200 && message.location().url === url && message.text().includes(`status of ${status}`);
      if ((message.type() === "error" || message.type() === "warning") && !ownStatus) problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    // Counts prerendered headings removed from the page: React hydrating keeps them, rendering afresh replaces them.
    await page.addInitScript(() => {
      const removed = { headings: 0 };
      (window as unknown as { removedHeadings: typeof removed }).removedHeadings = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.matches("h1") || node.querySelector("h1"))) removed.headings++;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: "networkidle" });

    // Hydrated: the Register link navigates inside the same document, which only the app's JavaScript does.
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await page.evaluate(() => ((window as unknown as { beforeNavigation: boolean }).beforeNavigation = true));
    await page.getByRole("link", { name: "Register" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/register");
    expect(await page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation)).toBe(true);

    // The only heading removed is the one the navigation replaced (none when already on /register).
    const removed = await page.evaluate(() => (window as unknown as { removedHeadings: { headings: number } }).removedHeadings.headings);
    expect(removed).toBe(path === "/register" ? 0 : 1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends a signed-in person from the guest pages to the dashboard before the guest's page shows", async () => {
    const page = await app.newPage();
    await signUpInBrowser(page, app.stack, "new.user@example.com");
    // In every document: a guest heading in a page that could show it is written down at once, in storage that
    // outlives the document (a report sent later could be lost as the document goes).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.querySelector("h1");
        if (heading && location.pathname !== "/dashboard" && document.documentElement.style.visibility !== "hidden") {
          sessionStorage.setItem("guestHeadingShown", `${location.pathname}: ${heading.textContent}`);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ["/", "/login", "/register"]) {
      await page.goto(`${app.stack.baseUrl}${path}`);
      await page.waitForURL(`${app.stack.baseUrl}/dashboard`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      // The dashboard is a document of its own, loaded in place of the guest's, not a page the app moved to.
      const loaded = await page.evaluate(() => new URL(performance.getEntriesByType("navigation")[0]!.name).pathname);
      expect(loaded).toBe("/dashboard");
      expect(await page.evaluate(() => sessionStorage.getItem("guestHeadingShown"))).toBeNull();
    }
    await page.close();
  });
});
