/** The service worker vite.config.ts builds (installableApp): the app's own files and the dashboard's page, no API answer. */
const SERVICE_WORKER = "/sw.js";
/** Where the worker keeps the dashboard's page (vite.config.ts, PAGES_CACHE). */
const PAGES_CACHE = "deal-finder-pages";
const DASHBOARD_PAGE = "/dashboard";

/**
 * Registers the service worker once the page has loaded and the browser is idle, so that it never competes with the
 * page's own first requests, and keeps the dashboard's page as served now: the visit that installed the worker was
 * not seen by it, and the next visit may be offline. Nothing where the browser has no service workers.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (import.meta.env.DEV || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    whenIdle(() => {
      navigator.serviceWorker
        .register(SERVICE_WORKER)
        .then(() => navigator.serviceWorker.ready)
        .then(() => caches.open(PAGES_CACHE))
        .then(async (cache) => {
          if (!(await cache.match(DASHBOARD_PAGE))) await cache.add(DASHBOARD_PAGE);
        })
        // Without it the app works as before, online only.
        .catch(() => undefined);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
