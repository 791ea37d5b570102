/**
 * The spend or benefit a mail ties to one of its codes ("SAVE10 — $10 off $50", "Use SAVE25 for $25 off $100+"), as a
 * short normalised phrase. Only where the tie is plain: the code and one benefit in the same clause of a line, or a
 * code alone in its box beside a tier line in a layout that is the same for every code. Anything vaguer gives nothing.
 */
import { indexOfWholeToken } from "./codes";
import {
  findDiscount, FREE_SHIPPING_ABROAD, FREE_SHIPPING_OVER, MINIMUM_FROM, MINUS_PERCENT, money, MONEY, OFF_WORDS, SAVE_VERB, SAVED_PERCENT, savedPercent,
  SHIPPING_SPEED, SHIPPING_WORDS, UP_TO, withPercentSigns, WORD_START,
} from "./discount";
import type { PromotionMarkup } from "./markup";
import type { CodeCondition } from "./types";

const AMOUNT = `(?:${MONEY}|\\d{1,2}\\s?%)`;
/** "off" in the languages the extractor reads: "Rabatt", "de réduction", "de descuento", ... */
const OFF = `(?:${OFF_WORDS})`;
/** Words that lead from a benefit to its minimum spend ("on orders of", "when you spend", "ab", "dès", "ab einem Einkauf von"). */
const MINIMUM_LEAD =
  `${WORD_START}(?:(?:on|for)\\s+)?(?:(?:your|any|all)\\s+)?(?:(?:orders?|purchases?|subtotal|basket|cart)\\s+(?:of\\s+|over\\s+|above\\s+|from\\s+)?|when\\s+you\\s+spend\\s+|with\\s+(?:a\\s+)?(?:purchase|spend)\\s+of\\s+|over\\s+|above\\s+|${MINIMUM_FROM}\\s+)`;
const OR_MORE = "(\\s*\\+|\\s+or\\s+more|\\s+and\\s+up|\\s+or\\s+above)?";
/**
 * What may stand between a benefit and its minimum: a few words, but no second benefit ("+") and no shipping, whose
 * minimum is the delivery's ("20% off with SAVE20 + free shipping on orders of $50 or more").
 */
const TO_MINIMUM = `(?:(?!${SHIPPING_WORDS}|\\+)[^.;\\n]){0,30}?`;

/** "$10 off $50+", "$10 off your $50+ purchase": the minimum written right after "off". */
const OFF_MINIMUM = new RegExp(`(${AMOUNT})\\s*${OFF}\\s+(?:(?:your|any|a)\\s+(?=${MONEY}\\+?\\s+(?:purchase|order)))?(${MONEY})${OR_MORE}(?![\\w%])`, "i");
/** "25% off orders of $100 or more", "10 € Rabatt ab 50 €". */
const OFF_ORDERS = new RegExp(`(${AMOUNT})\\s*${OFF}\\b${TO_MINIMUM}${MINIMUM_LEAD}(${MONEY})${OR_MORE}`, "i");
/** "Spend $100, get $20 off". */
const SPEND_GET = new RegExp(`\\bspend\\s+(${MONEY})${OR_MORE}[^.;\\n]{0,20}?(?:\\b(?:get|take|save)\\s+(${AMOUNT})|(${AMOUNT})\\s*${OFF})`, "i");
const FIRST_ORDER = new RegExp(`(${AMOUNT})\\s*${OFF}\\s+(?:on\\s+)?(?:your\\s+)?first\\s+(?:order|purchase|box)\\b`, "i");
/** "Save $20 when you spend $100", "save 15% on orders over $75". */
const SAVE_ORDERS = new RegExp(`${SAVE_VERB}\\s+(?:an?\\s+)?(?:extra\\s+|additional\\s+)?(${AMOUNT})${TO_MINIMUM}${MINIMUM_LEAD}(${MONEY})${OR_MORE}`, "i");
/** "20% off", "up to 70% off": the most a saving can be is never the saving itself. */
const PLAIN_OFF = new RegExp(`(?:(${UP_TO})\\s+)?(${AMOUNT})\\s*${OFF}(?![\\w])`, "i");
/** A percent off written as a minus ("-10 % sur les vestes"), or after a verb of saving ("sparst du 10 %", "save 10%"). */
const PERCENT_OFF = new RegExp(`${MINUS_PERCENT}|${SAVED_PERCENT}`, "i");
const SHIPPING_MINIMUM = new RegExp(`${FREE_SHIPPING_OVER}${OR_MORE}`, "i");
const FREE_SHIPPING = new RegExp(`\\bfree\\s+(?:${SHIPPING_SPEED})?shipping\\b|\\b(?:${FREE_SHIPPING_ABROAD})(?![a-zà-ÿ])`, "i");
/** A discount a clause states; two of them, and which one belongs to the code is no longer plain ("up to 70% off + an extra 20%"). */
const ANY_OFF = new RegExp(`${AMOUNT}\\s*${OFF}(?![\\w])|(?:extra|additional)\\s+${AMOUNT}(?:\\s*${OFF}(?![\\w]))?|${MINUS_PERCENT}|${SAVED_PERCENT}`, "gi");

/** "$10.00" as "$10", "10 €" as "€10", a percentage without its space. */
function amount(value: string): string {
  return /%$/.test(value) ? value.replace(/\s+/g, "") : money(value);
}

function orMore(written: string | undefined): string {
  return written ? "+" : "";
}

function discountOf(clause: string): string | null {
  let match = OFF_MINIMUM.exec(clause);
  if (match) return `${amount(match[1]!)} off ${money(match[2]!)}${orMore(match[3])}`;
  match = OFF_ORDERS.exec(clause);
  if (match) return `${amount(match[1]!)} off orders ${money(match[2]!)}+`;
  match = SPEND_GET.exec(clause);
  if (match) return `${amount((match[3] ?? match[4])!)} off orders ${money(match[1]!)}+`;
  match = FIRST_ORDER.exec(clause);
  if (match) return `${amount(match[1]!)} off first order`;
  match = SAVE_ORDERS.exec(clause);
  if (match) return `${amount(match[1]!)} off orders ${money(match[2]!)}+`;
  match = PLAIN_OFF.exec(clause);
  if (match) return `${match[1] ? "up to " : ""}${amount(match[2]!)} off`;
  match = PERCENT_OFF.exec(clause);
  if (!match) return null;
  return match[1] ? `${match[1]}% off` : savedPercent(match[2], match[3]!);
}

/** The benefit a clause states, normalised ("$10 off $50", "20% off + free shipping"); null for none, or two discounts. */
export function conditionOf(written: string): string | null {
  const clause = withPercentSigns(written);
  // "BOGO 50% off" takes half off one item of two, and "$20 off every $100" repeats: the amount alone would say less.
  const multiBuy = findDiscount(clause);
  if (multiBuy?.startsWith("buy ") || multiBuy?.includes(" off every ")) return multiBuy;
  if ((clause.match(ANY_OFF)?.length ?? 0) > 1) return null;
  const discount = discountOf(clause);
  const shippingOver = SHIPPING_MINIMUM.exec(clause);
  const shipping = shippingOver ? `free shipping on orders ${money(shippingOver[1]!)}+` : FREE_SHIPPING.test(clause) ? "free shipping" : null;
  if (discount && shipping) return `${discount} + ${shipping}`;
  return discount ?? shipping;
}

/** Where each code stands alone as a word in `line`. */
function codePositions(line: string, codes: readonly string[]): Array<{ code: string; at: number }> {
  const positions: Array<{ code: string; at: number }> = [];
  for (const code of codes) {
    for (let at = indexOfWholeToken(line, code); at !== -1; at = indexOfWholeToken(line, code, at + 1)) positions.push({ code, at });
  }
  return positions.sort((a, b) => a.at - b.at);
}

/** Where one tier ends and the next begins on a line that lists several: ";", "|", "•", "·", ", " and " or ". */
const CLAUSE_BREAK = /\s*(?:[;|•·]|,\s|\s(?:or|and|oder|ou|o)\s(?=(?:use\s+|code\s+)?[$£€\d]|[A-Z0-9-]{3,}\s))\s*/g;

/** Past this length a sentence is running text, not a tier: its codes and benefits may be about different things. */
const SENTENCE_LIMIT = 200;
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z¡¿])/;
/** What a code box or button holds besides the code: at most its label ("SAVE10", "Use code SAVE10", "Code: SAVE10"). */
const BOX_LABEL = /^(?:(?:use|enter|apply)\s+)?(?:(?:promo|coupon|discount|offer)\s+)?(?:code)?\s*[:：]?\s*$/i;
/** The longest such label, and then some. */
const BOX_LABEL_CHARS = 30;

/**
 * The condition the body ties to each code, in the order of `codes`; codes with none are left out. A code counts
 * where it stands alone as a word: first in the clause of a sentence that holds it and one benefit, then by its box's
 * neighbouring tier lines.
 */
export function findCodeConditions(body: string, codes: readonly string[]): CodeCondition[] {
  if (codes.length === 0) return [];
  const lines = body.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  const conditions = new Map<string, string>();
  const boxed: Array<{ code: string; index: number }> = [];

  lines.forEach((line, index) => {
    const positions = codePositions(line, codes);
    if (positions.length === 0) return;
    const only = positions.length === 1 ? positions[0]!.code : null;
    if (only && line.length <= only.length + BOX_LABEL_CHARS && BOX_LABEL.test(line.replace(only, "").replace(/[.!]$/, ""))) {
      boxed.push({ code: only, index });
      return;
    }
    for (const sentence of line.split(SENTENCE_END)) {
      const inSentence = codePositions(sentence, codes);
      if (inSentence.length === 0 || sentence.length > SENTENCE_LIMIT) continue;
      // A sentence with one code is one clause; a sentence listing several is cut between its tiers.
      for (const clause of inSentence.length === 1 ? [sentence] : sentence.split(CLAUSE_BREAK)) {
        const inClause = codePositions(clause, codes);
        const code = inClause[0]?.code;
        if (!code || inClause.some((position) => position.code !== code) || conditions.has(code)) continue;
        const condition = conditionOf(clause);
        if (condition) conditions.set(code, condition);
      }
    }
  });

  tieBoxedCodes(lines, boxed, codes, conditions);
  return codes.flatMap((code) => {
    const condition = conditions.get(code);
    return condition ? [{ code, condition }] : [];
  });
}

/** A short line that states one benefit and no code: a tier's heading or caption. */
function tierLine(line: string | undefined, codes: readonly string[]): string | null {
  if (line === undefined || line.length > 80 || codePositions(line, codes).length > 0) return null;
  return conditionOf(line);
}

/**
 * Codes alone in boxes, each beside a tier line. The side is the layout's, read from all of them at once: every box
 * with its tier line above, or every box with its tier line below; a layout that mixes them ties nothing.
 */
function tieBoxedCodes(lines: readonly string[], boxed: ReadonlyArray<{ code: string; index: number }>, codes: readonly string[], conditions: Map<string, string>): void {
  const pending = boxed.filter((box) => !conditions.has(box.code));
  if (pending.length === 0) return;
  const above = pending.map((box) => tierLine(lines[box.index - 1], codes));
  const below = pending.map((box) => tierLine(lines[box.index + 1], codes));
  const side = above.every(Boolean) && !below.every(Boolean) ? above : below.every(Boolean) && !above.every(Boolean) ? below : null;
  if (!side) return;
  pending.forEach((box, position) => conditions.set(box.code, side[position]!));
}

/** Each code's condition: the sender's markup states it for its own codes, the body's tiers for the rest. */
export function codeConditionsOf(body: string, codes: readonly string[], markupOffers: PromotionMarkup["offers"]): CodeCondition[] {
  const fromMarkup = new Map<string, string>();
  for (const offer of markupOffers) {
    const condition = offer.code && offer.description ? conditionOf(offer.description) : null;
    if (offer.code && condition && !fromMarkup.has(offer.code)) fromMarkup.set(offer.code, condition);
  }
  const fromBody = findCodeConditions(body, codes.filter((code) => !fromMarkup.has(code)));
  return [...[...fromMarkup].map(([code, condition]) => ({ code, condition })), ...fromBody];
}
