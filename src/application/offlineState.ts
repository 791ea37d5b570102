/**
 * Whether the dashboard on screen is the copy kept on this device (ports/offlineCopy.ts) because the server could not
 * be reached, and when that copy was kept: the offline notice follows it. Set by the dashboard's source.
 */
export class OfflineState {
  private savedAt: string | null = null;
  private readonly listeners = new Set<() => void>();

  /** ISO 8601 of the copy shown; null while the dashboard shown is the server's own answer. */
  shownCopySavedAt = (): string | null => this.savedAt;

  showingCopy(savedAt: string | null): void {
    if (savedAt === this.savedAt) return;
    this.savedAt = savedAt;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
