import { formatAmount, type MoneyNotation } from "../../../src/domain/money";

/**
 * What applying one code did, as read from the page: only a total that dropped counts as applied. An applied code's
 * saving carries the notation of the page's total, so that it is told in the shop's own currency.
 */
export type ApplyOutcome =
  | { kind: "applied"; code: string; saving: number; totalAfter: number; notation: MoneyNotation | null }
  | { kind: "rejected"; code: string; message: string }
  | { kind: "unknown"; code: string };

const RANK: Readonly<Record<ApplyOutcome["kind"], number>> = { rejected: 0, unknown: 1, applied: 2 };

/**
 * The outcome worth keeping of two: an applied code over one that may have worked over one refused; between applied
 * codes the bigger saving, and a tie keeps the earlier.
 */
export function better(current: ApplyOutcome | null, candidate: ApplyOutcome): ApplyOutcome {
  if (!current || RANK[candidate.kind] > RANK[current.kind]) return candidate;
  if (candidate.kind === "applied" && current.kind === "applied" && candidate.saving > current.saving) return candidate;
  return current;
}

/** What the panel says of an outcome ("SAVE25 applied: you save $25.00."). */
export function describeOutcome(outcome: ApplyOutcome): string {
  switch (outcome.kind) {
    case "applied":
      return `${outcome.code} applied: you save ${formatAmount(outcome.saving, outcome.notation)}.`;
    case "rejected":
      return `${outcome.code} did not work: ${outcome.message}`;
    case "unknown":
      return `${outcome.code} was entered, but the page did not show whether it worked.`;
  }
}

/**
 * What the page showed after the apply button: its total then (hundredths, if shown), how it wrote that total, and a
 * new error near the field.
 */
export interface PageReaction {
  total: number | null;
  notation: MoneyNotation | null;
  error: string | null;
}

/**
 * The outcome of one code from the page's reaction. `baseTotal` is the total before the run's first code, so that a
 * code replacing another is measured from the order's own total; `totalBefore` is the total just before this code.
 * Applied only when the total is below the base and this code moved it, or when re-applying the best code shows the
 * total that code gave before (`confirming`).
 */
export function judgeReaction(
  code: string,
  totals: { baseTotal: number | null; totalBefore: number | null; confirming: number | null },
  reaction: PageReaction,
): ApplyOutcome {
  if (reaction.error) return { kind: "rejected", code, message: reaction.error };
  const { baseTotal, totalBefore, confirming } = totals;
  const after = reaction.total;
  if (baseTotal === null || after === null || after >= baseTotal) return { kind: "unknown", code };
  if (after !== totalBefore || after === confirming) return { kind: "applied", code, saving: baseTotal - after, totalAfter: after, notation: reaction.notation };
  return { kind: "unknown", code };
}
