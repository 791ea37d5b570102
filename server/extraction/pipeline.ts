/**
 * How one message becomes deals, stage by stage: readDeals below is the whole order, and each stage reads what the
 * ones before it found. The rules themselves live in files named for what they decide (classify.ts, brand.ts,
 * codes.ts, expiry.ts, discount.ts, offer.ts, ...); a stage only gathers their inputs and passes their answers on.
 */
import { getDomainWithoutSuffix } from "tldts";
import { brandDomainOf, brandNameWithEvidence, isPersonalMailDomain, isStaffName, registrableDomain } from "./brand";
import { isPromotional, isTransactional, nameMatchesAddress } from "./classify";
import { codeConditionsOf } from "./codeConditions";
import { codesWithEvidence } from "./codes";
import { pickDealUrl } from "./dealUrl";
import { dealTitle, describeDeal } from "./description";
import { findDiscount, findTerms } from "./discount";
import { findExpiryWithEvidence, markupEndDate, writesDayFirst, type FoundExpiry } from "./expiry";
import { forwardedOrigin } from "./forwarded";
import { messageLanguage, type Language } from "./language";
import { pickDealImages } from "./images";
import { findBrandLogo } from "./logo";
import { findBarcode } from "./barcodes";
import { readPromotionMarkup, type PromotionMarkup } from "./markup";
import { parseMessage, type ParsedMessage } from "./mime";
import { findPrice } from "./prices";
import { judgeOffer, withoutSponsorBlocks, type OfferVerdict } from "./offer";
import { cleanSubject, linkTargets, render, type Rendering } from "./rendering";
import { readCategory, wordsAfterName, type CategoryReading } from "./subcategory";
import { mailCategoryEvidence } from "./categoryEvidence";
import type { MailCategoryEvidence } from "../../src/domain/brandCategory";
import { localDateString, senderOffset, zoneNamedInText } from "./timezone";
import type { CodeEvidence, FieldEvidence } from "../../src/domain/evidence";
import type { ExtractedDeal, ExtractedMessage, ExtractionOptions } from "./types";

/** The message's deals, unsanitised: extractDeals (index.ts) cleans and caps what this returns. */
export async function readDeals(raw: string | Uint8Array | ArrayBuffer, options: ExtractionOptions): Promise<ExtractedMessage> {
  const message = await parseMessage(raw);
  const content = readContent(message);
  const kind = classifyMail(message, content);
  const sender = identifySender(message, content, kind);
  // Read once: for the brand's evidence from any of its marketing mail, and for the deal's own guess.
  const category = once(() => readCategoryOf(message, content, sender));
  const answer = { ...describeMessage(message, kind, sender), categoryEvidence: categoryEvidenceOf(content, kind, sender, category) };
  if (!kind.mayOffer) return answer;
  const parts = findOfferParts(message, content, sender, options);
  if (judge(content, sender, parts) !== "offer") return answer;
  return { ...answer, deals: [assembleDeal(message, content, sender, parts, category())] };
}

/** What a reader sees, what the sender's markup says, and where the links lead. */
interface Content {
  rendering: Rendering;
  markup: PromotionMarkup | null;
  /** The subject without emoji. */
  subject: string;
  hrefs: string[];
}

function readContent(message: ParsedMessage): Content {
  const rendering = render(message);
  const markup = rendering.html ? readPromotionMarkup(rendering.html.jsonLd, rendering.html.microdata) : null;
  return { rendering, markup, subject: cleanSubject(message.subject), hrefs: linkTargets(rendering) };
}

interface MailKind {
  /** Marketing, or at least neither transactional nor a person's: the offer verdict decides the rest. */
  mayOffer: boolean;
  /** A person's mail: it names no brand. */
  personal: boolean;
}

function classifyMail(message: ParsedMessage, { rendering, markup, subject, hrefs }: Content): MailKind {
  const fromDomain = registrableDomain(hostOf(message.fromAddress));
  const bulk = message.headers.has("list-unsubscribe") || message.headers.has("list-id");
  // A person's name on a company's domain is still the company when the mail links to the company's own site.
  const linksToSender = () => fromDomain !== null && hrefs.some((href) => registrableDomain(href) === fromDomain);
  const looksPersonal =
    (fromDomain !== null && isPersonalMailDomain(fromDomain)) ||
    (!bulk && nameMatchesAddress(message.fromName, message.fromAddress) && !linksToSender());
  const classifyInput = {
    subject,
    body: rendering.body,
    headers: message.headers,
    hasMarkup: markup !== null && (markup.offers.length > 0 || markup.cards.length > 0),
    fromLooksPersonal: looksPersonal,
  };
  const marketing = isPromotional(classifyInput);
  // A mail that is neither transactional nor a person's may still hold an offer that the marketing test missed
  // (old list mail without unsubscribe headers): the offer decides, later.
  const mayOffer = marketing || (!isTransactional(classifyInput) && !(looksPersonal && !bulk));
  const personal = !marketing && !message.headers.has("list-unsubscribe") && looksPersonal;
  return { mayOffer, personal };
}

/** Whose offer it is: the shop's, even when a person forwarded its mail whole. */
interface Sender {
  brand: string | null;
  brandDomain: string | null;
  /** The shop's mail host (the forwarded shop's for a forward): its country says how it writes dates. */
  host: string;
  /** When the forwarded shop sent its mail, for a forward that says. */
  forwardedAt: Date | null;
  /** Where the brand's name came from; null with no brand. */
  brandEvidence: FieldEvidence | null;
}

function identifySender(message: ParsedMessage, { rendering, markup, subject, hrefs }: Content, { personal }: MailKind): Sender {
  const origin = forwardedOrigin(rendering.body, message.dateOffsetMinutes ?? 0);
  const fromAddress = origin ? origin.fromAddress : message.fromAddress;
  const fromName = origin ? origin.fromName : message.fromName;
  const brandDomain = personal
    ? null
    : brandDomainOf(fromAddress, hrefs, fromName, {
        replyTo: origin ? null : (message.headers.get("reply-to") ?? null),
        imageUrls: (rendering.html?.images ?? []).map((image) => image.url),
        listUnsubscribe: origin ? null : (message.headers.get("list-unsubscribe") ?? null),
        body: rendering.body,
      });
  const brandName = isStaffName(fromName, fromAddress, brandDomain) ? null : fromName;
  const named = personal ? null : brandNameWithEvidence(brandName, markup?.organizationName ?? null, brandDomain, `${subject}\n${rendering.body}`, fromAddress);
  const host = origin?.fromAddress.split("@")[1] ?? hostOf(message.fromAddress);
  return { brand: named?.name ?? null, brandDomain, host, forwardedAt: origin?.sentAt ?? null, brandEvidence: named?.evidence ?? null };
}

/**
 * What a brand's mail says about its trade, for the brand's category (src/domain/brandCategory.ts): the mail's words
 * as its deal's category reads them, and its markup's types. Only a brand's marketing mail speaks for it.
 */
function categoryEvidenceOf({ markup }: Content, { mayOffer }: MailKind, { brandDomain }: Sender, category: () => CategoryReading): MailCategoryEvidence | null {
  if (!mayOffer || !brandDomain) return null;
  return mailCategoryEvidence(category(), markup?.types ?? []);
}

/** What the mail's sender (its name, domain, markup and signature), headline and body say about its trade. */
function readCategoryOf(message: ParsedMessage, { rendering, markup, subject }: Content, { brand, brandDomain }: Sender): CategoryReading {
  return readCategory(
    `${message.fromName ?? ""} ${brandDomain ?? ""} ${markup?.organizationName ?? ""} ${wordsAfterName(rendering.body, brand)}`,
    `${subject} ${rendering.preheader}`,
    rendering.body,
  );
}

/** The answer for a message with no deal, which a deal then joins. */
function describeMessage(message: ParsedMessage, { mayOffer }: MailKind, { brand, brandDomain }: Sender): ExtractedMessage {
  return {
    messageId: message.messageId,
    // An organisation's bulk mail, newsletters included, is a promotion (what Gmail files there); offers or not.
    isPromotion: mayOffer,
    sender: { name: message.fromName, address: message.fromAddress },
    subject: message.subject,
    sentAt: message.sentAt,
    brand,
    brandDomain,
    unsubscribe: { listUnsubscribe: message.headers.get("list-unsubscribe") ?? null, listUnsubscribePost: message.headers.get("list-unsubscribe-post") ?? null },
    deals: [],
  };
}

/** What an offer is made of. The end date and the discount are read when the verdict or the deal needs them. */
interface OfferParts {
  /** The Date header's instant, else when the message was received. */
  sentAt: Date | null;
  /** The sender's UTC offset in minutes. */
  offset: number;
  markupOffers: PromotionMarkup["offers"];
  markupCodes: string[];
  promoCodes: string[];
  /** What presented each of promoCodes, in its order. */
  codeEvidence: CodeEvidence[];
  endDate: () => string | null;
  /** The end date and what stated it (or implied an end without one). */
  expiry: () => FoundExpiry;
  discount: () => string | null;
}

function findOfferParts(message: ParsedMessage, { rendering, markup, subject }: Content, sender: Sender, options: ExtractionOptions): OfferParts {
  // The sender's language says how its dates read; read only when a date is.
  const language = (): Language =>
    messageLanguage(message.headers.get("content-language"), rendering.html?.lang, `${subject}\n${rendering.body}`, [sender.host, sender.brandDomain]);
  const sentAt = message.sentAt ?? options.receivedAt ?? null;
  // A forwarded offer runs from when its shop sent it.
  const offerSentAt = sender.forwardedAt ?? sentAt;
  const namedZone = zoneNamedInText(rendering.body);
  const offset = senderOffset(namedZone, message.dateOffsetMinutes, sentAt ?? new Date(0));
  const markupOffers = markup?.offers ?? [];
  const markupCodes = markupOffers.map((offer) => offer.code).filter((code): code is string => Boolean(code));
  const readCodes = codesWithEvidence(rendering, subject);
  const promoCodes = [...new Set([...markupCodes, ...readCodes.map((found) => found.code)])];
  const codeEvidence = promoCodes.map(
    (code): CodeEvidence =>
      markupCodes.includes(code) ? { code, kind: "markup", confidence: "stated" } : readCodes.find((found) => found.code === code)!,
  );
  const markupEnd = markupOffers
    .map((offer) => (offer.endsAt ? markupEndDate(offer.endsAt, offset, namedZone) : null))
    .filter((date): date is string => date !== null)
    .sort()
    .pop();
  // Appeals and newsletters never get as far as asking: reading dates is the costly part.
  const expiry = once((): FoundExpiry => {
    if (markupEnd) return { date: markupEnd, evidence: { kind: "markup", confidence: "stated" } };
    if (!offerSentAt) return { date: null, evidence: null };
    const lang = language();
    return findExpiryWithEvidence({
      body: rendering.body,
      headline: `${subject}\n${rendering.preheader}`,
      sentAt: offerSentAt,
      senderOffsetMinutes: offset,
      dayFirst: writesDayFirst(sender.host, sender.brandDomain, rendering.body, lang),
      language: lang,
    });
  });
  const endDate = () => expiry().date;
  // The mail's own discount: a sponsor's advertisement in it ("Compare & save $20") is the sponsor's.
  const discount = once(
    () =>
      findDiscount(subject, rendering.preheader, withoutSponsorBlocks(rendering.body)) ??
      markupOffers.find((offer) => offer.description)?.description ??
      null,
  );
  return { sentAt, offset, markupOffers, markupCodes, promoCodes, codeEvidence, endDate, expiry, discount };
}

function judge({ rendering, subject }: Content, { brandDomain }: Sender, parts: OfferParts): OfferVerdict {
  return judgeOffer({
    subject,
    preheader: rendering.preheader,
    body: rendering.body,
    codes: parts.promoCodes,
    discount: parts.discount,
    endDate: parts.endDate,
    senderLabel: brandDomain ? (getDomainWithoutSuffix(brandDomain) ?? "").replace(/[^a-z0-9]/gi, "").toLowerCase() : null,
    markupOffer: parts.markupOffers.length > 0,
  });
}

function assembleDeal(
  message: ParsedMessage,
  { rendering, markup, subject }: Content,
  { brand, brandDomain, brandEvidence }: Sender,
  parts: OfferParts,
  reading: CategoryReading,
): ExtractedDeal {
  const { sentAt, offset, markupOffers, promoCodes } = parts;
  const expiry = parts.expiry();
  const expirationDate = expiry.date;
  // An end before the mail was sent is dropped (below), and what stated it with it.
  const endsBeforeSent = expirationDate !== null && sentAt !== null && expirationDate < localDateString(sentAt, offset);
  const discount = parts.discount();
  const title = dealTitle(subject, markup?.cards[0]?.headline, discount);
  const markupImages = (markup?.cards ?? []).map((card) => card.image).filter((image): image is string => Boolean(image));
  const category = { category: reading.guess ?? "Others", evidence: reading.evidence };
  const price = findPrice(markup, rendering, subject);
  const barcode = findBarcode(rendering.body, rendering.html?.images ?? []);
  return {
    title,
    description: markupOffers.find((offer) => offer.description)?.description ?? describeDeal(rendering.body, promoCodes, discount, title),
    brand: brand ?? brandDomain ?? "",
    brandDomain: brandDomain ?? "",
    category: category.category,
    promoCodes,
    discount,
    terms: findTerms(rendering.body),
    codeConditions: codeConditionsOf(rendering.body, promoCodes, markupOffers),
    expirationDate: endsBeforeSent ? null : expirationDate,
    dealUrl: pickDealUrl(rendering.html?.links ?? [], markup),
    imageUrls: pickDealImages(rendering.html?.images ?? [], markupImages),
    brandLogo: findBrandLogo(markup?.organizationLogo ?? null, rendering.html?.images ?? [], { name: brand, domain: brandDomain }),
    source: markupOffers.length > 0 || parts.markupCodes.length > 0 ? "markup" : "text",
    evidence: {
      codes: parts.codeEvidence,
      endDate: endsBeforeSent ? null : expiry.evidence,
      // A deal without a brand name is filed under its domain: the sender's, inferred.
      brand: brandEvidence ?? (brandDomain ? { kind: "sender", confidence: "inferred" } : null),
      category: category.evidence,
    },
    ...(price ? { price } : {}),
    ...(barcode ? { barcode } : {}),
  };
}

function hostOf(address: string | null): string {
  return address?.split("@")[1] ?? "";
}

/** A value computed on first use, then kept. */
function once<T>(read: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = read();
      done = true;
    }
    return value;
  };
}
