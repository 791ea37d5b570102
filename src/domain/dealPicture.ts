import type { Deal } from "./deal";
import { candidateImageUrls } from "./imageRules";
import { stockImageUrl, unitFromText } from "./stockImages";

/** What a card's picture shows: the offer's own image, the brand's logo, or its category's drawing. */
export type PictureKind = "offer" | "logo" | "stock";

export interface PictureChoice {
  kind: PictureKind;
  src: string;
}

/**
 * The pictures a deal card tries in turn (docs/product.md, "Deal images"): the offer images from its mail, then its
 * brand's logo, and its category's drawing last, only when none of the others loads. Only image proxy paths are tried.
 */
export function dealPictureChain(deal: Pick<Deal, "id" | "imageUrls" | "brandLogoUrls" | "category">): PictureChoice[] {
  return [
    ...candidateImageUrls(deal.imageUrls).map((src): PictureChoice => ({ kind: "offer", src })),
    ...brandLogoCandidates(deal).map((src): PictureChoice => ({ kind: "logo", src })),
    { kind: "stock", src: stockImageUrl(deal.category, unitFromText(deal.id)) },
  ];
}

/** The brand's logo addresses worth trying, in order: only the image proxy's. */
export function brandLogoCandidates(deal: Pick<Deal, "brandLogoUrls">): string[] {
  return candidateImageUrls(deal.brandLogoUrls ?? []);
}

/** A card's picture box is this many times as wide as it is tall (the CSS draws it at this ratio). */
export const OFFER_PICTURE_RATIO = 3 / 2;

/** How far an image's shape may differ from the box's before filling the box would cut off what it shows. */
const CROP_TOLERANCE = 1.1;

/**
 * How an offer's own image fills the card's box, from the image's real size. A banner wider than the box is shown
 * whole: filling the box would cut its sides, where its words run. A picture taller than the box fills it from the
 * top, where a mail's hero image puts its headline; one near the box's shape just fills it.
 */
export type PictureFit = "whole" | "fromTop" | "fill";

export function offerPictureFit(width: number, height: number): PictureFit {
  if (!(width > 0 && height > 0)) return "fill";
  const ratio = width / height;
  if (ratio > OFFER_PICTURE_RATIO * CROP_TOLERANCE) return "whole";
  if (ratio < OFFER_PICTURE_RATIO / CROP_TOLERANCE) return "fromTop";
  return "fill";
}
