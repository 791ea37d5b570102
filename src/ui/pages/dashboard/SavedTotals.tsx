import type { SavedTotals as Totals } from "../../../domain/savings";
import { savedTotalsText } from "../../../domain/savings";
import * as styles from "./Savings.css";

/**
 * "Saved this month / this year": what the person said their used deals saved, one figure per currency (never added
 * across currencies). Nothing until they have recorded a saving this year.
 */
export function SavedTotals({ saved }: { saved: Totals }) {
  if (saved.year.length === 0) return null;
  return (
    <section aria-label="Your savings">
      <dl className={styles.savedTotals}>
        <div>
          <dt>Saved this month</dt>
          <dd className={styles.savedFigure}>{savedTotalsText(saved.month)}</dd>
        </div>
        <div>
          <dt>Saved this year</dt>
          <dd className={styles.savedFigure}>{savedTotalsText(saved.year)}</dd>
        </div>
      </dl>
    </section>
  );
}
