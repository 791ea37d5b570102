import { isAcceptableLogoSize, MIN_LOGO_SIDE } from "../../src/domain/brandLogo";
import { registrableDomain } from "./brand";
import type { HtmlImage } from "./html";
import { webUrl } from "./sanitize";
import type { FoundLogo } from "./types";


/** The header is the mail's top: only its first images, before much text has been read. */
const HEADER_IMAGES = 4;
const HEADER_TEXT_CHARS = 300;
/** A header logo is small-ish: larger is a hero banner. */
const MAX_HEADER_LOGO_WIDTH = 400;
const MAX_HEADER_LOGO_HEIGHT = 160;

const LOGO_WORD = /(?:^|[^a-z])(?:logo|logotype|wordmark|brandmark)s?(?:[^a-z]|$)/i;
/** Spacers, pixels and trackers name themselves so; none of them is ever a logo, whatever else it says. */
const NOT_A_LOGO = /(?:^|[^a-z])(?:spacer|pixel|blank|transparent|clear|track(?:ing)?|beacon|open|divider)(?:[^a-z]|$)|\/(?:o|wf\/open)\//i;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The best logo evidence in one mail: the sender's schema.org Organization.logo, else its header image. A header
 * image is one of the first few, above most of the text, small-ish (by its declared size), whose alt text, address or
 * class says "logo" or names the brand; one linked to the brand's own domain first. Only web addresses
 * are kept; the image proxy judges the rest (https, a public host, the real size) before anyone sees it.
 */
export function findBrandLogo(
  markupLogo: string | null,
  images: readonly HtmlImage[],
  brand: { name: string | null; domain: string | null },
): FoundLogo | null {
  const stated = webUrl(markupLogo);
  if (stated && !NOT_A_LOGO.test(stated)) return { url: stated, evidence: "markup" };
  const candidates = images.slice(0, HEADER_IMAGES).filter((image) => image.textBefore <= HEADER_TEXT_CHARS && isHeaderLogo(image, brand));
  // Linked to the brand's home beats linked elsewhere (often an email service's click tracker) or not linked.
  const home = (image: HtmlImage) => image.linkHref !== null && brand.domain !== null && registrableDomain(image.linkHref) === brand.domain;
  const header = candidates.find(home) ?? candidates[0];
  const url = header ? webUrl(header.url) : null;
  return url ? { url, evidence: "header" } : null;
}

function isHeaderLogo(image: HtmlImage, brand: { name: string | null; domain: string | null }): boolean {
  if (NOT_A_LOGO.test(image.url) || NOT_A_LOGO.test(image.className)) return false;
  const { width, height } = image;
  if (width !== null && height !== null && !isAcceptableLogoSize({ width, height })) return false;
  if ((width !== null && width < MIN_LOGO_SIDE) || (height !== null && height < MIN_LOGO_SIDE)) return false;
  if ((width ?? 0) > MAX_HEADER_LOGO_WIDTH || (height ?? 0) > MAX_HEADER_LOGO_HEIGHT) return false;
  const name = brand.name ? letters(brand.name) : "";
  const namesBrand = name.length >= 3 && letters(image.alt).includes(name);
  return namesBrand || LOGO_WORD.test(image.alt) || LOGO_WORD.test(image.url) || LOGO_WORD.test(image.className);
}
