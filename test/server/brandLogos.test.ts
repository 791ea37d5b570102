// @module-tag runtime
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec } from "../../src/contract";
import type { Deal } from "../../src/domain/deal";
import { isProxiedImageUrl } from "../../src/domain/imageRules";
import { DATABASES, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";
import { PHOTO, startImageServer, type ImageServer } from "./support/imageServer";

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];

/** A brand's promotion with a code of its own, whose HTML opens with `head` (its header, or its markup). */
function promotion(brand: string, sequence: number, head: string): string {
  const domain = `${brand.toLowerCase()}-shop.test`;
  return [
    `From: ${brand} <deals@news.${domain}>`,
    `To: ${ACCOUNT}`,
    `Subject: 20% off everything at ${brand}`,
    `Date: ${new Date(Date.now() - 86_400_000 + sequence * 60_000).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <logo-${brand}-${sequence}@news.${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://news.${domain}/unsubscribe>`,
    "",
    `<html><body>${head}<h1>20% off everything</h1>`,
    `<p>Use code <strong>${brand.toUpperCase()}${sequence}</strong> at checkout for 20% off your order.</p>`,
    `<p><a href="https://www.${domain}/sale">Shop the sale</a></p></body></html>`,
    "",
  ].join("\r\n");
}

const header = (brand: string, src: string) => `<a href="https://www.${brand.toLowerCase()}-shop.test/"><img src="${src}" alt="${brand}"></a>`;
const organization = (logo: string) => `<script type="application/ld+json">${JSON.stringify({ "@type": "Organization", logo: { "@type": "ImageObject", url: logo } })}</script>`;

async function fetchPath(stack: Stack, path: string) {
  const response = await fetch(`${stack.baseUrl}${path}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type"), csp: response.headers.get("content-security-policy"), bytes, code: () => decode(ApiErrorCodec, JSON.parse(bytes.toString())).code };
}

describe.each(DATABASES)("brand logos through the image proxy, on %s", (database) => {
  let stack: Stack;
  let images: ImageServer;
  let deals: Deal[];
  const dealOf = (brand: string) => deals.find((deal) => deal.brand === brand)!;

  beforeAll(async () => {
    images = await startImageServer();
    stack = await startStack({ database, env: { IMAGE_PROXY_ALLOWED_HOSTS: "127.0.0.1" } });
    const mail = [
      promotion("Pinecone", 1, header("Pinecone", `${images.origin}/photo.png`)),
      promotion("Vectorly", 2, header("Vectorly", `${images.origin}/vector.svg`)),
      promotion("Disguised", 3, header("Disguised", `${images.origin}/vector-disguised.png`)),
      promotion("Thin", 4, header("Thin", `${images.origin}/thin-strip.png`)),
      // Markup beats a header, whichever mail came first, and a later header does not replace it.
      promotion("Ranked", 5, header("Ranked", `${images.origin}/to-photo`)),
      promotion("Ranked", 6, organization(`${images.origin}/photo-labelled-jpeg`)),
      promotion("Ranked", 7, header("Ranked", `${images.origin}/photo.png`)),
      promotion("Private", 8, header("Private", "http://10.0.0.1/logo.png")),
      promotion("Plain", 9, "<h2>No logo here</h2>"),
    ];
    for (const raw of mail) stack.emulator.addMessage(ACCOUNT, raw, PROMOTIONS);
    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    await waitForSync(stack, token);
    deals = (await wholeDashboard(stack, token)).deals;
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await images?.close();
  });

  it("names each brand's logo from its mail by a signed proxy path only, never the sender's address", () => {
    for (const brand of ["Pinecone", "Vectorly", "Disguised", "Thin", "Ranked", "Private"]) {
      const logos = dealOf(brand).brandLogoUrls ?? [];
      expect(logos, brand).toHaveLength(1);
      for (const path of logos) {
        expect(isProxiedImageUrl(path), brand).toBe(true);
        expect(path, brand).not.toContain("127.0.0.1");
      }
    }
    // A brand whose mail shows no logo has none to try: its site's icon is never guessed (docs/product.md, "Brand logos").
    expect(dealOf("Plain").brandLogoUrls).toEqual([]);
  });

  it("serves a logo as its sniffed type with the lock-down headers, and from its cache the second time", async () => {
    const path = dealOf("Pinecone").brandLogoUrls![0]!;
    const before = images.requests.length;
    const first = await fetchPath(stack, path);
    expect(first).toMatchObject({ status: 200, type: "image/png", csp: "default-src 'none'" });
    expect(first.bytes.equals(PHOTO)).toBe(true);
    const again = await fetchPath(stack, path);
    expect(again.status).toBe(200);
    expect(images.requests.slice(before).map((request) => request.path)).toEqual(["/photo.png"]);
  });

  it("refuses SVG, declared or disguised, and an image too thin to be a logo, whatever the mail said of them", async () => {
    await expect(fetchPath(stack, dealOf("Vectorly").brandLogoUrls![0]!).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_not_an_image"]);
    await expect(fetchPath(stack, dealOf("Disguised").brandLogoUrls![0]!).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_not_an_image"]);
    await expect(fetchPath(stack, dealOf("Thin").brandLogoUrls![0]!).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_not_a_logo"]);
  });

  it("refuses a logo at a private address", async () => {
    await expect(fetchPath(stack, dealOf("Private").brandLogoUrls![0]!).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_address_refused"]);
  });

  it("keeps the brand's best evidence: its markup's logo over any header image, before or after it", async () => {
    const before = images.requests.length;
    const answer = await fetchPath(stack, dealOf("Ranked").brandLogoUrls![0]!);
    expect(answer.status).toBe(200);
    expect(images.requests.slice(before).map((request) => request.path)).toEqual(["/photo-labelled-jpeg"]);
  });

  it("never lets a logo's signature stand for a deal image's, nor one edited byte through", async () => {
    const path = dealOf("Pinecone").brandLogoUrls![0]!;
    const [signature, target] = path.split("/").slice(3) as [string, string];
    const dealTarget = Buffer.from(Buffer.from(target, "base64url").toString("utf8").replace(/^logo /, "")).toString("base64url");
    const forged = await fetchPath(stack, `/api/images/${signature}/${dealTarget}`);
    expect([forged.status, forged.code()]).toEqual([403, "bad_signature"]);
  });
});
