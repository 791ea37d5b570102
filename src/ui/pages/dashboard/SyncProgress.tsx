import type { DashboardSync } from "../../../application/machines/syncFollowerMachine";
import { syncPercent } from "../../../domain/gmailSettings";
import { visuallyHidden } from "../../components/primitives.css";
import * as styles from "./SyncProgress.css";

export interface SyncProgressProps {
  sync: DashboardSync;
}

/**
 * A running sync's progress ('Scanning 120 of 480 emails' and a bar), and how the sync the page watched ended. Screen
 * readers hear the start, each quarter and the end, politely, not every answer of the server.
 */
export function SyncProgress({ sync }: SyncProgressProps) {
  return (
    <>
      <p role="status" className={visuallyHidden}>
        {announcementOf(sync)}
      </p>
      {sync.kind === "running" && (
        <section className={styles.panel} aria-label="Gmail sync">
          <p className={styles.line}>{sync.message}</p>
          <SyncBar progress={sync.progress} />
          <p className={styles.hint}>Deals appear as they are found.</p>
        </section>
      )}
      {sync.kind === "ended" && sync.endedWhileWatched && (
        <section className={styles.panel} aria-label="Gmail sync">
          <p className={styles.line}>{sync.message}</p>
        </section>
      )}
    </>
  );
}

function SyncBar({ progress }: { progress: { processed: number; total: number } | null }) {
  if (!progress || progress.total <= 0) return <progress className={styles.bar} aria-label="Sync progress" aria-valuetext="Starting" />;
  return (
    <progress
      className={styles.bar}
      aria-label="Sync progress"
      value={progress.processed}
      max={progress.total}
      aria-valuetext={`${progress.processed} of ${progress.total} emails`}
    />
  );
}

const QUARTER = 25;

function announcementOf(sync: DashboardSync): string {
  if (sync.kind === "running") {
    const percent = syncPercent(sync.progress);
    if (percent === null || percent < QUARTER) return "Scanning your Promotions for deals.";
    return `Scanning your Promotions: ${Math.floor(percent / QUARTER) * QUARTER}% done.`;
  }
  return sync.kind === "ended" && sync.endedWhileWatched ? sync.message : "";
}
