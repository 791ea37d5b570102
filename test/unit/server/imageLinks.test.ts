import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ImageLinks, MAX_IMAGE_URL_LENGTH } from "../../../server/application/images/imageLinks";
import { isProxiedImageUrl } from "../../../src/domain/imageRules";

const KEY = randomBytes(32);
const parts = (path: string) => path.split("/").slice(3) as [string, string];

describe("signed image paths", () => {
  const links = new ImageLinks(KEY);

  it("signs an http(s) address into a path the SPA accepts, and reads it back", () => {
    for (const url of ["https://cdn.shop.example/sofa.jpg?w=600", "http://cdn.shop.example/a%20b.png"]) {
      const path = links.proxyPath(url)!;
      expect(isProxiedImageUrl(path), url).toBe(true);
      expect(links.verifiedTarget(...parts(path))?.href).toBe(url);
    }
  });

  it("signs nothing but http(s) addresses of at most 2,048 characters", () => {
    for (const url of ["javascript:alert(1)//a.jpg", "data:image/png;base64,iVBORw0KGgo=", "file:///etc/passwd", "ftp://a.example/x.png", "not a url", ""]) {
      expect(links.proxyPath(url), url).toBeNull();
    }
    const long = `https://cdn.shop.example/${"a".repeat(MAX_IMAGE_URL_LENGTH)}.jpg`;
    expect(links.proxyPath(long)).toBeNull();
  });

  it("accepts only its own signature, with a key of its own rather than the session signing key", () => {
    const [signature, target] = parts(links.proxyPath("https://cdn.shop.example/sofa.jpg")!);
    expect(new ImageLinks(randomBytes(32)).verifiedTarget(signature, target)).toBeNull();
    const withSessionKey = createHmac("sha256", KEY).update(Buffer.from(target, "base64url")).digest("base64url");
    expect(links.verifiedTarget(withSessionKey, target)).toBeNull();
    expect(links.verifiedTarget(signature.slice(0, 42), target)).toBeNull();
    expect(links.verifiedTarget(`${signature}AA`, target)).toBeNull();
    expect(links.verifiedTarget(signature, `${target}x`)).toBeNull();
  });
});
