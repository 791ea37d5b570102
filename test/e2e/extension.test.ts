import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type BrowserContext, type Page, type Worker } from "playwright-core";
import type { AxeResults } from "axe-core";
import { startDemoStore, type DemoStoreServer } from "../../demo-store/server";
import { demoHosts } from "../../demo-store/stores";
import { buildExtension } from "../../extension/build";
import { api, startStack, waitForSync, type Stack } from "../server/support/stack";
import { CHROMIUM_ARGS, CHROMIUM_PATH, registerWithGoogle, SCREENSHOTS_DIR } from "./support/browser";

/** The panel, inside its shadow root (Playwright's role queries pierce open shadow roots). */
const panel = (page: Page) => page.getByRole("dialog", { name: "Deal Finder" });
const panelStatus = (page: Page) => panel(page).getByRole("status");
/** The panel's line for one code. */
const codeRow = (page: Page, code: string) => panel(page).getByRole("listitem").filter({ has: page.locator("code", { hasText: new RegExp(`^${code}$`) }) });

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe over the panel (its shadow root included) as Chromium lays it out, so colour contrast is checked: serious and critical violations. */
async function panelViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } };
    const results = await axe.run(document.querySelector("deal-finder-panel")!);
    return results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => JSON.stringify(node.target)) }));
  });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${violation.targets.join(", ")}`);
}

describe("the browser extension in Chromium, on the demo store's checkouts", () => {
  let stack: Stack;
  let store: DemoStoreServer;
  let context: BrowserContext;
  let worker: Worker;
  let token: string;
  let extensionDir: string;
  let profileDir: string;
  /** Every request the Deal Finder server received: its path and headers. */
  const serverRequests: string[] = [];

  /** The badge text the extension set on the active tab. */
  const badgeOf = (page: Page) =>
    page.bringToFront().then(() =>
      worker.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
        return (chrome.action as unknown as { getBadgeText(details: { tabId?: number }): Promise<string> }).getBadgeText({ tabId: tab?.id });
      }),
    );

  const openCheckout = async (domain: string) => {
    const page = await context.newPage();
    await page.goto(store.checkoutUrl(domain));
    return page;
  };

  beforeAll(async () => {
    store = await startDemoStore();
    stack = await startStack({ staticDir: resolve("dist") });
    stack.server.app.server.on("request", (request) => serverRequests.push(`${request.url} ${JSON.stringify(request.headers)}`));
    extensionDir = mkdtempSync(join(tmpdir(), "deal-finder-extension-"));
    profileDir = mkdtempSync(join(tmpdir(), "deal-finder-profile-"));
    await buildExtension(stack.baseUrl, extensionDir);
    const hostRules = demoHosts().map((host) => `MAP ${host} 127.0.0.1`).join(", ");
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, `--host-resolver-rules=${hostRules}`],
    });
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));

    const page = await context.newPage();
    await registerWithGoogle(page, { app: stack.baseUrl, google: stack.emulator.baseUrl }, "demo@example.com");
    token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    await waitForSync(stack, token);
    await page.close();
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
    await store?.close();
    rmSync(extensionDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  });

  it("pairs from the app's /extension page with a session of its own", async () => {
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/extension`);
    await page.getByRole("button", { name: "Connect the extension" }).click();
    await expect(page.getByText("Extension connected").waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    const stored = await worker.evaluate(() => chrome.storage.local.get(["session", "codes"]));
    expect(stored.session).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect((stored.codes as { deals: { brandDomain: string }[] }).deals.map((deal) => deal.brandDomain)).toContain("torqhaven.com");
    await page.close();
  });

  it.each([
    ["plain form", "torqhaven.com", "BRAKES30", "BRAKES30 applied: you save $30.00.", "$159.00"],
    ["React-controlled input", "velvetfern.com", "GLOW20", "GLOW20 applied: you save $12.00.", "$48.00"],
    ["Shopify-like field", "rivetline.com", "DENIM25", "DENIM25 applied: you save $25.00.", "$103.00"],
    ["WooCommerce-like coupon_code", "whiskerloft.com", "PURR10", "PURR10 applied: you save $8.90.", "$80.10"],
    ["collapsed 'Have a promo code?' link", "linenbay.com", "SLEEP20", "SLEEP20 applied: you save $23.80.", "$95.20"],
  ])("on a %s checkout: badge, panel, and a code applied with its saving shown", async (_shape, domain, code, saying, total) => {
    const page = await openCheckout(domain);
    await panel(page).waitFor({ timeout: 15_000 });
    expect(await badgeOf(page)).toBe("1");
    await panel(page).getByRole("button", { name: `Apply ${code}` }).click();
    await expect(panelStatus(page).filter({ hasText: saying }).waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    expect(await page.locator("#order-total").textContent()).toBe(total);
    if (domain === "torqhaven.com") await page.screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-applied.png` });
    await page.close();
  });

  it("takes the keyboard to the panel when its command fires, and says which keys do it", async () => {
    const page = await openCheckout("torqhaven.com");
    await panel(page).waitFor({ timeout: 15_000 });
    const shortcut = await worker.evaluate(async () => (await chrome.commands.getAll()).find((command) => command.name === "go-to-panel")?.shortcut);
    expect(shortcut).toBe("Alt+Shift+D");
    await panel(page).getByText("Alt+Shift+D brings you back here from anywhere on the page.").waitFor();
    await page.getByLabel("Postcode").focus();
    // Headless Chromium hands no key press to the browser's own shortcuts, so the test sends the tab what the
    // service worker sends when the command fires.
    await page.bringToFront();
    await worker.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
      await chrome.tabs.sendMessage(tab!.id!, { type: "GO_TO_PANEL" });
    });
    await expect.poll(() => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute("role") ?? null)).toBe("dialog");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent)).toBe("Dismiss on this site");
    await page.close();
  });

  it("reports a code the checkout rejects, in the checkout's words", async () => {
    const page = await openCheckout("tailbound.com");
    await panel(page).getByRole("button", { name: "Apply TAILS30" }).click();
    await panelStatus(page).filter({ hasText: "TAILS30 did not work: This code is not valid." }).waitFor({ timeout: 15_000 });
    expect(await page.locator("#order-total").textContent()).toBe("$54.00");
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-rejected.png` });
    await page.close();
  });

  it("tries all codes and keeps the best", async () => {
    const page = await openCheckout("brindlemart.com");
    await panel(page).waitFor({ timeout: 15_000 });
    const codes = await panel(page).locator("code").allTextContents();
    expect(codes).toEqual(expect.arrayContaining(["SAVE10", "SAVE25", "SAVE60"]));
    await panel(page).getByRole("button", { name: "Try all codes" }).click();
    await panelStatus(page).filter({ hasText: "SAVE25 applied: you save $25.00." }).waitFor({ timeout: 60_000 });
    expect(await page.locator("#order-total").textContent()).toBe("$95.00");
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-try-all.png` });
    await page.close();
  });

  it("skips a code the cart is under the minimum of, saying by how much; tries the new customers' code last; applies the skipped code once the cart is big enough", async () => {
    const page = await openCheckout("brindlemart.com");
    await panel(page).waitFor({ timeout: 15_000 });
    // Before any run the panel reads the $120 cart: SAVE60 needs $200, the welcome code is marked.
    await codeRow(page, "SAVE60").getByText("Skipped: needs $200+, your cart is $120: add $80").waitFor({ timeout: 15_000 });
    await codeRow(page, "SAVE25").getByText("Your cart qualifies").waitFor();
    await codeRow(page, "WELCOME15").getByText("New customers only: tried last").waitFor();
    const listed = await panel(page).locator("code").allTextContents();
    expect(listed.indexOf("WELCOME15")).toBe(listed.length - 2);
    expect(listed.at(-1)).toBe("SAVE60");
    await expect(codeRow(page, "SAVE60").getByRole("button", { name: "Apply SAVE60" }).getAttribute("aria-describedby")).resolves.toBeTruthy();
    await codeRow(page, "SAVE60").scrollIntoViewIfNeeded();
    await panel(page).screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-conditions.png` });
    expect(await panelViolations(page)).toEqual([]);

    const sentBefore = store.codesSent("brindlemart.com").length;
    await panel(page).getByRole("button", { name: "Try all codes" }).click();
    await panelStatus(page)
      .filter({ hasText: "SAVE25 applied: you save $25.00. Skipped SAVE60: needs $200+, your cart is $120: add $80." })
      .waitFor({ timeout: 60_000 });
    const sent = store.codesSent("brindlemart.com").slice(sentBefore);
    expect(sent).not.toContain("SAVE60");
    // Qualifying codes first, the new customers' code last, then the best once more so that the order keeps it.
    expect(sent).toEqual([...listed.slice(0, -1), "SAVE25"]);
    expect(sent.at(-2)).toBe("WELCOME15");
    await codeRow(page, "WELCOME15").getByText("Did not work").waitFor();
    expect(await page.locator("#order-total").textContent()).toBe("$95.00");
    await panel(page).evaluate((element) => element.scrollTo(0, 0));
    await panel(page).screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-conditions-run.png` });
    await codeRow(page, "SAVE60").scrollIntoViewIfNeeded();
    await panel(page).screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-conditions-run-end.png` });

    // The person adds the mixer: the cart is $209.99 (the shop drops the code applied), and SAVE60 qualifies.
    await page.getByRole("button", { name: "Add Stand mixer, 5 qt to cart" }).click();
    await codeRow(page, "SAVE60").getByText("Your cart qualifies").waitFor({ timeout: 15_000 });
    expect(await panel(page).getByText(/^Skipped:/).count()).toBe(0);
    await panel(page).getByRole("button", { name: "Try all codes" }).click();
    await panelStatus(page).filter({ hasText: /^SAVE60 applied: you save \$60\.00\.$/ }).waitFor({ timeout: 60_000 });
    expect(await page.locator("#order-total").textContent()).toBe("$149.99");
    expect(store.codesSent("brindlemart.com")).toContain("SAVE60");
    await panel(page).evaluate((element) => element.scrollTo(0, 0));
    await panel(page).screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-conditions-applied.png` });

    await page.emulateMedia({ colorScheme: "dark" });
    await codeRow(page, "WELCOME15").scrollIntoViewIfNeeded();
    await panel(page).screenshot({ path: `${SCREENSHOTS_DIR}/extension-panel-conditions-dark.png` });
    expect(await panelViolations(page)).toEqual([]);
    await page.close();
  });

  it("lets the person apply a skipped code by hand, and shows what the shop says", async () => {
    const page = await openCheckout("brindlemart.com");
    await codeRow(page, "SAVE60").getByText("Skipped: needs $200+, your cart is $120: add $80").waitFor({ timeout: 15_000 });
    await codeRow(page, "SAVE60").getByRole("button", { name: "Apply SAVE60" }).click();
    await panelStatus(page).filter({ hasText: "SAVE60 did not work: This code needs an order of at least $200.00." }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it("shows no panel on a site with no matching brand, nor on a matching site without a coupon field", async () => {
    const unknownShop = await openCheckout("nowheregoods.com");
    const noField = await openCheckout("cloudhem.com");
    await noField.waitForTimeout(2_000);
    expect(await panel(unknownShop).count()).toBe(0);
    expect(await panel(noField).count()).toBe(0);
    expect(await badgeOf(unknownShop)).toBe("");
    expect(await badgeOf(noField)).toBe("1");
    await unknownShop.close();
    await noField.close();
  });

  it("lets the panel be dismissed on a site, and keeps it away there", async () => {
    const page = await openCheckout("whiskerloft.com");
    await panel(page).getByRole("button", { name: "Dismiss on this site" }).click();
    expect(await panel(page).count()).toBe(0);
    await page.reload();
    await page.waitForTimeout(1_500);
    expect(await panel(page).count()).toBe(0);
    await page.close();
  });

  it("never tells the server which sites were visited", () => {
    const merchants = demoHosts().map((host) => host.replace(/^www\./, ""));
    const leaks = serverRequests.filter((request) => merchants.some((domain) => request.toLowerCase().includes(domain)));
    expect(serverRequests.some((request) => request.startsWith("/api/extension/codes"))).toBe(true);
    expect(leaks).toEqual([]);
  });

  it("shows this site's codes in the popup, and stops when Settings revokes its session", async () => {
    const shop = await openCheckout("linenbay.com");
    await panel(shop).waitFor({ timeout: 15_000 });
    const extensionId = new URL(worker.url()).host;
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 360, height: 600 });
    await popup.goto(`chrome-extension://${extensionId}/popup/popup.html`);
    await popup.getByRole("heading", { name: "All your codes" }).waitFor();
    await popup.getByLabel("Search codes").fill("denim");
    await expect(popup.getByRole("list", { name: "Search results" }).getByText("DENIM25").isVisible()).resolves.toBe(true);
    await popup.screenshot({ path: `${SCREENSHOTS_DIR}/extension-popup.png` });

    // The person disconnects the extension in Settings' "Browser extension" card, after its confirmation.
    const sessions = (await api(stack, "GET", "/extension/sessions", { token })).body as { sessions: { id: string }[] };
    expect(sessions.sessions).toHaveLength(1);
    const settings = await context.newPage();
    await settings.goto(`${stack.baseUrl}/settings`);
    const extensionCard = settings.getByRole("region", { name: "Browser extension" });
    await extensionCard.getByRole("button", { name: /^Disconnect / }).click();
    await settings.getByRole("dialog", { name: "Disconnect this extension?" }).getByRole("button", { name: "Disconnect" }).click();
    await extensionCard.getByText("No extension connected").waitFor();
    expect(((await api(stack, "GET", "/extension/sessions", { token })).body as { sessions: unknown[] }).sessions).toEqual([]);
    await settings.close();
    await popup.getByRole("button", { name: "Refresh codes" }).click();
    await popup.getByRole("link", { name: "Connect" }).waitFor({ timeout: 15_000 });
    expect(await worker.evaluate(() => chrome.storage.local.get("session"))).toEqual({});
    await shop.reload();
    await shop.waitForTimeout(1_500);
    expect(await panel(shop).count()).toBe(0);
    await popup.close();
    await shop.close();
  });
});
