import type { Dashboard } from "../../domain/dashboard";

/** The dashboard as this device last received it, and when. */
export interface SavedDashboard {
  dashboard: Dashboard;
  /** ISO 8601. */
  savedAt: string;
}

/**
 * The signed-in person's last dashboard, kept on this device so that their codes and starred deals read offline (in a
 * shop without signal). It holds one person's copy at most: another person's is never shown, and sign-out, an
 * account's deletion or an ended session clears it.
 */
export abstract class OfflineCopy {
  /** Keeps `dashboard` as `userId`'s copy, replacing whatever was kept (anyone's). */
  abstract save(userId: string, dashboard: Dashboard, savedAt: Date): Promise<void>;
  /** `userId`'s copy; null when none is kept or it is someone else's (which is then forgotten). */
  abstract read(userId: string): Promise<SavedDashboard | null>;
  /** Forgets every copy. */
  abstract clear(): Promise<void>;
}
