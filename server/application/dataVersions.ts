/**
 * A per-user number that changes whenever what the dashboard shows changes (a message stored, a brand toggled, a
 * deal's status set), so cached dashboards are keyed by it and never served stale. It is stored with the user, so
 * every API process on one database reads the same number: a change made through one is seen by all at once.
 */
export interface DataVersions {
  /** The user's current version; one primary-key read. */
  of(userId: string): Promise<number>;
  bump(userId: string): Promise<void>;
}
