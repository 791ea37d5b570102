import { describe, expect, it } from "vitest";
import type { MoneyNotation } from "../../../src/domain/money";
import { better, describeOutcome, judgeReaction, type ApplyOutcome } from "../../../extension/src/domain/outcome";

const dollars: MoneyNotation = { prefix: "$", suffix: "", decimalMark: ".", groupMark: "," };
const euros: MoneyNotation = { prefix: "", suffix: " €", decimalMark: ",", groupMark: "." };

const applied = (code: string, saving: number, notation: MoneyNotation | null = dollars): ApplyOutcome => ({
  kind: "applied",
  code,
  saving,
  totalAfter: 10_000 - saving,
  notation,
});
const shown = (total: number, error: string | null = null) => ({ total, notation: dollars, error });
const rejected = (code: string): ApplyOutcome => ({ kind: "rejected", code, message: "Not valid." });

describe("judging the page's reaction", () => {
  const totals = { baseTotal: 10_000, totalBefore: 10_000, confirming: null };

  it("calls a code applied only when the total dropped below the order's own total", () => {
    expect(judgeReaction("A", totals, shown(9_000))).toEqual(applied("A", 1_000));
    expect(judgeReaction("A", totals, shown(10_000))).toEqual({ kind: "unknown", code: "A" });
    expect(judgeReaction("A", totals, shown(11_000))).toEqual({ kind: "unknown", code: "A" });
    expect(judgeReaction("A", { ...totals, baseTotal: null }, shown(9_000))).toEqual({ kind: "unknown", code: "A" });
  });

  it("keeps how the page wrote its total with the saving", () => {
    expect(judgeReaction("A", totals, { total: 9_000, notation: euros, error: null })).toEqual(applied("A", 1_000, euros));
    expect(judgeReaction("A", totals, { total: 9_000, notation: null, error: null })).toEqual(applied("A", 1_000, null));
  });

  it("reports the site's error as a rejection", () => {
    expect(judgeReaction("A", totals, shown(10_000, "Not valid."))).toEqual(rejected("A"));
  });

  it("measures a code that replaced another from the order's own total", () => {
    expect(judgeReaction("B", { ...totals, totalBefore: 9_000 }, shown(7_500))).toEqual(applied("B", 2_500));
    expect(judgeReaction("B", { ...totals, totalBefore: 9_000 }, shown(9_000))).toEqual({ kind: "unknown", code: "B" });
  });

  it("confirms a re-applied best code that the page already showed", () => {
    expect(judgeReaction("B", { baseTotal: 10_000, totalBefore: 7_500, confirming: 7_500 }, shown(7_500))).toEqual(applied("B", 2_500));
  });
});

describe("the best outcome", () => {
  it("keeps the biggest saving, the earlier on a tie, and prefers unknown to rejected", () => {
    expect(better(applied("A", 1_000), applied("B", 2_500))).toEqual(applied("B", 2_500));
    expect(better(applied("A", 1_000), applied("B", 1_000))).toEqual(applied("A", 1_000));
    expect(better(applied("A", 1_000), rejected("B"))).toEqual(applied("A", 1_000));
    expect(better(rejected("A"), { kind: "unknown", code: "B" })).toEqual({ kind: "unknown", code: "B" });
    expect(better(null, rejected("A"))).toEqual(rejected("A"));
  });

  it("says what happened, the saving in the shop's own notation", () => {
    expect(describeOutcome(applied("SAVE25", 2_500))).toBe("SAVE25 applied: you save $25.00.");
    expect(describeOutcome(applied("SAVE25", 2_500, euros))).toBe("SAVE25 applied: you save 25,00 €.");
    expect(describeOutcome(applied("SAVE25", 2_500, null))).toBe("SAVE25 applied: you save 25.00.");
    expect(describeOutcome(rejected("X"))).toBe("X did not work: Not valid.");
    expect(describeOutcome({ kind: "unknown", code: "Y" })).toBe("Y was entered, but the page did not show whether it worked.");
  });
});
