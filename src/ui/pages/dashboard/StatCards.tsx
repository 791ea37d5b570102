import type { DashboardStats, StatFigure } from "../../../domain/dashboard";
import * as styles from "./Dashboard.css";

/** The change versus last month; nothing until there is a last month to compare with. A phone shows the figure only. */
function Delta({ delta }: { delta: number }) {
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  return (
    <span>
      <span className={delta > 0 ? styles.deltaUp : delta < 0 ? styles.deltaDown : undefined}>
        {sign}
        {Math.abs(delta)}%
      </span>
      <span className={styles.phoneHidden}> vs last month</span>
    </span>
  );
}

/**
 * A figure with nothing to compare shows no comparison, and a 0 with no change ("±0%") says nothing about the month:
 * an empty mailbox's first run shows its zeros without them (docs/product.md, "Dashboard").
 */
const comparison = ({ value, delta }: StatFigure): number | null => (delta === null || (value === 0 && delta === 0) ? null : delta);

function StatBody({ label, figure }: { label: string; figure: StatFigure }) {
  const delta = comparison(figure);
  return (
    <>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{figure.value}</span>
      <span className={styles.statFoot}>{delta !== null && <Delta delta={delta} />}</span>
    </>
  );
}

/** Active Promos, Emails Scanned, Unique Brands, and Expiring Soon, which toggles its filter. */
export function StatCards({ stats, expiringOnly, onToggleExpiring }: { stats: DashboardStats; expiringOnly: boolean; onToggleExpiring: () => void }) {
  return (
    <ul className={styles.stats} aria-label="Your numbers">
      <li className={styles.stat.plain}>
        <StatBody label="Active Promos" figure={stats.activePromos} />
      </li>
      <li className={styles.stat.plain}>
        <StatBody label="Emails Scanned" figure={stats.emailsScanned} />
      </li>
      <li className={styles.stat.plain}>
        <StatBody label="Unique Brands" figure={stats.uniqueBrands} />
      </li>
      {stats.expiring.value === 0 && !expiringOnly ? (
        // Nothing to show only: a plain figure, not a toggle that would empty the list.
        <li className={styles.stat.plain}>
          <StatBody label="Expiring Soon" figure={stats.expiring} />
        </li>
      ) : (
        <li>
          <button
            type="button"
            className={expiringOnly ? styles.stat.active : styles.stat.toggle}
            aria-pressed={expiringOnly}
            onClick={onToggleExpiring}
          >
            <StatBody label="Expiring Soon" figure={stats.expiring} />
            {/* The card is a toggle (aria-pressed); its words say what pressing it does, and what it is doing now. */}
            <span className={`${styles.statToggleHint} ${styles.phoneHidden}`}>{expiringOnly ? "Showing only these" : "Show only these"}</span>
          </button>
        </li>
      )}
    </ul>
  );
}
