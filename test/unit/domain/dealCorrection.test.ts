import { describe, expect, it } from "vitest";
import {
  CORRECTION_TEXTS,
  NOTHING_CORRECTED,
  correctionProblem,
  correctionSummary,
  draftOf,
  parseCorrectionRequest,
  requestOfDraft,
  type DealCorrection,
} from "../../../src/domain/dealCorrection";

const mail = { code: "SAVE10,EXTRA5", endDate: null, category: "Fashion", brand: "Nike" } as const;
const asMailed: DealCorrection = { corrected: NOTHING_CORRECTED, mail };

describe("a correction's fields", () => {
  it.each([
    ["code", "SAVE-10_X", null],
    ["code", " SAVE10 ", null],
    ["code", "A", CORRECTION_TEXTS.code],
    ["code", "SAVE 10", CORRECTION_TEXTS.code],
    ["code", "CÓDIGO", CORRECTION_TEXTS.code],
    ["code", "X".repeat(40), null],
    ["code", "X".repeat(41), CORRECTION_TEXTS.code],
    ["endDate", "2028-02-29", null],
    ["endDate", "2027-02-29", CORRECTION_TEXTS.endDate],
    ["endDate", "29/02/2028", CORRECTION_TEXTS.endDate],
    ["category", "Travel and Local", null],
    ["category", "travel", CORRECTION_TEXTS.category],
    ["brand", "Zoë & Co", null],
    ["brand", "   ", CORRECTION_TEXTS.brand],
    ["brand", "é".repeat(100), null],
    ["brand", "é".repeat(101), CORRECTION_TEXTS.brand],
    ["brand", "Two\u2028lines", CORRECTION_TEXTS.brand],
  ] as const)("%s %j: %s", (field, value, problem) => {
    expect(correctionProblem(field, value)).toBe(problem);
  });

  it("reads a request body: known fields only, each valid, notADeal only as true, at least one", () => {
    expect(parseCorrectionRequest({ code: " NEW10 ", category: "Pets" })).toEqual({ ok: true, request: { code: "NEW10", category: "Pets" } });
    expect(parseCorrectionRequest({ notADeal: true })).toEqual({ ok: true, request: { notADeal: true } });
    expect(parseCorrectionRequest({})).toEqual({ ok: false, problem: CORRECTION_TEXTS.nothing });
    expect(parseCorrectionRequest(null)).toMatchObject({ ok: false });
    expect(parseCorrectionRequest([{ code: "NEW10" }])).toMatchObject({ ok: false });
    expect(parseCorrectionRequest({ notADeal: false })).toMatchObject({ ok: false });
    expect(parseCorrectionRequest({ title: "x" })).toMatchObject({ ok: false });
    expect(parseCorrectionRequest({ endDate: 20260101 })).toEqual({ ok: false, problem: CORRECTION_TEXTS.endDate });
  });
});

describe("the correction form", () => {
  it("starts at what the deal shows, and sends only what changed", () => {
    const draft = draftOf(asMailed);
    expect(draft).toEqual({ code: "SAVE10,EXTRA5", endDate: "", category: "Fashion", brand: "Nike" });
    expect(requestOfDraft(asMailed, draft)).toEqual({ ok: false, problem: CORRECTION_TEXTS.nothing });
    expect(requestOfDraft(asMailed, { ...draft, code: "ONLY10", brand: " Nike Store " })).toEqual({ ok: true, request: { code: "ONLY10", brand: "Nike Store" } });
    // An empty code or end date is left as it is, not sent as a correction.
    expect(requestOfDraft(asMailed, { ...draft, code: "", category: "Pets" })).toEqual({ ok: true, request: { category: "Pets" } });
    expect(requestOfDraft(asMailed, { ...draft, endDate: "2026-13-01" })).toEqual({ ok: false, problem: CORRECTION_TEXTS.endDate });
  });

  it("says what the person corrected", () => {
    expect(correctionSummary(NOTHING_CORRECTED)).toBeNull();
    expect(correctionSummary({ ...NOTHING_CORRECTED, endDate: "2026-01-01" })).toBe("You corrected the end date.");
    expect(correctionSummary({ ...NOTHING_CORRECTED, endDate: "2026-01-01", category: "Pets" })).toBe("You corrected the end date and the category.");
    expect(correctionSummary({ code: "A1", endDate: "2026-01-01", category: "Pets", brand: "B", notADeal: false })).toBe(
      "You corrected the code, the end date, the category and the brand's name.",
    );
  });
});
