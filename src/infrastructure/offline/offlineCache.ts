/** The Cache Storage cache holding the person's API answers kept for offline reading; nothing else is put in it. */
export const OFFLINE_CACHE = "deal-finder-offline";

/**
 * Deletes the copy kept for offline reading. Apart from the adapter, so that the session's wiring (in every page's
 * script) clears it without carrying the adapter.
 */
export async function forgetOfflineCopy(): Promise<void> {
  if (typeof caches !== "undefined") await caches.delete(OFFLINE_CACHE);
}
