import { describe, expect, it } from "vitest";
import { OFFER_PICTURE_RATIO, offerPictureFit } from "../../../src/domain/dealPicture";

describe("how an offer's own image fills a card's box", () => {
  it.each([
    // Email banners: as wide as a mail, a fraction of its height. Filling a 3:2 box would cut their sides.
    [600, 200, "whole"],
    [600, 300, "whole"],
    [600, 320, "whole"],
    [1200, 628, "whole"],
    // Near the box's own shape: filling it loses next to nothing.
    [600, 400, "fill"],
    [300, 200, "fill"],
    [640, 400, "fill"],
    [560, 400, "fill"],
    // Square product shots and tall hero images: filled from the top, where a hero's headline is.
    [600, 600, "fromTop"],
    [600, 900, "fromTop"],
    [320, 1200, "fromTop"],
  ] as const)("%i × %i is shown %s", (width, height, fit) => {
    expect(offerPictureFit(width, height)).toBe(fit);
  });

  it("fills the box when the image's size is unknown or nonsense", () => {
    for (const [width, height] of [[0, 0], [600, 0], [0, 300], [Number.NaN, 300], [-600, 300]]) expect(offerPictureFit(width!, height!)).toBe("fill");
  });

  it("changes its answer only at the box's shape give or take a tenth, from both sides", () => {
    const height = 1000;
    const fits = Array.from({ length: 400 }, (_, step) => offerPictureFit(800 + step * 5, height));
    // As an image widens, its fit moves from top-anchored to filled to whole, and never back.
    const order = ["fromTop", "fill", "whole"];
    for (let index = 1; index < fits.length; index++) expect(order.indexOf(fits[index]!)).toBeGreaterThanOrEqual(order.indexOf(fits[index - 1]!));
    expect(offerPictureFit(OFFER_PICTURE_RATIO * height, height)).toBe("fill");
  });
});
