/**
 * Promo codes found by the words around them. Precision first: a token is a code only when a cue says so
 * ("use code X", "code: X", "enter X at checkout", a code box under such a label), never by its shape alone.
 */
import type { CodeEvidence, Confidence, EvidenceKind } from "../../src/domain/evidence";
import { matchesOf } from "../../src/domain/patternMatches";
import { CODE_NOUN } from "./codeWords";
import { SAVE_VERBS } from "./discount";
import type { Rendering } from "./rendering";

const TOKEN = "([A-Za-z0-9](?:[A-Za-z0-9-]{1,28}[A-Za-z0-9])?)";
/**
 * Quotes and brackets that may open around a code, as each language we read writes them: "…", ‘…’, „…“ (German),
 * « … » with its spaces (French), »…« and a box's "[" or "(".
 */
const OPENING = "(?:[\"'“‘«»„‚‹›\\[(*][\\s\\u00a0]*)*";
/** The quotes and brackets that close around a code. */
const CLOSING = "(?:[\\s\\u00a0]*[\"'”’»«“‘›‹)\\]])*";
const END = "(?![A-Za-z0-9_=/@-]|\\.[A-Za-z0-9])";
const SEP =
  `[*†¹²³]*[\\s\\u00a0]*(?:(?:below(?:\\.(?=[ \\t\\u00a0]*\\n))?|here|at\\s+check-?out|in\\s+(?:your\\s+|the\\s+)?(?:cart|bag|basket))[\\s\\u00a0]*){0,2}(?:[:：=–—-]|\\bis\\b)?[\\s\\u00a0]*${OPENING}`;

/** "use code X", "Code: X", "codes X and Y", "mention code X", "usa el código X". */
const LABELLED = new RegExp(`\\b${CODE_NOUN}(?![A-Za-z])${SEP}${TOKEN}${END}((?:\\s*(?:,|\\+|&|and|or|y|et|und)\\s*${TOKEN.replace("(", "(?:")}${END})*)`, "gi");
/** A label that ends with a colon, before any opening quote: "Code: «X»". */
const LABEL_END = new RegExp(`[:：]\\s*${OPENING}$`);
/** "Enter X at checkout", "apply X in your bag", "mention X when you book". */
const ACTION = new RegExp(
  `\\b(?:enter|apply|use|redeem|add|type|paste|mention|quote|ingresa|usa|aplica)\\s+${OPENING}${TOKEN}${END}${CLOSING}\\s+(at|in|during|on|when|to|for|al|en)\\b\\s*(\\S+)?`,
  "gi",
);

/** Labels that name something other than a promo code. */
const NOT_PROMO_LABEL =
  /\b(?:verification|verify|security|confirmation|confirm|login|log-in|sign-in|signin|one-time pass\w*|passcode|otp|2fa|auth\w*|access|door|buzzer|gate|entry|alarm|zip|postal|post|area|country|dial|qr|bar|source|dress|reference|ref|order|tracking|style|product|item|colou?r|sku|part|model|error|status|tax|referral|referral link|invite|invitation|friend'?s?|personal invite|pin|reset|activation|gift card|card|account|member(?:ship)? (?:id|number)|routing|swift|sort)\s*$/i;

/** Words that follow "code" in a sentence, or name a payment method: never a code. */
const FUNCTION_WORDS = new Set(
  `HERE BELOW ABOVE INSIDE AT IN ON FOR THE AND OR TO A AN OF WITH WHEN YOUR YOU IT THIS THAT IS ARE BE NO NOT ONLY ONE ALL
  NONE CODE CODES PROMO COUPON REQUIRED NEEDED NECESSARY VALID EXPIRES APPLIED AUTOMATICALLY CHECKOUT CART BAG ONLINE STORE
  STORES COPIED COPY TAP CLICK SEE BUTTON WORKS COMES AMEX VISA MASTERCARD DISCOVER PAYPAL KLARNA AFTERPAY AFFIRM VENMO CASH CARD
  ENTER USE APPLY GET CLAIM SHOP REDEEM UNLOCK UNLOCKED REVEAL REVEALED BOOK CALL VISIT ORDER DETAILS TERMS CONDITIONS
  EXCLUSIONS EXCLUSION EXCLUDES EXCLUDED INFO INFORMATION APPLIES INCLUDED EXPIRED REDEEMED ACTIVATED ACTIVE PERIOD LIMIT
  LIMITS RULES FAQ QUESTIONS RESTRICTIONS STACKABLE COMBINABLE EXPIRATION EXPIRY WORD REMOVE UNSUBSCRIBE STOP SUBSCRIBE HELP`
    .split(/\s+/)
    .filter(Boolean),
);

/** Uppercase words that marketing shouts but nobody types at checkout, unless a label explicitly presents them. */
const MARKETING_WORDS = new Set(
  `FREE SHIPPING SHIP SALE SALES BOGO OFF NOW NEW SHOP DEAL DEALS SAVE SAVINGS OFFER OFFERS LIVE READY EXTRA BONUS GIFT GIFTS
  TODAY TONIGHT TOMORROW ENDS END LAST CHANCE FINAL HOURS DAYS WEEKEND HURRY DISCOUNT DISCOUNTS
  DOORBUSTER DOORBUSTERS CLEARANCE EXCLUSIVE SPECIAL LIMITED TIME BLACK FRIDAY CYBER MONDAY HOLIDAY VIP MEMBERS MEMBER
  PERCENT SITEWIDE STOREWIDE EVERYTHING RETURNS DELIVERY POINTS REWARDS`
    .split(/\s+/)
    .filter(Boolean),
);

/** True for a token shaped like something a shopper types: letters with digits, or an all-caps word, not a number. */
export function isCodeShaped(token: string, presented = false): boolean {
  if (token.length < 3 || token.length > 30) return false;
  if (!/[A-Za-z]/.test(token)) return false;
  const upper = token.toUpperCase();
  if (!/\d/.test(token) && (FUNCTION_WORDS.has(upper) || (!presented && MARKETING_WORDS.has(upper)))) return false;
  // A hex colour interleaves letters and digits (5E7F5A); a code like FACE25 keeps them in blocks.
  if (/^[0-9A-Fa-f]{6}$/.test(token) && !/^(?:[A-Za-z]+\d+|\d+[A-Za-z]+)$/.test(token)) return false;
  if (/^\d+(?:st|nd|rd|th|px|am|pm|ml|oz|lb|lbs|mm|cm|kg|g|mo|yr|x|k|gb|tb|hz|mp)$/i.test(token)) return false;
  if (/^(?:[A-Z]{1,3}-?)?\d{3,}-\d{2,}$/.test(token)) return false;
  const hasDigit = /\d/.test(token);
  const hasLower = /[a-z]/.test(token);
  const hasUpper = /[A-Z]/.test(token);
  if (hasDigit) return hasUpper || !hasLower || token.length >= 5;
  // Three capitals are a code only when a label presents them ("promo code OWL"); alone they are acronyms.
  return hasUpper && !hasLower && token.replace(/-/g, "").length >= (presented ? 3 : 4);
}

const TOKEN_CHAR = /[A-Za-z0-9-]/;

/**
 * Where `token` first stands alone in `text` from `from` on (no letter, digit or hyphen glued to it), or -1. A plain
 * search, as a code may be searched for many times.
 */
export function indexOfWholeToken(text: string, token: string, from = 0): number {
  for (let at = text.indexOf(token, from); at !== -1; at = text.indexOf(token, at + 1)) {
    const before = text[at - 1];
    const after = text[at + token.length];
    if ((before === undefined || !TOKEN_CHAR.test(before)) && (after === undefined || !TOKEN_CHAR.test(after))) return at;
  }
  return -1;
}

export interface FoundCode {
  code: string;
  index: number;
  /** What presented it: a label or instruction in the text, a styled box, the subject. */
  kind: EvidenceKind;
  /** Stated unless said: a code read without a label is only inferred. */
  confidence?: Confidence;
}

function labelAllowsCode(text: string, labelStart: number): boolean {
  const before = text.slice(Math.max(0, labelStart - 40), labelStart).replace(/[\s\-–:/]+$/, "");
  return !NOT_PROMO_LABEL.test(before);
}

/** A promo word near a code box: "code", "coupon", "promo", in a few languages. */
export const PROMO_WORD = /\b(?:codes?|coupons?|promo|voucher|c[oó]digo|codice|cup[oó]n|cupom|cup[aã]o|gutschein\w*|rabatt\w*|aktionscode|kortingscode|actiecode|code promo)(?![\wà-ÿ])/i;

/**
 * A styled code box holding a single code-shaped token (letters and digits) counts when a promo word sits just
 * before it, and no verification-style label does.
 */
const INSTRUCTION_BEFORE_BOX =
  /\b(?:(?:enter|use|apply|copy|redeem)\s+(?:this|the|your)\s+(?:promo\s+|coupon\s+|discount\s+)?code(?:\s+below)?|(?:code|coupon)\s+below|your\s+(?:promo\s+|discount\s+)?code(?:\s+is)?)\s*(?:at\s+check-?out\s*)?[:.]?\s*$/i;

/** A word in capitals, which a shop may make its code ("SNOWDROP") where an instruction points at it. */
const CAPITALS_WORD = /^[A-Z][A-Z-]{3,}$/;

export function findBoxedCodes(text: string, boxes: readonly string[]): FoundCode[] {
  const found: FoundCode[] = [];
  for (const box of boxes) {
    const token = box.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9-]{2,28}[A-Za-z0-9]$/.test(token) || !/[A-Za-z]/.test(token)) continue;
    const index = text.indexOf(token);
    if (index === -1 || found.some((existing) => existing.code === token)) continue;
    const before = text.slice(Math.max(0, index - 120), index);
    // An ordinary word alone in a box is a code only right after an instruction that points at it ("enter the code below").
    const pointedAt = INSTRUCTION_BEFORE_BOX.test(before);
    if (!isCodeShaped(token, pointedAt) || (!/\d/.test(token) && !(pointedAt && CAPITALS_WORD.test(token)))) continue;
    const after = text.slice(index + token.length, index + token.length + 80);
    // "use [GIFT15]": an action verb right before a styled box presents it as a code as plainly as a label does.
    const labelled =
      /\b(?:use|enter|apply|redeem)\s*$/i.test(before) ||
      (PROMO_WORD.test(before) ? labelAllowsCode(text, before.search(PROMO_WORD) + Math.max(0, index - 120)) : PROMO_WORD.test(after));
    if (labelled && !NOT_PROMO_LABEL.test(before.replace(/[\s\-–:/]+$/, "")) && !isAppliedLine(text, index)) {
      found.push({ code: token, index, kind: "box" });
    }
  }
  return found;
}

const WHOLE_TOKEN = new RegExp(`^${TOKEN}$`);

/** Each cell of a table column headed "Code" that holds one code-shaped token: the header presents it as a code. */
export function findColumnCodes(text: string, cells: readonly string[]): FoundCode[] {
  const found: FoundCode[] = [];
  for (const cell of cells) {
    const token = cell.trim();
    if (!WHOLE_TOKEN.test(token) || !isCodeShaped(token, true) || found.some((existing) => existing.code === token)) continue;
    const index = text.indexOf(token);
    // The column's header is the code's label.
    if (index !== -1 && !isAppliedLine(text, index)) found.push({ code: token, index, kind: "label" });
  }
  return found;
}

/** A tier line: a discount and a code on their own line ("$10 off $50+ SAVE10", "SAVE25 – 25% off"). */
const DISCOUNT = "(?:(?:up to\\s+)?(?:[$£€]\\s?\\d[\\d,.]*|\\d{1,2}\\s?%)\\s+off(?:\\s+(?:orders?\\s+)?(?:of\\s+|over\\s+)?[$£€]\\s?\\d[\\d,.]*\\+?(?:\\s+or\\s+more)?)?)";
const TIER_TOKEN = "([A-Z0-9][A-Z0-9-]{1,28}[A-Z0-9])";
const TIER_LINE = new RegExp(`^(?:${DISCOUNT}[\\s:–—-]+${TIER_TOKEN}|${TIER_TOKEN}[\\s:–—-]+${DISCOUNT})$`, "gim");

/** "15% off your first order: WELCOME15": a discount, then a colon and a token with letters and digits. */
const OFFER_COLON = new RegExp(`(?:\\d{1,2}\\s?%|[$£€]\\s?\\d+)\\s+off\\b[^.:\\n]{0,40}:[\\s\\u00a0]*${TOKEN}${END}`, "gi");

/** Fine print that wraps the code in its label: "Enter promotion WINTER code in your bag". */
const WRAPPED_LABEL = new RegExp(`\\b(?:enter|use|apply|redeem)\\s+(?:the\\s+)?(?:promotion|promo|coupon|offer|discount)\\s+${TOKEN}\\s+code\\b`, "gi");

/** A label that can only name a promo code ("promo code", "coupon code"), unlike a bare "code". */
const SPECIFIC_LABEL = /\b(?:promo(?:tional|tion)?|coupon|discount|offer|voucher|priority)\s+code\s*$/i;

/**
 * A code set on the line below its label stands alone there ("Your code:" then "SAVE20"), or is followed only by
 * where to use it; the first word of a heading or sentence that happens to follow a line ending in "code" is not one.
 */
function standsBelowLabel(text: string, match: RegExpMatchArray): boolean {
  const token = match[1]!;
  const tokenAt = match[0].indexOf(token, match[0].search(/code|coupon|promo|voucher|c[oó]digo|codice|cup|gutschein|rabatt|aktion|korting|actie|kod/i));
  if (!match[0].slice(0, tokenAt).includes("\n")) return true;
  const start = match.index! + tokenAt + token.length;
  const lineEnd = text.indexOf("\n", start);
  const rest = text.slice(start, lineEnd === -1 ? undefined : lineEnd);
  return !/\p{L}/u.test(rest) || /^\s*(?:[-–—:,(+]|(?:at|in|for|on|to|and|or|when)\b)/i.test(rest);
}

/** A further code in a list after the first ("codes SAVE10, SAVE20 and SAVE30"). */
const LISTED_TOKEN = /[A-Za-z0-9](?:[A-Za-z0-9-]{1,28}[A-Za-z0-9])?/g;

/**
 * A code alone on its line with the instruction to use it on the line below ("WINTER20" / "Use this code at checkout"),
 * in each language we read.
 */
const CODE_ABOVE = new RegExp(
  `^${TOKEN}$\\n(?:(?:use|enter|apply|copy|redeem)\\s+(?:this|the)\\s+(?:promo\\s+|coupon\\s+|discount\\s+)?code|(?:the\\s+)?(?:code|coupon)\\s+above|(?:use|enter|apply)\\s+(?:it\\s+)?at\\s+check-?out|verwende\\w*\\s+diesen\\s+code|gib\\s+diesen\\s+code|utilise[zr]?\\s+ce\\s+code|usa\\s+(?:este|ese)\\s+c[oó]digo|usa\\s+questo\\s+codice|gebruik\\s+deze\\s+code|use\\s+este\\s+(?:c[oó]digo|cupom))(?![A-Za-z])`,
  "gim",
);

/** Words that point the reader further down ("the code below"), in the languages we read, or a colon ending the line. */
const POINTS_BELOW = /\b(?:below|underneath|unten|ci-dessous|abajo|a continuación|qui sotto|hieronder|abaixo)\b|[:：]\s*$/i;

/**
 * Whether the rest of an instruction's line (from `from`) points at a code other than the word above it: "below", or a
 * code of its own ("Use this code at checkout: SAVE20"). Then the word above is a heading.
 */
function pointsElsewhere(text: string, from: number): boolean {
  const lineEnd = text.indexOf("\n", from);
  const rest = text.slice(from, lineEnd === -1 ? undefined : lineEnd);
  return POINTS_BELOW.test(rest) || (rest.match(/[A-Za-z0-9-]+/g) ?? []).some((token) => isCodeShaped(token));
}

/** A verb right before a code label that tells the reader to type what follows. */
const USE_BEFORE = /\b(?:use|enter|apply|redeem)\s+(?:the\s+)?$/i;

/** Codes in reading order, each once. */
export function findCodes(text: string): FoundCode[] {
  const found: FoundCode[] = [];
  const add = (code: string, index: number, presented = false) => {
    if (isCodeShaped(code, presented) && !found.some((existing) => existing.code === code)) found.push({ code, index, kind: "label" });
  };

  for (const match of matchesOf(LABELLED, text)) {
    if (!isCodeShaped(match[1]!, true) && !match[2]) continue;
    if (!labelAllowsCode(text, match.index)) continue;
    if (isAppliedLine(text, match.index)) continue;
    if (!standsBelowLabel(text, match)) continue;
    const label = match[0].slice(0, match[0].indexOf(match[1]!, match[0].search(/code|coupon|promo|voucher|c[oó]digo|codice|cup|gutschein|rabatt|aktion|korting|actie|kod/i)));
    // "Use code EXTRA": told to use it, in a sentence not shouted in capitals, an ordinary word is the code. Three
    // capitals stay an acronym unless a label names a promo code.
    const instructed =
      match[1]!.length >= 4 && /[a-z]/.test(label) && USE_BEFORE.test(text.slice(Math.max(0, match.index - 20), match.index));
    add(match[1]!, match.index, LABEL_END.test(label) || SPECIFIC_LABEL.test(label) || instructed);
    const rest = match[2] ?? "";
    for (const extra of matchesOf(LISTED_TOKEN, rest)) {
      if (!/^(?:and|or|y|et|und)$/i.test(extra[0])) add(extra[0], match.index + match[0].indexOf(rest) + extra.index);
    }
  }
  if (PROMO_WORD.test(text)) {
    for (const match of matchesOf(TIER_LINE, text)) {
      const token = (match[1] ?? match[2])!;
      if (/\d/.test(token) && /[A-Z]/.test(token)) add(token, match.index + match[0].indexOf(token));
    }
  }
  for (const match of matchesOf(WRAPPED_LABEL, text)) add(match[1]!, match.index + match[0].indexOf(match[1]!), true);
  for (const match of matchesOf(CODE_ABOVE, text)) {
    if (/\d/.test(match[1]!) || (CAPITALS_WORD.test(match[1]!) && !pointsElsewhere(text, match.index + match[0].length))) add(match[1]!, match.index, true);
  }
  for (const match of matchesOf(OFFER_COLON, text)) {
    const token = match[1]!;
    if (/\d/.test(token) && /[A-Za-z]/.test(token) && !isAppliedLine(text, match.index)) add(token, match.index + match[0].lastIndexOf(token));
  }
  for (const match of matchesOf(ACTION, text)) {
    const next = (match[3] ?? "").toLowerCase();
    const checkoutLike =
      /^(?:checkout|check-out|your|the|cart|bag|basket|app|online|store|pagar|caja|call|book|booking|shop\w*|order\w*|purchase|payment|billing)/.test(next) ||
      (match[2]!.toLowerCase() === "for" && /^(?:[$£€]|\d+%)/.test(next));
    if (checkoutLike) add(match[1]!, match.index);
  }
  return found.sort((a, b) => a.index - b.index);
}

/** A discount's figure: "20%", "20 %", "$10", "€10.00", "10 €", "R$ 10". */
const DISCOUNT_FIGURE = /(?:R\$|[$£€])\s?(\d{1,4})(?:[.,]\d{2})?(?![\d.,]*\d)|(?<![\d.,])(\d{1,4})(?:[.,]\d{2})?\s?(?:%|€)/g;
/** The same, starting the text. */
const FIRST_DISCOUNT_FIGURE = new RegExp(`^(?:${DISCOUNT_FIGURE.source})`);
/** Capitals with a digit, as codes are written ("SAVE20", "20OFF", "XMAS-25"): two letters at least, and no lower case. */
const CAPITALS_WITH_DIGITS = /(?<![\p{L}\p{N}$£€@/.-])(?=[A-Z0-9-]*[A-Z][A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{2,28}[A-Z0-9](?![\p{L}\p{N}@/-]|\.[\p{L}\p{N}])/gu;
/** What sets a code after its discount: "with", "using", a colon, in each language we read. */
const CARRIER_BEFORE = /(?:\b(?:with|using|mit|avec|con|met|com)|[:=])\s*$/i;
/** What joins a code to the discount after it: "SAVE20 = 20% off", "SAVE10 (10% off)", "XMAS25 for 25% off". */
const CARRIER_AFTER = /^\s*(?:[=:(–—-]|\bfor\b)\s*(?:an?\s+)?(?:extra\s+)?/i;
/** After a code set by "with": the saving it brings ("Mit WINTER10 sparst du 10 %", "With SAVE10 you save 10%"). */
const SAVING_AFTER_CARRIER = new RegExp(`^\\s*,?\\s*(?:(?:you\\s+|vous\\s+)?(?:${SAVE_VERBS}|get|bekommst|erhältst|obtenez|obtén|ottieni|krijg|ganhe)\\w*\\s+(?:[a-zà-ÿ]+\\s+){0,2}?)?(?=(?:R\\$|[$£€])?\\s?\\d)`, "i");
const MAY_STATE_DISCOUNT = /[%$£€]/;
/** How far before a code its discount may stand on the line ("$10 off $50 with SAVE10"). */
const CARRIED_DISCOUNT_CHARS = 60;

/** The discount figures in a stretch of a line, as numbers. */
function discountFigures(text: string): number[] {
  return matchesOf(DISCOUNT_FIGURE, text).map((match) => Number(match[1] ?? match[2]));
}

/**
 * Codes that carry their own discount, with no word "code" ("Get 20% off with SAVE20", "SAVE10 (10% off)"): capitals
 * with a number that is the discount's, set after "with" or a colon on the discount's line, or joined to the discount
 * that follows. A model or product name ("RTX4090", "USB4") rarely repeats the discount's figure; the reading is still
 * only inferred.
 */
export function findCodesCarryingTheirDiscount(text: string): FoundCode[] {
  const found: FoundCode[] = [];
  let lineStart = 0;
  for (const line of text.split("\n")) {
    // Only a line with a discount's sign can hold both the code and the discount it carries.
    if (MAY_STATE_DISCOUNT.test(line)) {
      for (const match of matchesOf(CAPITALS_WITH_DIGITS, line)) {
        const token = match[0];
        const before = line.slice(Math.max(0, match.index - CARRIED_DISCOUNT_CHARS), match.index);
        const after = line.slice(match.index + token.length);
        const carried = CARRIER_BEFORE.test(before);
        const joined = CARRIER_AFTER.exec(after) ?? (carried ? SAVING_AFTER_CARRIER.exec(after) : null);
        const following = joined ? FIRST_DISCOUNT_FIGURE.exec(after.slice(joined[0].length)) : null;
        const figures = [...(carried ? discountFigures(before) : []), ...(following ? [Number(following[1] ?? following[2])] : [])];
        const numbers = (token.match(/\d+/g) ?? []).map(Number);
        if (figures.some((figure) => numbers.includes(figure)) && isCodeShaped(token) && !found.some((existing) => existing.code === token)) {
          found.push({ code: token, index: lineStart + match.index, kind: "label", confidence: "inferred" });
        }
      }
    }
    lineStart += line.length + 1;
  }
  return found;
}

/** Query parameters that carry a code the shop applies from its link; bare "promo" and "code" also name campaigns. */
const CODE_PARAMETER = /^(?:coupons?|coupon_?code|discount|discount_?code|promo_?code|voucher|voucher_?code|gutschein(?:code)?|rabattcode|cupom|cup[oó]n)$/i;
/** Shopify's discount links: /discount/CODE applies CODE and goes on. */
const DISCOUNT_PATH = /\/discount\/([^/?#]+)/i;
/** A cheap test before a link is parsed: only these can hold a code. */
const MAY_CARRY_CODE = /coupon|discount|promo_?code|voucher|gutschein|rabatt|cupo|cup%C3%B3n|cupón/i;
/** Longer values are tracking identifiers, not codes a person types. */
const MAX_LINK_CODE = 20;

/** A percent-encoded path segment decoded, or null when its escapes are not UTF-8. */
function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The codes the mail's web links apply (?coupon=X, /discount/X), each once, in the links' order. */
export function findLinkCodes(hrefs: readonly string[]): string[] {
  const found: string[] = [];
  for (const href of hrefs) {
    if (!MAY_CARRY_CODE.test(href)) continue;
    const url = URL.parse(href.trim());
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) continue;
    const values = [...url.searchParams].filter(([name]) => CODE_PARAMETER.test(name)).map(([, value]) => value);
    const path = DISCOUNT_PATH.exec(url.pathname);
    const pathCode = path ? decodedOrNull(path[1]!) : null;
    if (pathCode) values.push(pathCode);
    for (const value of values) {
      const token = value.trim();
      if (token.length <= MAX_LINK_CODE && WHOLE_TOKEN.test(token) && isCodeShaped(token, true) && !found.includes(token)) found.push(token);
    }
  }
  return found;
}

/** A receipt line showing a code already taken off ("Promo code X −$20.00") is not an offer. */
function isAppliedLine(text: string, index: number): boolean {
  const lineEnd = text.indexOf("\n", index);
  const line = text.slice(index, lineEnd === -1 ? index + 120 : Math.min(lineEnd, index + 120));
  return /[-−–]\s*[$£€]\s*\d/.test(line) || /\bapplied\b/i.test(line);
}

/** Codes from cues in the body, from labelled code boxes, then any the subject alone states. */
export function codesInReadingOrder(rendering: Rendering, subject: string): string[] {
  return codesWithEvidence(rendering, subject).map((found) => found.code);
}

/** codesInReadingOrder, each code with what presented it where it was first read. */
export function codesWithEvidence(rendering: Rendering, subject: string): CodeEvidence[] {
  const found = [
    ...findCodes(rendering.body),
    ...findBoxedCodes(rendering.body, rendering.html?.boxes ?? []),
    ...findColumnCodes(rendering.body, rendering.html?.codeCells ?? []),
    ...findCodesCarryingTheirDiscount(rendering.body),
  ];
  // A code the plain-text part or the preheader labels ("Code: X") counts when X is also shown, e.g. alone in a box.
  const elsewhere = [rendering.plainAlternative, rendering.preheader].filter((text) => PROMO_WORD.test(text));
  for (const labelled of elsewhere.flatMap((text) => findCodes(text))) {
    if (found.some((existing) => existing.code === labelled.code)) continue;
    const shownAt = indexOfWholeToken(rendering.body, labelled.code);
    if (shownAt !== -1) found.push({ code: labelled.code, index: shownAt, kind: "label" });
  }
  found.sort((a, b) => a.index - b.index);
  const codes: CodeEvidence[] = [];
  // Each code where it is first read, with the surest of what presented it anywhere (a label beats an inference).
  for (const { code, kind, confidence = "stated" } of found) {
    const kept = codes.find((existing) => existing.code === code);
    if (!kept) codes.push({ code, kind, confidence });
    else if (confidence === "stated" && kept.confidence !== "stated") Object.assign(kept, { kind, confidence });
  }
  for (const { code, confidence = "stated" } of [...findCodes(subject), ...findCodesCarryingTheirDiscount(subject)]) {
    if (!codes.some((kept) => kept.code === code)) codes.push({ code, kind: "subject", confidence });
  }
  for (const code of findLinkCodes((rendering.html?.links ?? []).map((link) => link.href))) {
    if (!codes.some((kept) => kept.code === code)) codes.push({ code, kind: "link", confidence: "inferred" });
  }
  return codes;
}
