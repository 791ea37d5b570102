/** The Cache Storage cache holding the person's API answers kept for offline reading; nothing else is put in it. */
export const OFFLINE_CACHE = "deal-finder-offline";

/**
 * Deletes the copy kept for offline reading, without waiting. Apart from the adapter, so that the session store (in
 * every page's script) clears it without carrying the adapter. Where there is no Cache Storage, nothing is kept.
 */
export function forgetOfflineCopy(): void {
  void globalThis.caches?.delete(OFFLINE_CACHE).catch(() => undefined);
}
