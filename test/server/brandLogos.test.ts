// @module-tag runtime
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec } from "../../src/contract";
import type { Deal } from "../../src/domain/deal";
import { isProxiedImageUrl } from "../../src/domain/imageRules";
import { DATABASES, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";
import { PHOTO, startImageServer, type ImageServer } from "./support/imageServer";
import { waitForLogoChecks } from "./support/logoChecks";
import { ACCOUNT, header, organization, promotion, PROMOTIONS } from "./support/logoMail";
import { ImageLinks } from "../../server/application/images/imageLinks";

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
    await waitForLogoChecks(stack.server.db);
    deals = (await wholeDashboard(stack, token)).deals;
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await images?.close();
  });

  /** The proxy path the server would sign for a logo address, so a refused logo can be asked for all the same. */
  const logoPath = (url: string) => new ImageLinks(stack.config.sessionSigningKey).logoPath(url)!;
  const failureOf = async (brand: string) =>
    (await stack.server.db.query<{ reason: string }>("SELECT f.reason FROM brand_logo_failures f JOIN brands b ON b.id = f.brand_id WHERE b.name = $1", [brand])).map((row) => row.reason);

  it("names each brand's logo from its mail by a signed proxy path only, never the sender's address, once it loaded", () => {
    for (const brand of ["Pinecone", "Ranked"]) {
      const logos = dealOf(brand).brandLogoUrls ?? [];
      expect(logos, brand).toHaveLength(1);
      for (const path of logos) {
        expect(isProxiedImageUrl(path), brand).toBe(true);
        expect(path, brand).not.toContain("127.0.0.1");
      }
    }
    // A logo whose check failed is never offered: the card shows its monogram without asking for it.
    for (const brand of ["Vectorly", "Disguised", "Thin", "Private"]) expect(dealOf(brand).brandLogoUrls, brand).toEqual([]);
    // A brand whose mail shows no logo has none to try: its site's icon is never guessed (docs/product.md, "Brand logos").
    expect(dealOf("Plain").brandLogoUrls).toEqual([]);
  });

  it("checks a logo once and then serves it as its sniffed type with the lock-down headers, from the proxy's memory", async () => {
    const path = dealOf("Pinecone").brandLogoUrls![0]!;
    const photoRequests = () => images.requests.filter((request) => request.path === "/photo.png").length;
    // Fetched by the check before it was offered. Ranked's header logos (a redirect to the photo, then the photo) may
    // have been checked too, on a busy machine, before its markup's logo arrived in a later group.
    const checked = photoRequests();
    expect(checked).toBeGreaterThanOrEqual(1);
    const first = await fetchPath(stack, path);
    expect(first).toMatchObject({ status: 200, type: "image/png", csp: "default-src 'none'" });
    expect(first.bytes.equals(PHOTO)).toBe(true);
    const again = await fetchPath(stack, path);
    expect(again.status).toBe(200);
    // Both answers came from the proxy's memory of the check's fetch: the sender was not asked again.
    expect(photoRequests()).toBe(checked);
  });

  it("fails SVG, declared or disguised, and an image too thin to be a logo, whatever the mail said of them, and the proxy refuses them too", async () => {
    expect(await failureOf("Vectorly")).toEqual(["not_an_image"]);
    expect(await failureOf("Disguised")).toEqual(["not_an_image"]);
    expect(await failureOf("Thin")).toEqual(["not_a_logo"]);
    await expect(fetchPath(stack, logoPath(`${images.origin}/vector.svg`)).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_not_an_image"]);
    await expect(fetchPath(stack, logoPath(`${images.origin}/vector-disguised.png`)).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_not_an_image"]);
    await expect(fetchPath(stack, logoPath(`${images.origin}/thin-strip.png`)).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_not_a_logo"]);
  });

  it("fails a logo at a private address, and the proxy refuses it", async () => {
    expect(await failureOf("Private")).toEqual(["address_refused"]);
    await expect(fetchPath(stack, logoPath("http://10.0.0.1/logo.png")).then((answer) => [answer.status, answer.code()])).resolves.toEqual([404, "image_address_refused"]);
  });

  it("keeps the brand's best evidence: its markup's logo over any header image, before or after it", async () => {
    const path = dealOf("Ranked").brandLogoUrls![0]!;
    const target = Buffer.from(path.split("/").at(-1)!, "base64url").toString("utf8");
    expect(target).toBe(`logo ${images.origin}/photo-labelled-jpeg`);
    expect((await fetchPath(stack, path)).status).toBe(200);
  });

  it("never lets a logo's signature stand for a deal image's, nor one edited byte through", async () => {
    const path = dealOf("Pinecone").brandLogoUrls![0]!;
    const [signature, target] = path.split("/").slice(3) as [string, string];
    const dealTarget = Buffer.from(Buffer.from(target, "base64url").toString("utf8").replace(/^logo /, "")).toString("base64url");
    const forged = await fetchPath(stack, `/api/images/${signature}/${dealTarget}`);
    expect([forged.status, forged.code()]).toEqual([403, "bad_signature"]);
  });
});
