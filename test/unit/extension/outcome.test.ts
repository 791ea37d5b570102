import { describe, expect, it } from "vitest";
import { better, describeOutcome, judgeReaction, type ApplyOutcome } from "../../../extension/src/domain/outcome";

const applied = (code: string, saving: number): ApplyOutcome => ({ kind: "applied", code, saving, totalAfter: 10_000 - saving });
const rejected = (code: string): ApplyOutcome => ({ kind: "rejected", code, message: "Not valid." });

describe("judging the page's reaction", () => {
  const totals = { baseTotal: 10_000, totalBefore: 10_000, confirming: null };

  it("calls a code applied only when the total dropped below the order's own total", () => {
    expect(judgeReaction("A", totals, { total: 9_000, error: null })).toEqual(applied("A", 1_000));
    expect(judgeReaction("A", totals, { total: 10_000, error: null })).toEqual({ kind: "unknown", code: "A" });
    expect(judgeReaction("A", totals, { total: 11_000, error: null })).toEqual({ kind: "unknown", code: "A" });
    expect(judgeReaction("A", { ...totals, baseTotal: null }, { total: 9_000, error: null })).toEqual({ kind: "unknown", code: "A" });
  });

  it("reports the site's error as a rejection", () => {
    expect(judgeReaction("A", totals, { total: 10_000, error: "Not valid." })).toEqual(rejected("A"));
  });

  it("measures a code that replaced another from the order's own total", () => {
    expect(judgeReaction("B", { ...totals, totalBefore: 9_000 }, { total: 7_500, error: null })).toEqual(applied("B", 2_500));
    expect(judgeReaction("B", { ...totals, totalBefore: 9_000 }, { total: 9_000, error: null })).toEqual({ kind: "unknown", code: "B" });
  });

  it("confirms a re-applied best code that the page already showed", () => {
    expect(judgeReaction("B", { baseTotal: 10_000, totalBefore: 7_500, confirming: 7_500 }, { total: 7_500, error: null })).toEqual(applied("B", 2_500));
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

  it("says what happened", () => {
    expect(describeOutcome(applied("SAVE25", 2_500), (cents) => (cents / 100).toFixed(2))).toBe("SAVE25 applied: you save 25.00.");
    expect(describeOutcome(rejected("X"), String)).toBe("X did not work: Not valid.");
  });
});
