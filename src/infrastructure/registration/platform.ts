import { AppConfigSource, type AppConfig } from "../../application/ports/appConfig";
import { Dismissals } from "../../application/ports/dismissals";
import { Notifier } from "../../application/ports/notifications";
import { Clipboard, Clock, Navigation } from "../../application/ports/platform";
import { SessionStore } from "../../application/ports/session";
import { ToastCenter } from "../../application/toastCenter";
import { DataCache } from "../cache/dataCache";
import { HttpAppConfigSource, InlineAppConfigSource } from "../http/appConfigSource";
import { FETCH, HTTP_CONFIG, HTTP_TIMEOUT_MS, HttpClient, REFRESH_SESSION } from "../http/httpClient";
import { BrowserClipboard, BrowserNavigation, SystemClock } from "../platform/browser";
import { LOCAL_STORAGE, LocalSessionStore, SESSION_STORAGE } from "../storage/localSessionStore";
import { LocalDismissals } from "../storage/localDismissals";
import type { ServiceRegistry } from "../serviceRegistry";

export interface PlatformSettings {
  /** The API's base address, e.g. "/api". */
  apiBaseUrl: string;
  /** The server's public configuration when the page carries it, so that it is not fetched. */
  appConfig: AppConfig | null;
}

/** The browser, storage, the HTTP client and the shared stores every area uses. */
export function registerPlatform(services: ServiceRegistry, settings: PlatformSettings): void {
  // Read when first used, not when bound: the build-time render replaces them before anything runs.
  services.bind(LOCAL_STORAGE, () => window.localStorage);
  services.bind(SESSION_STORAGE, () => window.sessionStorage);
  services.bindValue(FETCH, (input, init) => fetch(input, init));
  services.bind(Clock, () => new SystemClock());
  services.bind(Clipboard, () => new BrowserClipboard());
  services.bind(Navigation, () => new BrowserNavigation());
  services.bind(SessionStore, (s) => new LocalSessionStore(s.get(LOCAL_STORAGE), s.get(SESSION_STORAGE)));
  services.bind(Dismissals, (s) => new LocalDismissals(s.get(LOCAL_STORAGE)));
  services.bind(ToastCenter, () => new ToastCenter());
  services.bind(Notifier, (s) => s.get(ToastCenter));
  services.bind(DataCache, () => new DataCache());
  services.bind(HTTP_CONFIG, (s) => ({
    baseUrl: settings.apiBaseUrl.replace(/\/$/, ""),
    timeoutMs: HTTP_TIMEOUT_MS,
    fetch: s.get(FETCH),
  }));
  services.bind(
    HttpClient,
    (s) => new HttpClient(s.get(HTTP_CONFIG), s.get(SessionStore), s.get(Notifier), s.get(Navigation), s.get(REFRESH_SESSION)),
  );
  const { appConfig } = settings;
  services.bind(AppConfigSource, (s) => (appConfig ? new InlineAppConfigSource(appConfig) : new HttpAppConfigSource(s.get(HttpClient))));
}
