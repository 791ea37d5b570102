import { isCalendarDay } from "./calendarDay";
import { CATEGORIES, type Category } from "./category";

/**
 * A person's corrections of what the extractor read from a deal's mail (docs/product.md, "Corrections"): theirs alone,
 * shown everywhere the field is, kept through re-syncs. Code and end date are the deal's own; category and brand name
 * are the brand's, so they apply to all of that brand's mail for this person.
 */
export interface CorrectedFields {
  code: string | null;
  /** YYYY-MM-DD. */
  endDate: string | null;
  category: Category | null;
  brand: string | null;
  /** The person said the mail holds no deal: it is gone from every view, count, email and the extension. */
  notADeal: boolean;
}

/** What the mail said of the corrected fields, for "The mail said ..." and for undoing. */
export interface MailFields {
  code: string | null;
  endDate: string | null;
  category: Category;
  brand: string;
}

/** GET, PUT and DELETE /deals/:id/correction: what is corrected now, and what the mail said. */
export interface DealCorrection {
  corrected: CorrectedFields;
  mail: MailFields;
}

/** A correction request: only the fields given change; the others keep what they were. */
export interface CorrectionRequest {
  code?: string;
  endDate?: string;
  category?: Category;
  brand?: string;
  notADeal?: true;
}

export const NOTHING_CORRECTED: CorrectedFields = { code: null, endDate: null, category: null, brand: null, notADeal: false };

export const CORRECTION_LIMITS = {
  /** As the extractor's cap of one code (server/extraction/sanitize.ts). */
  codeLength: 40,
  codeMinLength: 2,
  /** As the database's cap of a brand's name. */
  brandLength: 100,
} as const;

/** Letters, digits, hyphens and underscores: what shops print as a code. */
const CODE_CHARS = /^[A-Za-z0-9_-]+$/;
/** Control characters and the line and paragraph separators never belong in a name shown on one line. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const CORRECTION_TEXTS = {
  code: `A code is ${CORRECTION_LIMITS.codeMinLength} to ${CORRECTION_LIMITS.codeLength} letters, digits, hyphens or underscores, with no spaces.`,
  endDate: "Choose the day the deal ends.",
  category: "Choose one of the categories.",
  brand: `A brand's name is 1 to ${CORRECTION_LIMITS.brandLength} characters on one line.`,
  nothing: "Change at least one field, or say this is not a deal.",
} as const;

export type CorrectionField = "code" | "endDate" | "category" | "brand";

/** The problem with a field's text as typed, or null when it can be sent. Trims, as the request does. */
export function correctionProblem(field: CorrectionField, value: string): string | null {
  const text = value.trim();
  switch (field) {
    case "code":
      return text.length >= CORRECTION_LIMITS.codeMinLength && text.length <= CORRECTION_LIMITS.codeLength && CODE_CHARS.test(text) ? null : CORRECTION_TEXTS.code;
    case "endDate":
      return isCalendarDay(text) ? null : CORRECTION_TEXTS.endDate;
    case "category":
      return (CATEGORIES as readonly string[]).includes(text) ? null : CORRECTION_TEXTS.category;
    case "brand":
      return text.length >= 1 && [...text].length <= CORRECTION_LIMITS.brandLength && !CONTROL.test(text) ? null : CORRECTION_TEXTS.brand;
  }
}

const FIELDS: readonly CorrectionField[] = ["code", "endDate", "category", "brand"];

/**
 * Reads a request body: an object of the correction's fields only, each valid, at least one of them; `notADeal` only
 * as true. Answers the request (trimmed) or the first problem, in words a person reads.
 */
export function parseCorrectionRequest(body: unknown): { ok: true; request: CorrectionRequest } | { ok: false; problem: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, problem: CORRECTION_TEXTS.nothing };
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0) return { ok: false, problem: CORRECTION_TEXTS.nothing };
  const request: CorrectionRequest = {};
  for (const [key, value] of entries) {
    if (key === "notADeal") {
      if (value !== true) return { ok: false, problem: 'Send "notADeal": true to say this is not a deal.' };
      request.notADeal = true;
      continue;
    }
    if (!(FIELDS as readonly string[]).includes(key)) return { ok: false, problem: `"${key.slice(0, 40)}" is not a field a correction has: send code, endDate, category, brand or notADeal.` };
    const field = key as CorrectionField;
    if (typeof value !== "string" || value.length > 1000) return { ok: false, problem: CORRECTION_TEXTS[field] };
    const problem = correctionProblem(field, value);
    if (problem) return { ok: false, problem };
    const text = value.trim();
    if (field === "category") request.category = text as Category;
    else request[field] = text;
  }
  return { ok: true, request };
}

/** Which fields a correction changed, as a person reads them ("the end date and the category"). */
export function correctedFieldNames(corrected: CorrectedFields): string[] {
  const names: string[] = [];
  if (corrected.code !== null) names.push("the code");
  if (corrected.endDate !== null) names.push("the end date");
  if (corrected.category !== null) names.push("the category");
  if (corrected.brand !== null) names.push("the brand's name");
  return names;
}

/** "You corrected the end date and the category." or null when nothing is corrected. */
export function correctionSummary(corrected: CorrectedFields): string | null {
  const names = correctedFieldNames(corrected);
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!}`;
  return `You corrected ${list}.`;
}

/** The correction form's fields as typed; each starts at what the deal shows now (corrected, else the mail's). */
export interface CorrectionDraft {
  code: string;
  endDate: string;
  category: Category;
  brand: string;
}

export function draftOf(correction: DealCorrection): CorrectionDraft {
  const { corrected, mail } = correction;
  return {
    code: corrected.code ?? mail.code ?? "",
    endDate: corrected.endDate ?? mail.endDate ?? "",
    category: corrected.category ?? mail.category,
    brand: corrected.brand ?? mail.brand,
  };
}

/**
 * What the form sends: the fields changed from what the deal shows, or the first problem of one. A deal with several
 * codes is corrected to the one code typed; a code or end date left empty is left as it is.
 */
export function requestOfDraft(correction: DealCorrection, draft: CorrectionDraft): { ok: true; request: CorrectionRequest } | { ok: false; problem: string } {
  const shown = draftOf(correction);
  const request: CorrectionRequest = {};
  for (const field of FIELDS) {
    const value = draft[field].trim();
    if (value === shown[field] || (value === "" && (field === "code" || field === "endDate"))) continue;
    const problem = correctionProblem(field, value);
    if (problem) return { ok: false, problem };
    if (field === "category") request.category = value as Category;
    else request[field] = value;
  }
  return Object.keys(request).length === 0 ? { ok: false, problem: CORRECTION_TEXTS.nothing } : { ok: true, request };
}
