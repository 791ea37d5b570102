import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { AxeResults } from "axe-core";
import { createAccount, signInInBrowser, startE2eApp, toast, type E2eApp } from "./support/app";
import { GUEST_PAGES } from "./support/pages";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe over the page as Chromium lays it out, so colour contrast is checked too (the stories' check in jsdom cannot).
 * Answers the serious and critical violations, each with the elements it found.
 */
async function seriousViolations(page: Page, within = "body"): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (selector) => {
    const { axe } = window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } };
    const results = await axe.run(document.querySelector(selector)!);
    return results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(" ")) }));
  }, within);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.targets.join(", ")}`);
}

describe.each(["light", "dark"] as const)("accessibility in the %s colour scheme", (colorScheme) => {
  let app: E2eApp;
  // The server's content security policy forbids inline scripts, and axe is injected as one.
  const openPage = () => app.newPage({ colorScheme, bypassCSP: true });

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(() => app?.close());

  it.each(GUEST_PAGES)("%s has no serious or critical violation", async (path, heading) => {
    const page = await openPage();
    await page.goto(`${app.stack.baseUrl}${path}`);
    await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("a toast has no serious or critical violation", async () => {
    const page = await openPage();
    await page.goto(app.stack.baseUrl);
    await page.getByRole("button", { name: "Request Early Access" }).click();
    await toast(page, "Validation Error").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the signed-in header with its user menu open has no serious or critical violation", async () => {
    await createAccount(app.stack, "new.user@example.com");
    const page = await openPage();
    await signInInBrowser(page, app.stack, "new.user@example.com");
    await page.getByRole("button", { name: "Account menu for New User" }).click();
    await page.getByRole("button", { name: "Logout" }).waitFor();
    // The header only: the dashboard under it belongs to its own part of the app.
    expect(await seriousViolations(page, "header")).toEqual([]);
  });
});
