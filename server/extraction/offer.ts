/**
 * Whether a mail makes the reader a concrete offer of its own. Promotional is not enough: fundraising, petitions,
 * news and editorial newsletters are marketing mail, often with a deadline, but offer nothing to buy for less.
 */
import { FREE_SHIPPING_ABROAD, GIFT_WORDS, HALF_PRICE, MINUS_PERCENT, OFF_WORDS, PERCENT_ON, SAVE_VERB } from "./discount";

/** Appeals for money or signatures: no shopper's deal, whatever their deadline ("your gift will be matched"). */
const APPEAL =
  /\b(?:donat(?:e|ion|ions|ing)|contribut(?:e|ion|ions)|chip in|(?:sign|signed) (?:the|our|this) petition|petition|add your name|your (?:gift|donation) (?:will be|is) (?:matched|doubled|tripled)|match(?:ing)? (?:gift|donation)s?|tax[- ]deductible|paid for by|nonprofit|non-profit|501\(c\)|fundrais\w*|spende\w*|unterschreib\w*|faire un don|donar|doação|doe agora)\b/gi;

/** Articles: "read more" links, an issue's contents, opinion, archives. */
const READING_MATTER_WORDS =
  "read (?:more|on|the (?:full )?(?:story|article|issue|post|essay))|full story|in this issue|this (?:week|issue) in|top stories|headlines|published|opinion|editor(?:'s|ial)|columnist|archives?";
const READING_MATTER = new RegExp(`\\b(?:${READING_MATTER_WORDS})\\b`, "i");
/** Reading matter, or a mail that calls itself an issue or a newsletter. */
const EDITORIAL = new RegExp(
  `\\b(?:${READING_MATTER_WORDS}|newsletter|issue (?:no\\.?|#)?\\s?\\d+|vol(?:ume|\\.)\\s?\\d+|to subscribe|subscribe to)\\b`,
  "gi",
);

/** A subject that announces an issue or a digest rather than something for sale. */
const EDITORIAL_SUBJECT =
  /\b(?:issue\s?(?:no\.?|#)?\s?\d+|vol(?:ume|\.)\s?\d+|#\d+|newsletter|digest|headlines|daily|weekly|news|tips|update|dispatch|report|briefing|edition|word of the day|poem)\b|\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]+ \d{1,2}, \d{4}/i;

/** A subject that announces the news itself, not a seller's issue or letter. */
const NEWS_SUBJECT = /\b(?:news|headlines|dispatch|briefing|digest|breaking)\b/i;

/**
 * Words that offer something concrete wherever they stand: an amount off, a code, free shipping or a gift, a rebate,
 * BOGO, a free trial or upgrade, a price cut, in the languages we read.
 */
const CONCRETE_OFFER = new RegExp(
  [
    // A percent and a word that makes it a saving, in each language we read (OFF_WORDS), or Spanish's "dto".
    `\\b\\d{1,2}\\s?%\\s?(?:${OFF_WORDS}|dto)`,
    /(?:[$£€]\s?\d[\d,.]*\s?(?:off|rebate|savings?|discount|voucher|gutschein|thank you)|\b(?:promo(?:tion)?|coupon|discount|priority|offer|voucher)\s?code|\buse (?:the )?code\b|\bsave (?:up to |an extra |extra )?(?:[$£€]\s?\d|\d{1,2}\s?%)|(?<!-)\bfree (?:\d+[- ](?:day|week|month)s? )?(?:shipping|delivery|gift(?! (?:subscription|card|certificate))|trial(?! (?:is|ends?|expires?|will|has))|upgrade|seats?|month)|\bgift with purchase|\bbuy one,? get one|\bbogo\b|\brebates?\b|\b(?:the )?first \d+ (?:to (?:order|buy|purchase|book|sign up|register)|customers|purchasers|buyers|shoppers)\b|\bprice (?:drops?|cuts?|reduced)\b(?! (?:trends?|data|statistics|history|rates?)\b)|\breduced price|\bcost price|gutschein\w*|\bcupom\b|\bcup[oó]n\b|\bcode promo\b|\bkortingscode\b|\bcodice sconto\b)/i.source,
    // "20 % auf alle Jacken", but not a price rise ("steigen um 5 % auf alle Tarife"); "-25 %".
    PERCENT_ON,
    MINUS_PERCENT,
    // Multi-buys, half price, free delivery, gifts and welcome money as the other languages we read write them: "2x1",
    // "1+1 gratis", "2e halve prijs", "zweites zum halben Preis", "livraison gratuite", "cadeau offert", "100 € de bienvenida".
    `\\b(?:${GIFT_WORDS})\\b`,
    /\b(?:2\s?x\s?1|3\s?x\s?2)\b|\b\d\s?\+\s?\d\s?(?:gratis|free|gratuit|grátis|offert)/.source,
    `\\b(?:${HALF_PRICE}|${FREE_SHIPPING_ABROAD})`,
    /(?:[$£€]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:€|eur\b))\s?(?:de |di |em )?(?:bonus|bono|b[oô]nus|bienvenida|prime de bienvenue|willkommensbonus|startguthaben|welkomstbonus)/.source,
  ].join("|"),
  "i",
);

/** An amount saved, stated: "save $300", "$10 off", "20% discount". A code on the same line is plainly for it. */
const STATED_SAVING = new RegExp(
  `(?:[$£€]\\s?\\d[\\d,.]*|\\b\\d{1,2}\\s?%)\\s?(?:${OFF_WORDS}|savings?)\\b|${SAVE_VERB}\\s+(?:up to |an extra |extra )?(?:[$£€]\\s?\\d|\\d{1,2}\\s?%)`,
  "i",
);

/** How far into the body a mail says what it is ("Please note our advertising partners' offers"). */
const PRESENTATION_CHARS = 400;

/** A mail that presents itself as its advertising partners' offers: the advertisement is the mail, not a block in it. */
const PARTNER_MAILING =
  /\b(?:offers? (?:from|of) our (?:advertising )?partners?|angebote unserer (?:werbe|anzeigen)?partner|werbepartner\w*|offres de nos partenaires|ofertas de nuestros (?:socios|patrocinadores|anunciantes))\b/i;

/** Words that announce a sale without its terms: enough with a stated end. */
const SALE_ANNOUNCEMENT =
  /\b(?:sale|clearance|markdowns?|soldes|rebajas|saldi|uitverkoop|aktion|promoci[oó]n|promo[çc][ãa]o|aanbieding\w*)\b/i;
/** "Tickets go on sale Friday", "tickets on sale now": on sale as in for sale from then, which is no discount. */
const FOR_SALE_FROM = /\b(?:go(?:es|ing)?|went)\s+on\s+sale\b|\b(?:tickets?|seats?|passes|presales?|pre-sales?)\s+(?:(?:are|is|now)\s+)?on\s+sale\b/gi;

/** Whether a text announces a sale, and not only that something becomes for sale. */
function announcesSale(text: string): boolean {
  return SALE_ANNOUNCEMENT.test(text.replace(FOR_SALE_FROM, " "));
}

/** How much of the body is read to tell an appeal or an editorial mail. */
const LEAD_CHARS = 6_000;

/** Longest line read as a heading or a banner rather than running text. */
const HEADING_LENGTH = 80;

/** In the subject or preheader, naming deals or an offer is enough: the mail is about it. */
const HEADLINE_OFFER = /\b(?:deals?|offers?|savings|angebot\w*|ofertas?|offerta|offres?)\b/i;

/** Where a newsletter hands its space to someone else's advertisement. */
const SPONSOR_MARK = /\b(?:sponsor(?:ed|s)?|brought to you by|advertisement|advertis(?:e|ing) (?:here|with us)|paid (?:ad|promotion)|partner offer|a word from)\b/i;

/**
 * A referral programme: the reader is paid only when a friend buys, and the friend's discount is not the reader's.
 * "Friends and family" is a sale, not a referral.
 */
const REFERRAL =
  /\b(?:refer(?:ral|rals|red)?\b(?! (?:to|back))|refer (?:a|your) friends?|invite (?:your |a )?friends?|(?:your|personal) invite|share your (?:invite|link|code)|give [$£€]\s?\d+[^.\n]{0,12}get [$£€]\s?\d+|when (?:they|your friends?) (?:buy|order|join|sign up|make)|freunde werben|parrain\w*|invita a (?:tus|un) amig\w*|indique (?:um|seus) amig\w*)/gi;
/** Words of a line that speaks of friends being invited; "friends and family" is a sale of its own. */
const REFERRAL_LINE = /\b(?:refer\w*|invit\w*|friends?(?! (?:&|and|\+) family)|give [$£€]\s?\d+|freunde|parrain\w*|amig\w*)\b/i;

/**
 * A publisher's advertisement for its own subscription ("Real-time quotes. 30-day free trial!"): what a news or
 * editorial mail offers when it offers only a trial, not a shopper's deal.
 */
const TRIAL_ONLY = /(?<!-)\bfree (?:\d+[- ](?:day|week|month)s? )?trial\b|\b\d+[- ](?:day|week|month)s? free trial\b|(?<!-)\bfree for \d+ (?:days|weeks|months)\b/i;

/** Terms that make a trial a stated offer of its own: who may take it, or until when. */
const OFFER_TERMS = /\boffer (?:is )?(?:valid|expires|ends|applies|available)\b|\bfirst-time (?:members|customers|subscribers|users)\b|\bnew (?:members|customers|subscribers|users) only\b/i;

/** A price for a limited time or in the sender's own sale: "get your ticket for only $99 during our winter sale". */
const SALE_PRICE_SENTENCE =
  /\b(?:for|at|now|just) (?:only|just) [$£€]\s?\d[^.!?\n]{0,80}\b(?:sale|limited time|ends?)\b|\b(?:sale|limited time)\b[^.!?\n]{0,80}\b(?:for|at) (?:only|just) [$£€]\s?\d/i;

export interface OfferInput {
  subject: string;
  preheader: string;
  body: string;
  /** Promo codes read from the mail. */
  codes: readonly string[];
  /** The stated benefit ("20% off"), when one is read; asked only when the verdict hangs on it. */
  discount: () => string | null;
  /** The offer's end, when one is stated; asked only when the verdict hangs on it, as reading dates is costly. */
  endDate: () => string | null;
  /** The name part of the sender's domain, lower case ("harbourline" for harbourline.com), when known. */
  senderLabel: string | null;
  /** The mail carries Gmail promotion markup with an offer. */
  markupOffer: boolean;
}

/** The text without the lines that speak of inviting friends. */
function withoutReferralLines(text: string): string {
  return text
    .split("\n")
    .filter((line) => !REFERRAL_LINE.test(line))
    .join("\n");
}

function distinctHits(pattern: RegExp, text: string): number {
  return new Set((text.match(pattern) ?? []).map((hit) => hit.toLowerCase())).size;
}

/**
 * How far a sponsor's advertisement runs, in lines, from its mark, when the text has no paragraphs to tell: a heading
 * mark ("Thank you to our sponsors:") is followed by the advertisement, a closing one ("Sponsored by X") follows its
 * heading and text.
 */
const SPONSOR_AD_LINES_AFTER = 4;
const SPONSOR_AD_LINES_BEFORE = 2;

/**
 * The body without the paragraphs that announce a sponsor's advertisement. Text rendered from HTML has one line per
 * block and no blank lines: there the advertisement is the few lines around the mark.
 */
export function withoutSponsorBlocks(body: string): string {
  const blocks = body.split(/\n(?=[=\-_*~]{5,})|\n{2,}/);
  if (blocks.length > 1) return blocks.filter((block) => !SPONSOR_MARK.test(block)).join("\n");
  const lines = body.split("\n");
  const marks = lines.flatMap((line, index) => (SPONSOR_MARK.test(line) ? [index] : []));
  const inAdvertisement = (index: number) => marks.some((mark) => index >= mark - SPONSOR_AD_LINES_BEFORE && index <= mark + SPONSOR_AD_LINES_AFTER);
  return lines.filter((_line, index) => !inAdvertisement(index)).join("\n");
}

/**
 * Whether a line stating a concrete offer, or a line next to it, names the sender (its domain's name). In a mail
 * whose subject announces the news, a trial without terms of its own is the publisher's house advertisement.
 */
function offerNamesSender(body: string, senderLabel: string | null, news: boolean): boolean {
  if (!senderLabel || senderLabel.length < 3) return false;
  const lines = body.split("\n");
  const trialsCount = !news || OFFER_TERMS.test(body);
  return lines.some(
    (line, index) =>
      CONCRETE_OFFER.test(line) &&
      (trialsCount || !TRIAL_ONLY.test(line)) &&
      lines
        .slice(Math.max(0, index - 1), index + 2)
        .join(" ")
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")
        .includes(senderLabel),
  );
}

/** Whether a line holding one of the codes states the amount it saves. */
function codeStatesSaving(body: string, codes: readonly string[]): boolean {
  if (codes.length === 0) return false;
  return body.split("\n").some((line) => STATED_SAVING.test(line) && codes.some((code) => line.includes(code)));
}

export type OfferVerdict = "offer" | "appeal" | "editorial" | "none";

/** A line that asks for money or names a gift: a saving stated there is a donor's match, not a price cut. */
const APPEAL_LINE = new RegExp(`${APPEAL.source}|\\b(?:gifts?|give|giving|match(?:ed|es)?|doubled?|tripled?)\\b`, "i");

/**
 * An appeal makes an offer only when it also sells something for less (a charity's shop): a code beside the saving it
 * gives, or an amount off stated on a line that asks for no gift. "Your gift doubled", "give $25" are not savings.
 */
function appealSells(body: string, codes: readonly string[]): boolean {
  if (codeStatesSaving(body, codes)) return true;
  return body
    .slice(0, LEAD_CHARS)
    .split("\n")
    .some((line) => STATED_SAVING.test(line) && !APPEAL_LINE.test(line));
}

/**
 * Decides whether a mail makes a concrete offer of its own. Markup offers win; an appeal makes one only when it also
 * sells something for less (appealSells); an editorial mail makes one when its subject or preheader states the offer,
 * or when it states one and carries no sponsor's block (a sponsor's ad inside a newsletter is not the newsletter's
 * deal); any other mail makes one when it states concrete terms, or announces a sale in its headline or with an end
 * date.
 */
export function judgeOffer(input: OfferInput): OfferVerdict {
  if (input.markupOffer) return "offer";
  // What a mail is for shows in its first screens; a long newsletter's tail need not be scanned.
  const fullHeadline = `${input.subject}\n${input.preheader}`;
  const fullLead = input.body.slice(0, LEAD_CHARS);
  if (distinctHits(APPEAL, `${fullHeadline}\n${fullLead}`) >= 2) return appealSells(input.body, input.codes) ? "offer" : "appeal";
  // In a referral mail only what is offered apart from the invitation counts, and the discount read may be the friend's.
  const referral = distinctHits(REFERRAL, `${fullHeadline}\n${fullLead}`) >= 2;
  const headline = referral ? withoutReferralLines(fullHeadline) : fullHeadline;
  const body = referral ? withoutReferralLines(input.body) : input.body;
  const headlined = CONCRETE_OFFER.test(headline) || input.codes.some((code) => headline.includes(code));
  const lead = body.slice(0, LEAD_CHARS);
  const news = NEWS_SUBJECT.test(input.subject);
  const editorial = EDITORIAL_SUBJECT.test(input.subject) || distinctHits(EDITORIAL, lead) >= 3;
  if (editorial) {
    if (headlined) return "offer";
    // A "newsletter" without articles is a seller's mailer: a code beside the saving it gives is a deal there, in a
    // sponsor's block too. Among articles, a sponsor's code is the sponsor's advertisement.
    if (!READING_MATTER.test(lead) && codeStatesSaving(body, input.codes)) return "offer";
    if (PARTNER_MAILING.test(body.slice(0, PRESENTATION_CHARS)) && CONCRETE_OFFER.test(body)) return "offer";
    // A seller's own newsletter offers when nothing in it hands space to a sponsor and the offer names the seller.
    const ownOffer = input.codes.length > 0 || offerNamesSender(body, input.senderLabel, news);
    return ownOffer && !SPONSOR_MARK.test(body) ? "offer" : "editorial";
  }
  if (headlined || input.codes.length > 0 || (!referral && input.discount() !== null) || announcesSale(headline) || HEADLINE_OFFER.test(headline)) {
    return "offer";
  }
  const own = withoutSponsorBlocks(body);
  if (CONCRETE_OFFER.test(own) || SALE_PRICE_SENTENCE.test(own)) return "offer";
  // A sale named in a heading-length line, not in passing in an article's sentence ("achieved a sale near the high").
  const announced = own.split("\n").some((line) => line.length <= HEADING_LENGTH && announcesSale(line));
  return announced && input.endDate() !== null ? "offer" : "none";
}
