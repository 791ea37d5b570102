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
