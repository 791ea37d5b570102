import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { waitForSync } from "../server/support/stack";
import { startImageServer, promotionWithImages, type ImageServer } from "../server/support/imageServer";
import { SCREENSHOTS_DIR } from "./support/browser";
import { signUpInBrowser, startE2eApp, type E2eApp } from "./support/app";

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];

/** Every deal card's image once each has settled: loaded, whether its own (through the proxy) or a stock one. */
const cardImages = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("article img")].map((element) => {
      const image = element as HTMLImageElement;
      return { src: image.src, complete: image.complete, width: image.naturalWidth, height: image.naturalHeight };
    }),
  );

describe("a mailbox full of remote images and tracking pixels, in Chromium", () => {
  let app: E2eApp;
  let images: ImageServer;

  beforeAll(async () => {
    images = await startImageServer();
    app = await startE2eApp({ env: { IMAGE_PROXY_ALLOWED_HOSTS: "127.0.0.1" } });
    const { stack } = app;
    const remote = (index: number) => ({
      html: [
        `<img src="https://cdn.shop.example/campaign/${index}/hero.jpg" alt="">`,
        `<img src="https://cdn.shop.example/o/open-${index}.gif" width="1" height="1" alt="">`,
        `<img src="http://tracker.mail.example/pixel-${index}.png" width="1" height="1" alt="">`,
      ],
      // Markup images skip the extractor's tracking filter: the proxy is what keeps them away from the browser.
      markup: [`https://cdn.shop.example/ld/${index}/open.gif`, `${stack.baseUrl}/api/google-signin?x=${index}.jpg`],
    });
    const messages = [
      promotionWithImages(0, remote(0)),
      promotionWithImages(1, remote(1)),
      promotionWithImages(2, { html: [`<img src="${images.origin}/open-image" alt="">`, `<img src="${images.origin}/photo.png" alt="">`] }),
      promotionWithImages(3, remote(3)),
      promotionWithImages(4, remote(4)),
    ];
    for (const raw of messages) stack.emulator.addMessage(ACCOUNT, raw, PROMOTIONS);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await images?.close();
  });

  it("makes no request to any origin but the app's, and shows the allowed image through the proxy", async () => {
    const { stack } = app;
    // Tall enough that every card is mounted by the virtualised grid.
    const page = await app.newPage({ viewport: { width: 1280, height: 2400 } });
    await signUpInBrowser(page, stack, ACCOUNT);
    await waitForSync(stack, (await page.evaluate(() => localStorage.getItem("authToken")))!);

    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.reload();
    await page.getByRole("region", { name: "Deals" }).getByRole("status").filter({ hasText: "5 deals" }).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await cardImages(page)).every((image) => image.complete && image.width > 0), { timeout: 15_000 })
      .toBe(true);

    const shown = await cardImages(page);
    expect(shown).toHaveLength(5);
    // The one image a sender's server could serve arrives through the proxy, at its real size.
    const proxied = shown.filter((image) => new URL(image.src).pathname.startsWith("/api/images/"));
    expect(proxied).toEqual([expect.objectContaining({ width: 240, height: 180 })]);
    // Every other card fell back to a bundled stock image: remote images and tracking pixels never display.
    for (const image of shown.filter((candidate) => !proxied.includes(candidate))) expect(new URL(image.src).pathname).toMatch(/^\/stock\//);

    expect(requested.length).toBeGreaterThan(5);
    const foreign = requested.filter((url) => new URL(url).origin !== stack.baseUrl);
    expect(foreign).toEqual([]);
    // Nor did the page call our API with an image URL a sender wrote.
    expect(requested.filter((url) => new URL(url).pathname.startsWith("/api/google-signin"))).toEqual([]);
    // The proxy fetched the photo; the test's image server saw no browser.
    const photoRequests = images.requests.filter((request) => request.path === "/photo.png");
    expect(photoRequests).toHaveLength(1);
    expect(photoRequests[0]!.headers["user-agent"]).not.toMatch(/Chrome/);

    await page.screenshot({ path: `${SCREENSHOTS_DIR}/image-privacy.png`, clip: { x: 0, y: 0, width: 1280, height: 1100 } });
  });
});
