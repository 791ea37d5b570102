import { describe, expect, it } from "vitest";
import { candidateImageUrls, isProxiedImageUrl } from "../../../src/domain/imageRules";
import { dealPictureChain } from "../../../src/domain/dealPicture";
import { allStockImageUrls, stockImageUrl, unitFromText } from "../../../src/domain/stockImages";

/** A path shaped as the server writes it (an HMAC-SHA256 is 43 base64url characters); the rule checks the shape only. */
const SIGNATURE = "q2Dm0p7Lr_3wS9-xYb4KcT1vZ8nHfJ6aE5gUoWiRtQs";
const proxied = (url: string) => `/api/images/${SIGNATURE}/${Buffer.from(url).toString("base64url")}`;

describe("images a deal card may load", () => {
  it("accepts a signed path of our image proxy", () => {
    expect(isProxiedImageUrl(proxied("https://cdn.shop.example/sofa.jpg"))).toBe(true);
  });

  it("never accepts a sender's server, whatever its scheme or spelling", () => {
    for (const url of [
      "https://cdn.shop.example/sofa.jpg",
      "http://cdn.shop.example/sofa.jpg",
      "//cdn.shop.example/api/images/x/y",
      "https://cdn.shop.example/api/images/" + "a".repeat(43) + "/eA",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
      "blob:https://app.example/1",
    ]) {
      expect(isProxiedImageUrl(url), url).toBe(false);
    }
  });

  it("never accepts another path of ours, nor a proxy path bent to reach one", () => {
    const valid = proxied("https://cdn.shop.example/a.jpg");
    for (const url of [
      "/api/google-signin?x=a.jpg",
      "http://127.0.0.1:8080/api/google-signin?x=a.jpg",
      "/api/auth/me",
      "/api/images/",
      `/api/images/${"a".repeat(43)}`,
      `/api/images/${"a".repeat(42)}/eA`,
      `/api/images/${"a".repeat(43)}/../../google-signin`,
      `/api/images/${"a".repeat(43)}/%2e%2e%2fgoogle-signin`,
      `${valid}?x=1`,
      `${valid}#x`,
      `${valid}/more`,
      `/api/images/${"a".repeat(43)}\\..\\auth`,
      ` ${valid}`,
      `${valid}\n`,
      `/API/images/${"a".repeat(43)}/eA`,
    ]) {
      expect(isProxiedImageUrl(url), url).toBe(false);
    }
  });

  it("keeps only proxied images in a deal's chain, in order, before its stock image", () => {
    const first = proxied("https://cdn.shop.example/1.jpg");
    const second = proxied("https://cdn.shop.example/2.jpg");
    const urls = ["https://cdn.shop.example/0.jpg", first, "/api/google-signin?x=a.jpg", "", second, "/stock/home-1.svg"];
    expect(candidateImageUrls(urls)).toEqual([first, second]);
    const chain = dealPictureChain({ id: "deal-1", category: "Home", imageUrls: urls }).map((choice) => choice.src);
    expect(chain).toEqual([first, second, stockImageUrl("Home", unitFromText("deal-1"))]);
    // Everything a card may load is ours: the proxy or a bundled stock image.
    const stock = new Set(allStockImageUrls());
    for (const url of chain) expect(isProxiedImageUrl(url) || stock.has(url), url).toBe(true);
  });
});
