import { getDomainWithoutSuffix } from "tldts";
import { brandDomainOf, brandNameOf, isPersonalMailDomain, isStaffName, registrableDomain } from "./brand";
import { isPromotional, isTransactional, nameMatchesAddress } from "./classify";
import { conditionOf, findCodeConditions } from "./codeConditions";
import { findBoxedCodes, findCodes, findColumnCodes, indexOfWholeToken, PROMO_WORD } from "./codes";
import { findDiscount, findTerms } from "./discount";
import { findExpiry } from "./expiry";
import { renderHtml, tidyLines, type HtmlLink, type RenderedHtml } from "./html";
import { pickDealImages } from "./images";
import { readPromotionMarkup, type PromotionMarkup } from "./markup";
import { parseDateHeader, parseMessage, type ParsedMessage } from "./mime";
import { judgeOffer } from "./offer";
import { sanitizeExtractedMessage, webUrl } from "./sanitize";
import { guessCategory } from "./subcategory";
import { addDays, localDateString, namedZoneOffset, zoneNamedInText } from "./timezone";
import type { CodeCondition, ExtractedMessage, ExtractionOptions } from "./types";

export type { CodeCondition, ExtractedDeal, ExtractedMessage, ExtractionOptions } from "./types";

/** Country-code domains whose senders write numeric dates day first. */
const DAY_FIRST_TLDS = /\.(?:uk|ie|au|nz|za|in|sg|hk|my|fr|de|es|it|nl|be|pt|at|ch|se|no|dk|fi|pl|mx|br|ar|cl|co\.\w+|eu)$/i;
/** Prices in pounds or euros and none in dollars: a UK, Irish or European sender, who writes the day first. */
const EUROPEAN_PRICES = /[£€]\s?\d|\d\s?(?:€|EUR\b)/;
const DOLLAR_PRICES = /\$\s?\d/;

/** Whether the sender writes numeric dates day first: by its domains' country, or its prices' currency. */
function writesDayFirst(fromHost: string, brandDomain: string | null, body: string): boolean {
  if (DAY_FIRST_TLDS.test(fromHost) || (brandDomain !== null && DAY_FIRST_TLDS.test(brandDomain))) return true;
  return EUROPEAN_PRICES.test(body) && !DOLLAR_PRICES.test(body);
}

const CTA_TEXT = /\b(?:shop|buy|book|claim|get|subscribe|upgrade|start|order|apply|design|reserve|see|find|open|redeem|save|browse|explore|discover|comprar|learn more|sign up|join)\b/i;
const NON_DEAL_LINK = /unsubscribe|preferences|privacy|view in browser|view online|terms|help|contact|facebook|instagram|twitter|pinterest|tiktok|youtube|linkedin|mailto:|tel:/i;

/** Text a reader sees, whether the message has HTML or only plain text. */
interface Rendering {
  body: string;
  preheader: string;
  /** The sender's own text/plain part, when the message also has HTML. */
  plainAlternative: string;
  html: RenderedHtml | null;
}

function render(message: ParsedMessage): Rendering {
  if (message.html) {
    const html = renderHtml(message.html);
    return { body: html.text, preheader: html.hiddenText, plainAlternative: message.text ?? "", html };
  }
  return { body: tidyLines(message.text ?? ""), preheader: "", plainAlternative: "", html: null };
}

/** The sender's UTC offset: the zone the offer names, else the Date header's own offset. */
function senderOffset(namedZone: string | null, message: ParsedMessage, at: Date): number {
  const offset = namedZone ? namedZoneOffset(namedZone, at) : null;
  return offset ?? message.dateOffsetMinutes ?? 0;
}

/** A markup timestamp as the last valid calendar day in the sender's zone. */
function markupEndDate(value: string, fallbackOffset: number, namedZone: string | null): string | null {
  const dateOnly = /^(\d{4}-\d{2}-\d{2})$/.exec(value.trim());
  if (dateOnly) return dateOnly[1]!;
  // A written offset, or none at all, is the sender's own clock: keep the written date. Only "Z" needs converting.
  const withOffset = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?([+-]\d{2}:?\d{2})?$/.exec(value.trim());
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  let date: string;
  let localTime: string;
  if (withOffset) {
    date = withOffset[1]!;
    localTime = `${withOffset[2]}:${withOffset[3]}`;
  } else {
    const offset = (namedZone ? namedZoneOffset(namedZone, instant) : null) ?? fallbackOffset;
    const shifted = new Date(instant.getTime() + offset * 60_000).toISOString();
    date = shifted.slice(0, 10);
    localTime = shifted.slice(11, 16);
  }
  return localTime === "00:00" ? addDays(date, -1) : date;
}

/** The destination of a click-tracking redirect when it carries one in its query ("?url=https%3A..."). */
export function unwrapTrackedUrl(href: string): string {
  const url = URL.parse(href);
  if (!url) return href;
  for (const value of url.searchParams.values()) {
    const destination = /^https?:\/\/[^/]+\.[^/]+/i.test(value) ? webUrl(value) : null;
    if (destination) return destination;
  }
  return href;
}

/** The link the deal leads to: the markup's, else the call to action, else the first web link, else the sender's site. */
function pickDealUrl(links: readonly HtmlLink[], markup: PromotionMarkup | null): string | null {
  const fromMarkup = markup?.cards.find((card) => card.url)?.url ?? null;
  if (fromMarkup) return fromMarkup;
  // Links are read in order and URLs parsed only as far as the first call to action: a template may hold hundreds.
  let firstWeb: string | null = null;
  let chosen: string | null = null;
  for (const link of links) {
    if (NON_DEAL_LINK.test(`${link.text} ${link.href}`)) continue;
    const callToAction = CTA_TEXT.test(link.text);
    if (!callToAction && firstWeb !== null) continue;
    const url = webUrl(link.href);
    if (!url) continue;
    if (callToAction) {
      chosen = url;
      break;
    }
    firstWeb = url;
  }
  chosen ??= firstWeb;
  return chosen ? unwrapTrackedUrl(chosen) : (markup?.organizationUrl ?? null);
}

/** The sentence that states the benefit: one naming the discount, else one naming a code, else the fallback. */
function describe(body: string, codes: readonly string[], discount: string | null, fallback: string): string {
  const lines = body.split("\n").filter((line) => line.length > 30);
  const amount = discount ? /\d[\d,]*/.exec(discount)?.[0] : undefined;
  const statesAmount = amount ? new RegExp(`(?:[$£€]\\s?${amount}\\b|\\b${amount}\\s?%)`) : null;
  const line =
    (statesAmount ? lines.find((candidate) => statesAmount.test(candidate)) : undefined) ??
    lines.find((candidate) => codes.some((code) => candidate.includes(code))) ??
    fallback;
  return line.length > 280 ? `${line.slice(0, 277)}...` : line;
}

/**
 * The words a footer or signature puts after the brand's name ("Barkbridge Pet Co. · 19 Pearl St" gives "Pet Co."):
 * the sender's own description of its trade, as strong as its display name.
 */
function wordsAfterName(body: string, name: string | null): string {
  if (!name || name.length < 3) return "";
  // A plain search for the name at line starts: cheaper than compiling a regular expression for every message.
  for (let at = body.indexOf(name); at !== -1; at = body.indexOf(name, at + 1)) {
    if (at > 0 && body[at - 1] !== "\n") continue;
    const words = /^[ \t]+([^·|•,\n\d]{1,30})/.exec(body.slice(at + name.length, at + name.length + 32));
    if (words) return words[1]!;
  }
  return "";
}

/** Codes from cues in the body, from labelled code boxes, then any the subject alone states. */
function codesInReadingOrder(rendering: Rendering, subject: string): string[] {
  const found = [
    ...findCodes(rendering.body),
    ...findBoxedCodes(rendering.body, rendering.html?.boxes ?? []),
    ...findColumnCodes(rendering.body, rendering.html?.codeCells ?? []),
  ];
  // A code the plain-text part or the preheader labels ("Code: X") counts when X is also shown, e.g. alone in a box.
  const elsewhere = [rendering.plainAlternative, rendering.preheader].filter((text) => PROMO_WORD.test(text));
  for (const labelled of elsewhere.flatMap((text) => findCodes(text))) {
    if (found.some((existing) => existing.code === labelled.code)) continue;
    const shownAt = indexOfWholeToken(rendering.body, labelled.code);
    if (shownAt !== -1) found.push({ code: labelled.code, index: shownAt });
  }
  found.sort((a, b) => a.index - b.index);
  const codes = [...new Set(found.map((code) => code.code))];
  for (const { code } of findCodes(subject)) if (!codes.includes(code)) codes.push(code);
  return codes;
}

/** The header block a mail client writes above a message it forwards. */
const FORWARDED_BLOCK =
  /^(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|message transf[ée]r[ée]|mensaje reenviado|mensagem encaminhada)\s*-{2,}|begin forwarded message:)\s*\n((?:[a-z][a-z-]*:[^\n]*(?:\n|$)){1,8})/im;
/** A forward's header block sits at the top, above the forwarded message. */
const FORWARD_SEARCH_CHARS = 2_000;

/** The sender and send time of a message forwarded whole: the forwarded shop's, not the person's who forwarded it. */
interface ForwardedOrigin {
  fromName: string | null;
  fromAddress: string;
  sentAt: Date | null;
}

function forwardedOrigin(body: string, outerOffsetMinutes: number): ForwardedOrigin | null {
  const block = FORWARDED_BLOCK.exec(body.slice(0, FORWARD_SEARCH_CHARS))?.[1];
  if (!block) return null;
  const field = (names: string) => new RegExp(`^(?:${names}):[ \t]*(.+)$`, "im").exec(block)?.[1]?.trim() ?? null;
  const from = field("from|von|de");
  const fromAddress = from ? /[^\s<>"'()]+@[^\s<>"'()]+\.[a-z]{2,}/i.exec(from)?.[0]?.toLowerCase() : undefined;
  if (!from || !fromAddress) return null;
  const fromName = from.replace(/<[^>]*>|\[[^\]]*\]|[^\s<>"'()]+@[^\s<>"'()]+/g, "").replace(/["'()]/g, "").trim() || null;
  const date = field("date|sent|datum|gesendet|envoy[ée]|fecha|data");
  const written = date ? parseDateHeader(date) : null;
  // A client writes the forwarded date in the forwarder's own clock, often without a zone ("Fri, Apr 30, 2021 at 7:29 PM").
  const local = date && !written?.instant ? Date.parse(`${date.replace(/\s(?:at|um|à)\s/i, " ")} UTC`) : Number.NaN;
  const sentAt = written?.instant ?? (Number.isNaN(local) ? null : new Date(local - outerOffsetMinutes * 60_000));
  return { fromName, fromAddress, sentAt };
}

/** Each code's condition: the sender's markup states it for its own codes, the body's tiers for the rest. */
function codeConditionsOf(body: string, codes: readonly string[], markupOffers: PromotionMarkup["offers"]): CodeCondition[] {
  const fromMarkup = new Map<string, string>();
  for (const offer of markupOffers) {
    const condition = offer.code && offer.description ? conditionOf(offer.description) : null;
    if (offer.code && condition && !fromMarkup.has(offer.code)) fromMarkup.set(offer.code, condition);
  }
  const fromBody = findCodeConditions(body, codes.filter((code) => !fromMarkup.has(code)));
  return [...[...fromMarkup].map(([code, condition]) => ({ code, condition })), ...fromBody];
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

function cleanSubject(subject: string | null): string {
  return (subject ?? "").replace(/[\p{Extended_Pictographic}\uFE0F\u200d]/gu, "").replace(/\s+/g, " ").trim();
}

/**
 * Reads one raw RFC 5322 message and returns the deals it offers. Pure: no I/O, time comes from the message. Every
 * field of the answer is cleaned and capped (sanitize.ts); a message past the input limits (limits.ts) is refused
 * with an UnreadableMessageError.
 */
export async function extractDeals(raw: string | Uint8Array | ArrayBuffer, options: ExtractionOptions = {}): Promise<ExtractedMessage> {
  return sanitizeExtractedMessage(await readDeals(raw, options));
}

async function readDeals(raw: string | Uint8Array | ArrayBuffer, options: ExtractionOptions): Promise<ExtractedMessage> {
  const message = await parseMessage(raw);
  const sentAt = message.sentAt ?? options.receivedAt ?? null;
  const rendering = render(message);
  const markup = rendering.html ? readPromotionMarkup(rendering.html.jsonLd, rendering.html.microdata) : null;
  const subject = cleanSubject(message.subject);
  const fromHost = message.fromAddress?.split("@")[1] ?? "";
  const fromDomain = registrableDomain(fromHost);
  const bulk = message.headers.has("list-unsubscribe") || message.headers.has("list-id");
  const links = rendering.html?.links ?? [];
  // Plain-text-only mail names its shop in bare URLs.
  const hrefs = rendering.html ? links.map((link) => link.href) : [...rendering.body.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((url) => url[0]);
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
  // (old list mail without unsubscribe headers): the offer decides, below.
  const mayOffer = marketing || (!isTransactional(classifyInput) && !(looksPersonal && !bulk));
  const personal = !marketing && !message.headers.has("list-unsubscribe") && looksPersonal;
  const origin = forwardedOrigin(rendering.body, message.dateOffsetMinutes ?? 0);
  const brandDomain = personal
    ? null
    : brandDomainOf(
        origin?.fromAddress ?? message.fromAddress,
        hrefs,
        origin ? origin.fromName : message.fromName,
        {
          replyTo: origin ? null : (message.headers.get("reply-to") ?? null),
          imageUrls: (rendering.html?.images ?? []).map((image) => image.url),
          listUnsubscribe: origin ? null : (message.headers.get("list-unsubscribe") ?? null),
          body: rendering.body,
        },
      );
  const senderName = origin ? origin.fromName : message.fromName;
  const brandName = isStaffName(senderName, origin ? origin.fromAddress : message.fromAddress, brandDomain) ? null : senderName;
  const brand = personal
    ? null
    : brandNameOf(brandName, markup?.organizationName ?? null, brandDomain, `${subject}\n${rendering.body}`, origin ? origin.fromAddress : message.fromAddress);
  // A forwarded offer runs from when its shop sent it.
  const offerSentAt = origin?.sentAt ?? sentAt;

  const result: ExtractedMessage = {
    messageId: message.messageId,
    // An organisation's bulk mail, newsletters included, is a promotion (what Gmail files there); offers or not.
    isPromotion: mayOffer,
    sender: { name: message.fromName, address: message.fromAddress },
    subject: message.subject,
    sentAt: message.sentAt,
    brand,
    brandDomain,
    deals: [],
  };
  if (!mayOffer) return result;

  const clock = sentAt ?? new Date(0);
  const namedZone = zoneNamedInText(rendering.body);
  const offset = senderOffset(namedZone, message, clock);
  const markupOffers = markup?.offers ?? [];
  const markupCodes = markupOffers.map((offer) => offer.code).filter((code): code is string => Boolean(code));
  const textCodes = codesInReadingOrder(rendering, subject);
  const promoCodes = [...new Set([...markupCodes, ...textCodes])];

  const markupEnd = markupOffers
    .map((offer) => (offer.endsAt ? markupEndDate(offer.endsAt, offset, namedZone) : null))
    .filter((date): date is string => date !== null)
    .sort()
    .pop();
  // The end date and the discount are read when the verdict or the deal needs them: appeals and newsletters skip them.
  const readEndDate = once(
    (): string | null =>
      markupEnd ??
      (offerSentAt
        ? findExpiry({
            body: rendering.body,
            headline: `${subject}\n${rendering.preheader}`,
            sentAt: offerSentAt,
            senderOffsetMinutes: offset,
            dayFirst: writesDayFirst(origin?.fromAddress.split("@")[1] ?? fromHost, brandDomain, rendering.body),
          })
        : null),
  );

  const readDiscount = once(
    () => findDiscount(subject, rendering.preheader, rendering.body) ?? markupOffers.find((offer) => offer.description)?.description ?? null,
  );
  const verdict = judgeOffer({
    subject,
    preheader: rendering.preheader,
    body: rendering.body,
    codes: promoCodes,
    discount: readDiscount,
    endDate: readEndDate,
    senderLabel: brandDomain ? (getDomainWithoutSuffix(brandDomain) ?? "").replace(/[^a-z0-9]/gi, "").toLowerCase() : null,
    markupOffer: markupOffers.length > 0,
  });
  if (verdict !== "offer") return result;

  const expirationDate = readEndDate();
  const discount = readDiscount();
  const title = subject || markup?.cards[0]?.headline || discount || "Offer";
  const markupImages = (markup?.cards ?? []).map((card) => card.image).filter((image): image is string => Boolean(image));
  result.deals.push({
    title,
    description: markupOffers.find((offer) => offer.description)?.description ?? describe(rendering.body, promoCodes, discount, title),
    brand: brand ?? brandDomain ?? "",
    brandDomain: brandDomain ?? "",
    category: guessCategory(
      `${message.fromName ?? ""} ${brandDomain ?? ""} ${markup?.organizationName ?? ""} ${wordsAfterName(rendering.body, brand)}`,
      `${subject} ${rendering.preheader}`,
      rendering.body,
    ),
    promoCodes,
    discount,
    terms: findTerms(rendering.body),
    codeConditions: codeConditionsOf(rendering.body, promoCodes, markupOffers),
    expirationDate: expirationDate && sentAt && expirationDate < localDateString(sentAt, offset) ? null : expirationDate,
    dealUrl: pickDealUrl(links, markup),
    imageUrls: pickDealImages(rendering.html?.images ?? [], markupImages),
    source: markupOffers.length > 0 || markupCodes.length > 0 ? "markup" : "text",
  });
  return result;
}
