import { ContainerModule } from "inversify";
import { AppConfigSource, type AppConfig } from "../../application/ports/appConfig";
import { Dismissals } from "../../application/ports/dismissals";
import { Notifier } from "../../application/ports/notifications";
import { Clipboard, Clock, Navigation } from "../../application/ports/platform";
import { SessionRefreshLock, SessionStore } from "../../application/ports/session";
import { ToastCenter } from "../../application/toastCenter";
import { DataCache } from "../cache/dataCache";
import { HttpAppConfigSource, InlineAppConfigSource } from "../http/appConfigSource";
import { FETCH, HTTP_CONFIG, HTTP_TIMEOUT_MS, HttpClient } from "../http/httpClient";
import { BrowserClipboard, BrowserNavigation, SystemClock } from "../platform/browser";
import { LOCAL_STORAGE, LocalSessionStore, SESSION_STORAGE } from "../storage/localSessionStore";
import { LocalDismissals } from "../storage/localDismissals";
import { WebLocksSessionRefreshLock } from "../storage/sessionRefreshLock";
import { bindFactory } from "./binding";

export interface PlatformSettings {
  /** The API's base address, e.g. "/api". */
  apiBaseUrl: string;
  /** The server's public configuration when the page carries it, so that it is not fetched. */
  appConfig: AppConfig | null;
}

/** The browser, storage, the HTTP client and the shared stores every area uses. */
export function platformModule(settings: PlatformSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    // Read when first used, not when bound: the build-time render replaces them before anything runs.
    bindFactory(bind, LOCAL_STORAGE, () => window.localStorage);
    bindFactory(bind, SESSION_STORAGE, () => window.sessionStorage);
    bindFactory(bind, FETCH, () => (input, init) => fetch(input, init));
    bind(Clock).to(SystemClock);
    bind(Clipboard).to(BrowserClipboard);
    bind(Navigation).to(BrowserNavigation);
    bind(SessionStore).to(LocalSessionStore);
    bind(SessionRefreshLock).to(WebLocksSessionRefreshLock);
    bind(Dismissals).to(LocalDismissals);
    bindFactory(bind, ToastCenter, () => new ToastCenter());
    bind(Notifier).toService(ToastCenter);
    bind(DataCache).toSelf();
    bindFactory(bind, HTTP_CONFIG, (services) => ({
      baseUrl: settings.apiBaseUrl.replace(/\/$/, ""),
      timeoutMs: HTTP_TIMEOUT_MS,
      fetch: services.get(FETCH),
    }));
    bind(HttpClient).toSelf();
    const { appConfig } = settings;
    if (appConfig) bindFactory(bind, AppConfigSource, () => new InlineAppConfigSource(appConfig));
    else bind(AppConfigSource).to(HttpAppConfigSource);
  });
}
