/**
 * Where each of a deal's fields came from and how sure it is (docs/product.md, "Evidence"): the extractor records it per
 * code, end date, brand and category, the server stores it, and every screen and email that prints one of those fields
 * says it through the texts below, so a guess never reads like a fact.
 */

/**
 * The kind of source a field's value was read from.
 * - `markup`: the sender's schema.org markup (JSON-LD or microdata).
 * - `label`: a labelled line in the mail's text ("Code: X", "Offer ends 29 November", a table column headed "Code").
 * - `box`: a code shown alone in a styled box, next to a promo word.
 * - `link`: a parameter of a link in the mail (?coupon=X).
 * - `alt-text`: an image's alternative text.
 * - `subject`: the subject line or the preheader.
 * - `relative`: relative words the mail states ("ends tomorrow", "this weekend", "48 hours only", "through Black
 *   Friday"), turned into a day in the sender's zone.
 * - `implied`: only implied, with no day ("last chance", "ends soon"): there is no value, only the hint that it ends.
 * - `sender`: the sender's name, address or domain.
 * - `words`: the mail's own words, weighed (the category's keywords in the body).
 * - `brand-mail`: decided over all the mail of the brand, not one message.
 * - `corrected`: the person corrected it.
 * - `none`: no rule found anything; the value is the default (category Others).
 */
export const EVIDENCE_KINDS = [
  "markup",
  "label",
  "box",
  "link",
  "alt-text",
  "subject",
  "relative",
  "implied",
  "sender",
  "words",
  "brand-mail",
  "corrected",
  "none",
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * How sure a value is, from most to least: `stated` (the mail or the person says it outright), `inferred` (read from
 * something that points at it, such as the sender's domain or a weak cue before a date), `guessed` (weighed words or a
 * default; shown as a guess).
 */
export const CONFIDENCES = ["stated", "inferred", "guessed"] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** True when `confidence` is at least `floor` (stated > inferred > guessed). */
export function atLeast(confidence: Confidence, floor: Confidence): boolean {
  return CONFIDENCES.indexOf(confidence) <= CONFIDENCES.indexOf(floor);
}

export interface FieldEvidence {
  kind: EvidenceKind;
  confidence: Confidence;
}

export interface CodeEvidence extends FieldEvidence {
  code: string;
}

/**
 * A deal's evidence, field by field. `endDate` is also present for a deal with no date when the mail implies an end
 * (kind `implied`). A field left null is unknown (a deal stored before evidence was kept, or nothing said).
 */
export interface DealEvidence {
  codes: CodeEvidence[];
  endDate: FieldEvidence | null;
  brand: FieldEvidence | null;
  category: FieldEvidence | null;
}

export const UNKNOWN_EVIDENCE: DealEvidence = { codes: [], endDate: null, brand: null, category: null };

/** The confidence a kind carries unless the rule that used it says otherwise. */
export const DEFAULT_CONFIDENCE: Readonly<Record<EvidenceKind, Confidence>> = {
  markup: "stated",
  label: "stated",
  box: "stated",
  link: "inferred",
  "alt-text": "inferred",
  subject: "stated",
  relative: "stated",
  implied: "guessed",
  sender: "inferred",
  words: "guessed",
  "brand-mail": "inferred",
  corrected: "stated",
  none: "guessed",
};

export function evidence(kind: EvidenceKind, confidence: Confidence = DEFAULT_CONFIDENCE[kind]): FieldEvidence {
  return { kind, confidence };
}

/** How a field's source reads to a person, in the deal's Details. */
export const EVIDENCE_SOURCE_TEXT: Readonly<Record<EvidenceKind, string>> = {
  markup: "stated in the email's markup",
  label: "read from the email's text",
  box: "shown in the email's code box",
  link: "read from a link in the email",
  "alt-text": "read from an image's text",
  subject: "stated in the subject line",
  relative: "worked out from the email's words (such as \"ends tomorrow\")",
  implied: "implied by the email, which gives no date",
  sender: "worked out from the sender",
  words: "guessed from the email's words",
  "brand-mail": "worked out from all of this brand's emails",
  corrected: "you corrected it",
  none: "nothing in the email said, so this is a guess",
};

const WEEKDAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Sun 29 Nov" for 2026-11-29: the calendar day itself, in no time zone (it is already the sender's day). */
export function shortDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAY_NAMES[day.getUTCDay()]} ${day.getUTCDate()} ${MONTH_NAMES[day.getUTCMonth()]}`;
}

/** What a deal says of its end, for endDateText. */
export interface EndDateFacts {
  expirationDate: string | null;
  evidence?: DealEvidence | undefined;
}

/**
 * The one wording of a deal's end (docs/product.md, "Evidence"): "Ends Sun 29 Nov" when the email states the day (or a
 * relative day it states, counted in the sender's zone) and for a deal stored before evidence was kept; "Probably
 * ends Sun 29 Nov" when the day is only inferred; "Ends soon (no date given)" when the email only implies an end;
 * null when it says nothing of one.
 */
export function endDateText({ expirationDate, evidence }: EndDateFacts): string | null {
  const end = evidence?.endDate ?? null;
  if (!expirationDate) return end?.kind === "implied" ? "Ends soon (no date given)" : null;
  return end && !atLeast(end.confidence, "stated") ? `Probably ends ${shortDay(expirationDate)}` : `Ends ${shortDay(expirationDate)}`;
}

/** True when a field is a guess the screens must show as one (not for an unknown field, which shows as before). */
export function isGuess(field: FieldEvidence | null | undefined): boolean {
  return field !== null && field !== undefined && field.confidence === "guessed";
}

/** "Fashion", or "probably Fashion" when the category is a guess. */
export function categoryText(category: string, evidence: DealEvidence | undefined): string {
  return isGuess(evidence?.category) ? `probably ${category}` : category;
}

/** One line on what a field rests on, for the deal's Details: "Category: guessed from the email's words". */
export function evidenceLine(field: "Code" | "End date" | "Brand" | "Category", evidence: FieldEvidence): string {
  // The source's words already say how sure its usual confidence is; only a weaker one than usual is added.
  const weaker = CONFIDENCES.indexOf(evidence.confidence) > CONFIDENCES.indexOf(DEFAULT_CONFIDENCE[evidence.kind]);
  const note = !weaker ? "" : evidence.confidence === "inferred" ? " (probably)" : " (a guess)";
  return `${field}: ${EVIDENCE_SOURCE_TEXT[evidence.kind]}${note}`;
}
