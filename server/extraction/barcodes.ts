/**
 * The barcode a mail gives for its offer (src/domain/barcode.ts), for the cashier: digits under a barcode label
 * ("Barcode: 0 12345 67890 5"), else an image its alt text, address or class names a barcode or QR code. Precision
 * first: digits are read only after the label itself, so an order, tracking or phone number is never taken for one,
 * and an app-download QR code is not an offer's.
 */
import { BARCODE_DIGITS, type Barcode } from "../../src/domain/barcode";
import { matchesOf } from "../../src/domain/patternMatches";
import type { HtmlImage } from "./html";
import { webUrl } from "./sanitize";

/** "Barcode", "bar code", "barcode number", "barcode #", then a colon or nothing, then the digits. */
const LABELLED_DIGITS = /\bbar[\s-]?code(?:\s+(?:number|no\.?|num\.?)|\s*#)?\s*[:：]?[\s\u00a0]*(\d(?:[ \u00a0-]?\d)+)(?![\dA-Za-z%$£€])/gi;

/** Words right before the label that make it someone else's barcode: an order's, a parcel's, a card's, a ticket's. */
const NOT_AN_OFFER = /\b(?:order|tracking|shipping|shipment|parcel|package|return|account|member(?:ship)?|loyalty|gift\s*card|card|confirmation|reference|invoice|receipt|ticket|boarding|booking)\s*$/i;

/** A North American phone number as written: 3, 3 and 4 digits set apart, maybe after a 1 or +1. */
const PHONE = /^(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}$/;

/** Whether a name (alt text, file name, class) says barcode or QR code. */
const NAMES_A_BARCODE = /(?:^|[^a-z])(?:bar[\s_-]?code|qr(?:[\s_-]?code)?)(?:[^a-z]|$)/i;

/** What an image about the sender's app or social account says: its QR code is not the offer's. */
const APP_OR_SOCIAL = /\b(?:app|apps|download|install|google\s*play|app\s*store|follow|instagram|wechat|whatsapp|social)\b/i;

export function findBarcodeDigits(text: string): string | null {
  for (const match of matchesOf(LABELLED_DIGITS, text)) {
    const written = match[1]!;
    if (PHONE.test(written)) continue;
    if (NOT_AN_OFFER.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    const digits = written.replace(/[\s\u00a0-]/g, "");
    if (digits.length >= BARCODE_DIGITS.min && digits.length <= BARCODE_DIGITS.max) return digits;
  }
  return null;
}

/** The last segment of an image's address, without its query: the file name that may say barcode or qr. */
function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  } catch {
    return "";
  }
}

/**
 * What an address needs for its file name to say barcode or QR code: the letters themselves (the URL parser drops tabs
 * and line breaks between them), or an escape that may decode to them.
 */
const ADDRESS_MAY_NAME_A_BARCODE = /b[\t\n\r]*a[\t\n\r]*r|q[\t\n\r]*r|%/i;

export function findBarcodeImage(images: readonly HtmlImage[]): string | null {
  for (const image of images) {
    // Parsing every image's address cost more than the rest of the barcode rules: only one that may matter is.
    if (!NAMES_A_BARCODE.test(image.alt) && !NAMES_A_BARCODE.test(image.className) && !ADDRESS_MAY_NAME_A_BARCODE.test(image.url)) continue;
    const names = [image.alt, fileName(image.url), image.className];
    if (!names.some((name) => NAMES_A_BARCODE.test(name))) continue;
    if (names.some((name) => APP_OR_SOCIAL.test(name.replace(/[_-]/g, " ")))) continue;
    const url = webUrl(image.url);
    if (url) return url;
  }
  return null;
}

/** The mail's barcode: its digits when it states them, else its barcode image; null when it gives none. */
export function findBarcode(text: string, images: readonly HtmlImage[]): Barcode | null {
  const digits = findBarcodeDigits(text);
  if (digits) return { kind: "digits", value: digits };
  const url = findBarcodeImage(images);
  return url ? { kind: "image", url } : null;
}
