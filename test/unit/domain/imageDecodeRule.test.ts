import { describe, expect, it } from "vitest";
import {
  MAX_ANIMATION_PIXELS,
  MAX_IMAGE_FRAMES,
  MAX_IMAGE_PIXELS,
  decodeVerdict,
  isAcceptableDealImage,
  isSafeToDecode,
  type DecodedImageSize,
} from "../../../src/domain/imageRules";

const still = (width: number, height: number): DecodedImageSize => ({ width, height, frames: 1 });

describe("what a browser may be asked to decode", () => {
  it("refuses a 9,000 x 9,000 image (81 megapixels, 324 MB decoded) and anything over 25 megapixels", () => {
    expect(decodeVerdict(still(9000, 9000))).toBe("too_many_pixels");
    expect(decodeVerdict(still(5001, 5000))).toBe("too_many_pixels");
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
  });

  it("refuses a side over 10,000 px however thin the image", () => {
    expect(decodeVerdict(still(10_001, 1))).toBe("side_too_long");
    expect(decodeVerdict(still(1, 65_535))).toBe("side_too_long");
  });

  it("refuses an animation of more than 100 frames, or of more than 100 megapixels in all its frames", () => {
    expect(decodeVerdict({ width: 1, height: 1, frames: MAX_IMAGE_FRAMES + 1 })).toBe("too_many_frames");
    expect(decodeVerdict({ width: 240, height: 180, frames: 150 })).toBe("too_many_frames");
    expect(decodeVerdict({ width: 2000, height: 2000, frames: 26 })).toBe("animation_too_large");
    expect(2000 * 2000 * 25).toBe(MAX_ANIMATION_PIXELS);
    expect(decodeVerdict({ width: 2000, height: 2000, frames: 25 })).toBe("fits");
  });

  it("lets every image a promotional email sends through: photos, banners, animations of a few dozen frames", () => {
    for (const image of [still(600, 400), still(1200, 628), still(4000, 3000), still(5000, 5000), still(10_000, 2500), { width: 600, height: 300, frames: 100 }]) {
      expect(isSafeToDecode(image), JSON.stringify(image)).toBe(true);
    }
  });

  it("keeps a declared pixel bomb out of a deal's images before anything is fetched", () => {
    expect(isAcceptableDealImage({ url: "https://cdn.shop.example/sale.png", width: 9000, height: 9000 })).toBe(false);
    expect(isAcceptableDealImage({ url: "https://cdn.shop.example/sale.png", width: 5000, height: 5000 })).toBe(true);
  });
});
