import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startE2eApp, toast, type E2eApp } from "./support/app";

async function fillEarlyAccess(page: Page, form: { name: string; email: string; frequency?: string }): Promise<void> {
  const earlyAccess = page.getByRole("form", { name: "Early access" });
  await earlyAccess.getByLabel("Name").fill(form.name);
  await earlyAccess.getByLabel("Email").fill(form.email);
  if (form.frequency) await earlyAccess.getByLabel("How often do you shop online?").selectOption(form.frequency);
}

async function submitEarlyAccess(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Request Early Access" }).click();
}

describe("the early-access form", () => {
  let app: E2eApp;
  let page: Page;

  beforeAll(async () => {
    app = await startE2eApp();
    page = await app.newPage();
    await page.goto(app.stack.baseUrl);
  });

  afterAll(() => app?.close());

  it("sends a complete request, says so and starts a fresh form", async () => {
    await fillEarlyAccess(page, { name: "Robin Reed", email: "robin@example.com", frequency: "weekly" });
    await submitEarlyAccess(page);

    const success = toast(page, "Success");
    await success.waitFor();
    expect(await success.textContent()).toContain("Request sent successfully! We'll be in touch soon.");
    const earlyAccess = page.getByRole("form", { name: "Early access" });
    expect(await earlyAccess.getByLabel("Name").inputValue()).toBe("");
    expect(await earlyAccess.getByLabel("Email").inputValue()).toBe("");
    expect(await earlyAccess.getByLabel("How often do you shop online?").inputValue()).toBe("");
  });

  it("refuses a form with a field left blank before anything is sent", async () => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/early-access")) posts.push(request.method());
    });
    await fillEarlyAccess(page, { name: "   ", email: "robin@example.com", frequency: "daily" });
    await submitEarlyAccess(page);

    const refusal = toast(page, "Validation Error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("Please fill in all required fields.");
    expect(posts).toEqual([]);
    expect(await page.getByRole("form", { name: "Early access" }).getByLabel("Email").inputValue()).toBe("robin@example.com");
  });

  it("shows the server's message when it refuses the request", async () => {
    await fillEarlyAccess(page, { name: "Robin Reed", email: "robin at example", frequency: "monthly" });
    await submitEarlyAccess(page);

    const refusal = toast(page, "Submission Failed");
    await refusal.waitFor();
    // In words a person reads, not the validator's.
    expect(await refusal.textContent()).toContain("Please enter a valid email address.");
  });

  it("says 'Network Error' when the server cannot be reached", async () => {
    await app.stopServer();
    await fillEarlyAccess(page, { name: "Robin Reed", email: "robin@example.com", frequency: "occasionally" });
    await submitEarlyAccess(page);

    const failure = toast(page, "Network Error");
    await failure.waitFor();
    expect(await failure.textContent()).toContain("Failed to submit request. Please check your connection and try again.");
  });
});
