import { describe, expect, it } from "vitest";
import { contrastRatio, isAcceptableLogoSize, MIN_MONOGRAM_CONTRAST, monogramColours, monogramLetters } from "../../../src/domain/brandLogo";
import { dealPictureChain } from "../../../src/domain/dealPicture";
import { stockImageUrl, unitFromText } from "../../../src/domain/stockImages";

const proxied = (name: string) => `/api/images/${"A".repeat(43)}/${name}`;

describe("a brand's monogram", () => {
  it.each([
    ["Gearloft Parts", "GP"],
    ["Brindlemart", "B"],
    ["Thistle & Thread", "TT"],
    ["  potter and quince ", "PA"],
    ["Ødegaard Sko", "ØS"],
    ["123 Tyres", "1T"],
    ["!!!", "?"],
    ["", "?"],
  ])("%j is lettered %j", (name, letters) => {
    expect(monogramLetters(name)).toBe(letters);
  });

  it("has a colour of its own, the same for the same name whatever its case or spacing", () => {
    expect(monogramColours("Gearloft Parts")).toEqual(monogramColours(" gearloft parts "));
    const backgrounds = new Set(["Gearloft Parts", "Brindlemart", "Forkcrest", "Toyburrow", "Linenbay", "Vaultpeak VPN"].map((name) => monogramColours(name).light.background));
    expect(backgrounds.size).toBeGreaterThanOrEqual(5);
  });

  it("meets WCAG AA contrast for its letters in the light and the dark theme, for any name", () => {
    const names = Array.from({ length: 400 }, (_, index) => `Brand ${index} ${String.fromCharCode(65 + (index % 26))}`);
    for (const name of names) {
      const { light, dark } = monogramColours(name);
      expect(light.background, name).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(light.background, light.text), name).toBeGreaterThanOrEqual(MIN_MONOGRAM_CONTRAST);
      expect(contrastRatio(dark.background, dark.text), name).toBeGreaterThanOrEqual(MIN_MONOGRAM_CONTRAST);
    }
  });

  it("computes WCAG contrast as the standard does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
  });
});

describe("what may stand for a brand", () => {
  it.each([
    [{ width: 300, height: 80 }, true],
    [{ width: 180, height: 180 }, true],
    [{ width: 16, height: 16 }, true],
    [{ width: 1, height: 1 }, false],
    [{ width: 15, height: 40 }, false],
    [{ width: 600, height: 40 }, false],
    [{ width: 40, height: 200 }, false],
  ])("an image of %j: %s", (size, acceptable) => {
    expect(isAcceptableLogoSize(size)).toBe(acceptable);
  });
});

describe("a card's pictures, in the order tried", () => {
  const deal = { id: "deal-3", category: "Home" as const, imageUrls: [proxied("offer")], brandLogoUrls: [proxied("logo"), proxied("icon")] };

  it("are the offer's images, then the brand's logo, the category's drawing last", () => {
    expect(dealPictureChain(deal)).toEqual([
      { kind: "offer", src: proxied("offer") },
      { kind: "logo", src: proxied("logo") },
      { kind: "logo", src: proxied("icon") },
      { kind: "stock", src: stockImageUrl("Home", unitFromText("deal-3")) },
    ]);
  });

  it("never try a sender's own address, and fall to the drawing only with nothing else", () => {
    const raw = { ...deal, imageUrls: ["https://cdn.shop.example/a.jpg"], brandLogoUrls: ["https://cdn.shop.example/logo.png"] };
    expect(dealPictureChain(raw).map((choice) => choice.kind)).toEqual(["stock"]);
    expect(dealPictureChain({ id: "deal-3", category: "Home", imageUrls: [] }).map((choice) => choice.kind)).toEqual(["stock"]);
  });
});
