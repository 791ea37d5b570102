/**
 * The extraction boundary: everything an email yields is cleaned and capped here, once, before anything stores or
 * shows it. Every byte of a message is the sender's, so no field is trusted for its content, its length or its count.
 * The caps are those of migration 004_field_caps.sql, which makes the database refuse anything longer.
 */
import { isCalendarDay } from "../../src/domain/calendarDay";
import { validPrice } from "../../src/domain/dealPrice";
import { CONFIDENCES, EVIDENCE_KINDS, type CodeEvidence, type DealEvidence, type FieldEvidence } from "../../src/domain/evidence";
import type { ExtractedDeal, ExtractedMessage } from "./types";
import { cleanMailCategoryEvidence } from "../../src/domain/brandCategory";
import { BARCODE_DIGITS, type Barcode } from "../../src/domain/barcode";

export const FIELD_CAPS = {
  /** Characters (code points) of one field. */
  title: 200,
  description: 1_000,
  discount: 100,
  term: 300,
  brand: 100,
  /** The longest DNS name. */
  brandDomain: 253,
  subject: 500,
  senderName: 200,
  /** 64 for the local part, @, 255 for the domain (RFC 5321). */
  senderAddress: 320,
  messageId: 998,
  /** RFC 2369 and RFC 8058 headers: longer ones are dropped, not cut (a cut address leads somewhere else). */
  listUnsubscribe: 2_048,
  listUnsubscribePost: 100,
  /** A longer "code" is not something anyone types at checkout: it is dropped, not cut. */
  code: 40,
  /** A longer URL is dropped, not cut: a cut URL leads somewhere else. */
  url: 2_048,
  /** Counts per message or per deal. */
  dealsPerMessage: 50,
  codesPerDeal: 20,
  /** UTF-8 bytes of a deal's codes joined by commas: the database indexes them (a B-tree entry holds about 2.7 KB). */
  codeBytesPerDeal: 1_000,
  imagesPerDeal: 10,
  termsPerDeal: 10,
} as const;

/** Lone surrogates (a paired one is a single code point and never matches). */
const LONE_SURROGATE = /\p{Cs}/gu;
/**
 * Control characters, and the bidirectional embeddings, overrides and isolates that reorder how text around them
 * reads. The whitespace among them (tab, line breaks) is collapsed or kept instead.
 */
const CONTROL = /(?!\s)[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function codePointLength(text: string): number {
  let surrogatePairs = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) surrogatePairs++;
  }
  return text.length - surrogatePairs;
}

/**
 * Text within `max` code points: cut between two user-perceived characters (never inside an emoji or an accented
 * letter), at the last space when one is near the end, with an ellipsis.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max || codePointLength(text) <= max) return text;
  // Twice as many UTF-16 units as code points wanted always holds enough of them.
  const head = text.slice(0, 2 * max + 2);
  let kept = "";
  let count = 0;
  for (const { segment } of graphemes.segment(head)) {
    const size = codePointLength(segment);
    if (count + size > max - ELLIPSIS.length) break;
    kept += segment;
    count += size;
  }
  // Back to the last space near the end, unless the cut already falls between two words.
  const space = kept.lastIndexOf(" ");
  if (space > 0 && space >= kept.length * 0.8 && !/^\s/.test(head.slice(kept.length))) kept = kept.slice(0, space);
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/** Printable ASCII: already well-formed, NFC and free of control characters (most titles, codes, names). */
const PRINTABLE_ASCII = /^[ -~]*$/;

/** Well-formed, NFC, without control characters; on one line, its whitespace runs collapsed to single spaces. */
export function cleanLine(text: string): string {
  if (PRINTABLE_ASCII.test(text) && !text.includes("  ")) return text.trim();
  return text.replace(LONE_SURROGATE, "").normalize("NFC").replace(CONTROL, "").replace(/\s+/g, " ").trim();
}

/** Printable ASCII lines: nothing for cleanMultiline to change but runs of spaces and of empty lines, and its ends. */
const PRINTABLE_ASCII_LINES = /^[ -~\n]*$/;

/** As cleanLine, but line breaks and tabs stay (CRLF and CR become LF) and at most one empty line separates two. */
export function cleanMultiline(text: string): string {
  if (PRINTABLE_ASCII_LINES.test(text) && !/ {2}| \n|\n |\n\n\n/.test(text)) return text.trim();
  return text
    .replace(LONE_SURROGATE, "")
    .normalize("NFC")
    .replace(CONTROL, "")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/[^\S\n\t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A cleaned, capped line; null when nothing is left. */
function line(value: string | null | undefined, max: number): string | null {
  if (value == null) return null;
  const cleaned = capText(cleanLine(value), max);
  return cleaned === "" ? null : cleaned;
}

/** A cleaned name that a cut would turn into another one (a domain, an address): null past the cap, lower-cased. */
function identifier(value: string | null | undefined, max: number): string | null {
  const cleaned = value == null ? "" : cleanLine(value).toLowerCase();
  return cleaned !== "" && codePointLength(cleaned) <= max ? cleaned : null;
}

/** A header kept whole or not at all: cleaned to one line, null past the cap (a cut URL leads somewhere else). */
function wholeHeader(value: string | null | undefined, max: number): string | null {
  const cleaned = value == null ? "" : cleanLine(value);
  return cleaned !== "" && codePointLength(cleaned) <= max ? cleaned : null;
}

/**
 * An address a person may follow or an image the server may fetch: http: or https: only, as the WHATWG URL parser
 * (the browser's) reads it, so that "java\tscript:", " JaVaScRiPt:", "data:", "vbscript:" and "file:" are refused
 * whatever their spelling. Credentials (user:pass@) are refused too: they mislead a reader about the host. Answers the
 * parser's own serialisation, which is what a browser would request; null for anything else, or longer than the cap.
 */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  // The parser itself drops leading and trailing C0 controls and spaces, and tabs and newlines anywhere.
  const url = URL.parse(value.trim());
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (url.username !== "" || url.password !== "" || url.hostname === "") return null;
  return url.href.length <= FIELD_CAPS.url ? url.href : null;
}

/** Codes as typed at checkout: cleaned, each within its cap (a longer one is dropped), once each, within the counts. */
function cleanCodes(codes: readonly string[]): string[] {
  const kept: string[] = [];
  let bytes = 0;
  for (const code of codes) {
    const cleaned = cleanLine(code);
    if (cleaned === "" || codePointLength(cleaned) > FIELD_CAPS.code || kept.includes(cleaned)) continue;
    const size = Buffer.byteLength(cleaned) + (kept.length > 0 ? 1 : 0);
    if (bytes + size > FIELD_CAPS.codeBytesPerDeal) continue;
    kept.push(cleaned);
    bytes += size;
    if (kept.length === FIELD_CAPS.codesPerDeal) break;
  }
  return kept;
}

function cleanUrls(urls: readonly string[], max: number): string[] {
  const kept: string[] = [];
  for (const url of urls) {
    const safe = webUrl(url);
    if (safe && !kept.includes(safe)) kept.push(safe);
    if (kept.length === max) break;
  }
  return kept;
}

/** A real calendar date written YYYY-MM-DD (a model or a sender may write "2026-13-45", or the year 0000). */
const calendarDate = (value: string | null): string | null => (value && isCalendarDay(value) ? value : null);

/** An instant with a four-digit year, which every database and ISO 8601 reader takes; else null. */
function plausibleInstant(value: Date | null): Date | null {
  if (!value || Number.isNaN(value.getTime())) return null;
  const year = value.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? value : null;
}

/** Conditions of codes the deal kept, each once, as short as a discount. */
function cleanCodeConditions(conditions: ExtractedDeal["codeConditions"], codes: readonly string[]): ExtractedDeal["codeConditions"] {
  const kept: ExtractedDeal["codeConditions"] = [];
  for (const { code, condition } of conditions) {
    const cleanedCode = cleanLine(code);
    const cleanedCondition = line(condition, FIELD_CAPS.discount);
    if (cleanedCondition && codes.includes(cleanedCode) && !kept.some((existing) => existing.code === cleanedCode)) {
      kept.push({ code: cleanedCode, condition: cleanedCondition });
    }
  }
  return kept;
}

/** A field's evidence when its kind and confidence are ones the domain names, else unknown (null). */
function cleanFieldEvidence(evidence: FieldEvidence | null): FieldEvidence | null {
  if (!evidence || !EVIDENCE_KINDS.includes(evidence.kind) || !CONFIDENCES.includes(evidence.confidence)) return null;
  return { kind: evidence.kind, confidence: evidence.confidence };
}

/** The evidence of the codes the deal kept, each once, and of its other fields; the end date's only with a date or `implied`. */
function cleanEvidence(evidence: DealEvidence, codes: readonly string[], expirationDate: string | null): DealEvidence {
  const kept: CodeEvidence[] = [];
  for (const found of evidence.codes) {
    const code = cleanLine(found.code);
    const field = cleanFieldEvidence(found);
    if (field && codes.includes(code) && !kept.some((existing) => existing.code === code)) kept.push({ code, ...field });
  }
  const endDate = cleanFieldEvidence(evidence.endDate);
  return {
    codes: kept,
    endDate: endDate && (expirationDate !== null) === (endDate.kind !== "implied") ? endDate : null,
    brand: cleanFieldEvidence(evidence.brand),
    category: cleanFieldEvidence(evidence.category),
  };
}

function sanitizeDeal(deal: ExtractedDeal): ExtractedDeal {
  const promoCodes = cleanCodes(deal.promoCodes);
  const expirationDate = calendarDate(deal.expirationDate);
  return {
    title: line(deal.title, FIELD_CAPS.title) ?? "Offer",
    description: capText(cleanMultiline(deal.description), FIELD_CAPS.description),
    brand: line(deal.brand, FIELD_CAPS.brand) ?? "",
    // Past its cap the domain is dropped, and with it the deal, which needs a brand.
    brandDomain: identifier(deal.brandDomain, FIELD_CAPS.brandDomain) ?? "",
    category: deal.category,
    promoCodes,
    discount: line(deal.discount, FIELD_CAPS.discount),
    terms: deal.terms
      .map((term) => line(term, FIELD_CAPS.term))
      .filter((term): term is string => term !== null)
      .slice(0, FIELD_CAPS.termsPerDeal),
    codeConditions: cleanCodeConditions(deal.codeConditions, promoCodes),
    expirationDate,
    dealUrl: webUrl(deal.dealUrl),
    imageUrls: cleanUrls(deal.imageUrls, FIELD_CAPS.imagesPerDeal),
    source: deal.source,
    ...(deal.evidence ? { evidence: cleanEvidence(deal.evidence, promoCodes, expirationDate) } : {}),
    ...cleanLogo(deal.brandLogo),
    ...cleanPrice(deal.price),
    ...cleanBarcode(deal.barcode),
  };
}

/** A logo's address as any image's, and one of the known kinds of evidence; nothing at all without both. */
function cleanLogo(logo: ExtractedDeal["brandLogo"]): Pick<ExtractedDeal, "brandLogo"> {
  const url = webUrl(logo?.url);
  const evidence = logo?.evidence === "markup" || logo?.evidence === "header" ? logo.evidence : null;
  return url && evidence ? { brandLogo: { url, evidence } } : {};
}

/** A price that keeps the domain's rules, in its own fields only; none otherwise. */
function cleanPrice(price: ExtractedDeal["price"]): Pick<ExtractedDeal, "price"> {
  const valid = price ? validPrice({ currency: price.currency, nowHundredths: price.nowHundredths, wasHundredths: price.wasHundredths }) : null;
  return valid ? { price: valid } : {};
}

/** Digits within the barcode's lengths, or an image's web address; anything else is no barcode. */
function cleanBarcode(barcode: Barcode | undefined): { barcode?: Barcode } {
  if (barcode?.kind === "digits") {
    const { min, max } = BARCODE_DIGITS;
    return new RegExp(`^\\d{${min},${max}}$`).test(barcode.value) ? { barcode: { kind: "digits", value: barcode.value } } : {};
  }
  const url = barcode?.kind === "image" ? webUrl(barcode.url) : null;
  return url ? { barcode: { kind: "image", url } } : {};
}

/** Cleans and caps every field of an extraction's answer. Idempotent: a clean answer comes back equal. */
export function sanitizeExtractedMessage(message: ExtractedMessage): ExtractedMessage {
  return {
    messageId: line(message.messageId, FIELD_CAPS.messageId),
    isPromotion: message.isPromotion,
    sender: {
      name: line(message.sender.name, FIELD_CAPS.senderName),
      address: identifier(message.sender.address, FIELD_CAPS.senderAddress),
    },
    subject: line(message.subject, FIELD_CAPS.subject),
    sentAt: plausibleInstant(message.sentAt),
    brand: line(message.brand, FIELD_CAPS.brand),
    brandDomain: identifier(message.brandDomain, FIELD_CAPS.brandDomain),
    ...(message.unsubscribe
      ? {
          unsubscribe: {
            listUnsubscribe: wholeHeader(message.unsubscribe.listUnsubscribe, FIELD_CAPS.listUnsubscribe),
            listUnsubscribePost: wholeHeader(message.unsubscribe.listUnsubscribePost, FIELD_CAPS.listUnsubscribePost),
          },
        }
      : {}),
    deals: message.deals.slice(0, FIELD_CAPS.dealsPerMessage).map(sanitizeDeal),
    ...(message.categoryEvidence ? { categoryEvidence: cleanMailCategoryEvidence(message.categoryEvidence) } : {}),
  };
}
