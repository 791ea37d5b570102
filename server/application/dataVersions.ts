/**
 * A per-user counter that changes whenever what the dashboard shows changes (a message stored, a brand toggled),
 * so cached dashboards are keyed by it and never served stale. It lives in memory: one server process owns a
 * database, as `npm start` runs it.
 */
export class DataVersions {
  private readonly versions = new Map<string, number>();

  of(userId: string): number {
    return this.versions.get(userId) ?? 0;
  }

  bump(userId: string): void {
    this.versions.set(userId, this.of(userId) + 1);
  }
}
