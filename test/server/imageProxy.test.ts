// @module-tag runtime
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec } from "../../src/contract";
import { isProxiedImageUrl } from "../../src/domain/imageRules";
import { HttpImageFetcher } from "../../server/infrastructure/images/httpImageFetcher";
import { DATABASES, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";
import { PHOTO, imageDealCode, promotionWithImages, startImageServer, type ImageServer } from "./support/imageServer";

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];

/** Each case is one email with one image; its deal is found by its code. */
function imageCases(images: ImageServer) {
  const port = images.port;
  return {
    photo: `${images.origin}/photo.png`,
    photoLabelledJpeg: `${images.origin}/photo-labelled-jpeg`,
    redirectToPhoto: `${images.origin}/to-photo`,
    trackingPixel: `${images.origin}/open-image`,
    webPage: `${images.origin}/page.png`,
    svg: `${images.origin}/vector.svg`,
    svgDisguised: `${images.origin}/vector-disguised.png`,
    oversizedDeclared: `${images.origin}/oversized-declared.png`,
    oversizedStreamed: `${images.origin}/oversized-streamed.png`,
    slow: `${images.origin}/slow.png`,
    redirectToMetadata: `${images.origin}/to-metadata`,
    redirectToLocalhost: `${images.origin}/to-localhost`,
    redirectLoop: `${images.origin}/loop`,
    redirectToIpv4Compatible: `${images.origin}/to-ipv4-compatible`,
    animation: `${images.origin}/animation`,
    animationTooLong: `${images.origin}/animation-too-long`,
    animationStalled: `${images.origin}/animation-stalled`,
    pixelBomb: `${images.origin}/pixel-bomb.png`,
    pixelBombStalled: `${images.origin}/pixel-bomb-stalled.png`,
    // Private and loopback addresses: the photo would be there if any of them were fetched.
    localhost: `http://localhost:${port}/photo.png`,
    otherLoopback: `http://127.0.0.2:${port}/photo.png`,
    ipv6Loopback: `http://[::1]:${port}/photo.png`,
    ipv4MappedLoopback: `http://[::ffff:127.0.0.1]:${port}/photo.png`,
    privateNetwork: "http://10.0.0.1/photo.png",
    linkLocal: "http://169.254.169.254/latest/meta-data/photo.png",
    unspecified: `http://0.0.0.0:${port}/photo.png`,
    // IPv6 spellings of IPv4 addresses: IPv4-compatible (hex words and dotted), NAT64 and 6to4.
    ipv4CompatibleLoopback: `http://[::127.0.0.1]:${port}/photo.png`,
    ipv4CompatibleHexLoopback: `http://[::7f00:1]:${port}/photo.png`,
    ipv4CompatibleMetadata: "http://[::a9fe:a9fe]/latest/meta-data/photo.png",
    nat64Loopback: `http://[64:ff9b::7f00:1]:${port}/photo.png`,
    sixToFourLoopback: `http://[2002:7f00:1::1]:${port}/photo.png`,
  };
}
type Case = keyof ReturnType<typeof imageCases>;

async function fetchProxied(stack: Stack, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString()) as unknown };
}

describe.each(DATABASES)("the image proxy, on %s", (database) => {
  let stack: Stack;
  let images: ImageServer;
  let cases: ReturnType<typeof imageCases>;
  const proxied = new Map<Case, string>();

  const refusal = async (name: Case) => {
    const response = await fetchProxied(stack, proxied.get(name)!);
    return { status: response.status, code: decode(ApiErrorCodec, response.json()).code };
  };

  beforeAll(async () => {
    images = await startImageServer();
    cases = imageCases(images);
    stack = await startStack({ database, env: { IMAGE_PROXY_ALLOWED_HOSTS: "127.0.0.1" } });
    const names = Object.keys(cases) as Case[];
    names.forEach((name, index) => stack.emulator.addMessage(ACCOUNT, promotionWithImages(index, { html: [`<img src="${cases[name]}" alt="">`] }), PROMOTIONS));
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    await waitForSync(stack, token);
    const dashboard = (await wholeDashboard(stack, token));
    names.forEach((name, index) => {
      const deal = dashboard.deals.find((candidate) => candidate.promoCode === imageDealCode(index));
      expect(deal?.imageUrls, name).toHaveLength(1);
      proxied.set(name, deal!.imageUrls[0]!);
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await images?.close();
  });

  it("names every image in the dashboard answer by a signed proxy path, never by the sender's URL", () => {
    for (const [name, path] of proxied) {
      expect(isProxiedImageUrl(path), name).toBe(true);
      expect(path, name).not.toContain("127.0.0.1");
    }
  });

  it("serves a normal image as its sniffed type, with cache and lock-down headers, and sends nothing of the reader upstream", async () => {
    const before = images.requests.length;
    const response = await fetchProxied(stack, proxied.get("photo")!, {
      cookie: "session=reader-secret",
      authorization: "Bearer reader-token",
      referer: `${stack.baseUrl}/dashboard`,
      "user-agent": "ReaderBrowser/1.0 (reader's own machine)",
      "x-forwarded-for": "203.0.113.9",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.bytes.equals(PHOTO)).toBe(true);
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'");

    const upstream = images.requests.slice(before);
    expect(upstream.map((request) => request.path)).toEqual(["/photo.png"]);
    const sent = upstream[0]!.headers;
    for (const header of ["cookie", "authorization", "referer", "x-forwarded-for", "origin"]) expect(sent[header], header).toBeUndefined();
    expect(sent["user-agent"]).not.toContain("ReaderBrowser");
    expect(sent["user-agent"]).toMatch(/DealFinderImageProxy/);

    // Served again from memory: the sender sees one fetch however often the dashboard opens.
    const again = await fetchProxied(stack, proxied.get("photo")!);
    expect(again.status).toBe(200);
    expect(images.requests.length).toBe(before + 1);
  });

  it("serves an image by what its bytes are, and follows a redirect to it", async () => {
    const mislabelled = await fetchProxied(stack, proxied.get("photoLabelledJpeg")!);
    expect(mislabelled.status).toBe(200);
    expect(mislabelled.headers.get("content-type")).toBe("image/png");
    const redirected = await fetchProxied(stack, proxied.get("redirectToPhoto")!);
    expect(redirected.status).toBe(200);
    expect(redirected.bytes.equals(PHOTO)).toBe(true);
  });

  it("drops a 1x1 tracking pixel, so the card falls back", async () => {
    await expect(refusal("trackingPixel")).resolves.toEqual({ status: 404, code: "image_not_a_deal_image" });
  });

  it("refuses private, loopback, link-local and unspecified addresses, written or resolved, before connecting", async () => {
    const before = images.requests.length;
    const names = [
      "localhost", "otherLoopback", "ipv6Loopback", "ipv4MappedLoopback", "privateNetwork", "linkLocal", "unspecified",
      "ipv4CompatibleLoopback", "ipv4CompatibleHexLoopback", "ipv4CompatibleMetadata", "nat64Loopback", "sixToFourLoopback",
    ] as const;
    for (const name of names) {
      await expect(refusal(name), name).resolves.toEqual({ status: 404, code: "image_address_refused" });
    }
    expect(images.requests.length).toBe(before);
  });

  it("re-checks every redirect: an allowed host cannot send the proxy to a private address, nor round in circles", async () => {
    await expect(refusal("redirectToMetadata")).resolves.toEqual({ status: 404, code: "image_address_refused" });
    await expect(refusal("redirectToLocalhost")).resolves.toEqual({ status: 404, code: "image_address_refused" });
    await expect(refusal("redirectToIpv4Compatible")).resolves.toEqual({ status: 404, code: "image_address_refused" });
    await expect(refusal("redirectLoop")).resolves.toEqual({ status: 404, code: "image_too_many_redirects" });
    expect(images.requests.filter((request) => request.path === "/loop")).toHaveLength(4);
  });

  it("refuses what is not a raster image: a web page, SVG, and SVG disguised as PNG", async () => {
    for (const name of ["webPage", "svg", "svgDisguised"] as const) {
      await expect(refusal(name), name).resolves.toEqual({ status: 404, code: "image_not_an_image" });
    }
  });

  it("refuses an answer over 5 MB, announced or not", async () => {
    await expect(refusal("oversizedDeclared")).resolves.toEqual({ status: 404, code: "image_too_large" });
    await expect(refusal("oversizedStreamed")).resolves.toEqual({ status: 404, code: "image_too_large" });
  });

  it("serves an animated GIF of a few dozen frames", async () => {
    const response = await fetchProxied(stack, proxied.get("animation")!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
  });

  it("refuses a pixel bomb and an animation of too many frames, from the header, before the rest arrives", async () => {
    for (const name of ["pixelBomb", "animationTooLong"] as const) {
      await expect(refusal(name), name).resolves.toEqual({ status: 404, code: "image_too_large" });
    }
    // These stop sending after the header: waiting for the rest would end in image_timeout, 3 s of silence later.
    for (const name of ["pixelBombStalled", "animationStalled"] as const) {
      const started = Date.now();
      await expect(refusal(name), name).resolves.toEqual({ status: 404, code: "image_too_large" });
      expect(Date.now() - started, name).toBeLessThan(2_000);
    }
  });

  it("gives up on a server that does not answer in time", async () => {
    const started = Date.now();
    await expect(refusal("slow")).resolves.toEqual({ status: 404, code: "image_timeout" });
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it("refuses a bad signature, and a signature moved onto an address the extractor never produced", async () => {
    const [, , , signature, target] = proxied.get("photo")!.split("/");
    const forgedTarget = Buffer.from(`${images.origin}/photo.png?secret=1`).toString("base64url");
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    for (const path of [`/api/images/${flipped}/${target}`, `/api/images/${signature}/${forgedTarget}`, `/api/images/${"A".repeat(43)}/${forgedTarget}`]) {
      const response = await fetchProxied(stack, path);
      expect(response.status, path).toBe(403);
      expect(decode(ApiErrorCodec, response.json()).code).toBe("bad_signature");
    }
    for (const path of ["/api/images/", `/api/images/${signature}`, `/api/images/${signature}/${target}/more`, `/api/images/${signature}/not%20base64`]) {
      const response = await fetchProxied(stack, path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(decode(ApiErrorCodec, response.json()).message.length).toBeGreaterThan(0);
    }
  });
});

describe("the image fetcher's address rule", () => {
  let images: ImageServer;
  beforeAll(async () => {
    images = await startImageServer();
  });
  afterAll(async () => {
    await images?.close();
  });

  it("refuses 127.0.0.1 unless it is allowed", async () => {
    const url = new URL(`${images.origin}/photo.png`);
    await expect(new HttpImageFetcher([]).fetchImage(url)).resolves.toEqual({ ok: false, refusal: "address_refused" });
    const allowed = await new HttpImageFetcher(["127.0.0.1"]).fetchImage(url);
    expect(allowed.ok && allowed.image).toMatchObject({ type: "png", width: 240, height: 180 });
  });
});
