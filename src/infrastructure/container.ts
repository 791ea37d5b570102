import { Container } from "inversify";
import { createActor } from "xstate";
import { AuthGateway } from "../application/ports/auth";
import { SessionStore } from "../application/ports/session";
import { Clipboard, Clock, Navigation } from "../application/ports/platform";
import { Notifier } from "../application/ports/notifications";
import { AppConfigSource, type AppConfig } from "../application/ports/appConfig";
import { DashboardSource } from "../application/ports/deals";
import { EarlyAccessGateway } from "../application/ports/earlyAccess";
import { GmailGateway, SettingsGateway } from "../application/ports/settings";
import { ToastCenter } from "../application/toastCenter";
import { GoogleAuthStarter } from "../application/googleAuth";
import { AuthSession, DashboardLogic, EarlyAccessLogic, OAuthCallbackLogic } from "../application/services";
import { provideAuthMachine } from "../application/machines/authMachine";
import {
  provideTokenRefreshMachine,
  requestRefresh,
  type TokenRefreshActor,
} from "../application/machines/tokenRefreshMachine";
import { provideOAuthCallbackMachine } from "../application/machines/oauthCallbackMachine";
import { provideEarlyAccessMachine } from "../application/machines/earlyAccessMachine";
import { provideDashboardMachine } from "../application/machines/dashboardMachine";
import { SettingsPageLogic } from "../application/machines/settingsPage";
import { HTTP_CONFIG, HTTP_TIMEOUT_MS, HttpClient, REFRESH_SESSION, type HttpConfig, type RefreshSession } from "./http/httpClient";
import { HttpAuthGateway } from "./http/authGateway";
import { HttpAppConfigSource, InlineAppConfigSource } from "./http/appConfigSource";
import { HttpEarlyAccessGateway } from "./http/earlyAccessGateway";
import { CachedDashboardSource } from "./http/dashboardSource";
import { HttpGmailGateway, HttpSettingsGateway } from "./http/settingsGateway";
import { DataCache } from "./cache/dataCache";
import { LOCAL_STORAGE, LocalSessionStore, SESSION_STORAGE } from "./storage/localSessionStore";
import { BrowserClipboard, BrowserNavigation, SystemClock } from "./platform/browser";

const TOKEN_REFRESH_ACTOR = Symbol("TokenRefreshActor");

export interface ContainerOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  localStorage?: Storage;
  sessionStorage?: Storage;
  /** The server's public configuration when the page carries it, so that it is not fetched. */
  appConfig?: AppConfig;
  /** Replace browser adapters, e.g. navigation in tests. */
  navigation?: Navigation;
}

/**
 * The composition root's wiring: every port bound to its adapter, and the long-lived machines started with their
 * actors provided from those ports. Views resolve what they need from this container through React context.
 */
export function createContainer(options: ContainerOptions): Container {
  const container = new Container({ defaultScope: "Singleton" });
  const httpConfig: HttpConfig = {
    baseUrl: options.baseUrl.replace(/\/$/, ""),
    timeoutMs: HTTP_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  container.bind<HttpConfig>(HTTP_CONFIG).toConstantValue(httpConfig);
  container.bind<Storage>(LOCAL_STORAGE).toConstantValue(options.localStorage ?? window.localStorage);
  container.bind<Storage>(SESSION_STORAGE).toConstantValue(options.sessionStorage ?? window.sessionStorage);
  container.bind(SessionStore).to(LocalSessionStore);
  container.bind(Clock).to(SystemClock);
  container.bind(Clipboard).to(BrowserClipboard);
  if (options.navigation) container.bind(Navigation).toConstantValue(options.navigation);
  else container.bind(Navigation).to(BrowserNavigation);
  container.bind(ToastCenter).toConstantValue(new ToastCenter());
  container.bind(Notifier).toService(ToastCenter);
  container.bind(DataCache).toSelf();
  container.bind(HttpClient).toSelf();
  // Resolved at call time: the refresh machine itself needs the gateway that needs the HTTP client.
  container
    .bind<RefreshSession>(REFRESH_SESSION)
    .toConstantValue(() => requestRefresh(container.get<TokenRefreshActor>(TOKEN_REFRESH_ACTOR)));
  container.bind(AuthGateway).to(HttpAuthGateway);
  if (options.appConfig) container.bind(AppConfigSource).toConstantValue(new InlineAppConfigSource(options.appConfig));
  else container.bind(AppConfigSource).to(HttpAppConfigSource);
  container.bind(EarlyAccessGateway).to(HttpEarlyAccessGateway);
  container.bind(DashboardSource).to(CachedDashboardSource);
  container.bind(SettingsGateway).to(HttpSettingsGateway);
  container.bind(GmailGateway).to(HttpGmailGateway);

  container.bind(AuthSession).toDynamicValue((context) => {
    const session = context.get(SessionStore);
    const logic = provideAuthMachine({
      auth: context.get(AuthGateway),
      session,
      navigation: context.get(Navigation),
    });
    const actor = createActor(logic, { input: { storedUser: session.storedUser() } });
    // Cached data belongs to the person who fetched it.
    actor.subscribe((snapshot) => {
      if (snapshot.matches("signedOut")) context.get(DataCache).clear();
    });
    return new AuthSession(actor.start());
  });
  container.bind<TokenRefreshActor>(TOKEN_REFRESH_ACTOR).toDynamicValue((context) => {
    const logic = provideTokenRefreshMachine({
      auth: context.get(AuthGateway),
      session: context.get(SessionStore),
      navigation: context.get(Navigation),
      onSessionEnded: () => container.get(AuthSession).actor.send({ type: "SESSION_EXPIRED" }),
    });
    return createActor(logic).start();
  });
  container.bind(OAuthCallbackLogic).toDynamicValue(
    (context) =>
      new OAuthCallbackLogic(
        provideOAuthCallbackMachine({
          auth: context.get(AuthGateway),
          session: context.get(SessionStore),
          navigation: context.get(Navigation),
          notifier: context.get(Notifier),
          signIn: (session) => context.get(AuthSession).actor.send({ type: "SIGNED_IN", session }),
        }),
        context.get(SessionStore),
      ),
  );
  container.bind(EarlyAccessLogic).toDynamicValue(
    (context) =>
      new EarlyAccessLogic(
        provideEarlyAccessMachine({ gateway: context.get(EarlyAccessGateway), notifier: context.get(Notifier) }),
      ),
  );
  container.bind(GoogleAuthStarter).toDynamicValue(
    (context) =>
      new GoogleAuthStarter({
        auth: context.get(AuthGateway),
        session: context.get(SessionStore),
        navigation: context.get(Navigation),
        notifier: context.get(Notifier),
      }),
  );
  container.bind(DashboardLogic).toDynamicValue(
    (context) =>
      new DashboardLogic(
        provideDashboardMachine({
          source: context.get(DashboardSource),
          clipboard: context.get(Clipboard),
          settings: context.get(SettingsGateway),
          gmail: context.get(GmailGateway),
          notifier: context.get(Notifier),
          connectGmail: () => context.get(GoogleAuthStarter).start("connect-gmail", "/dashboard"),
        }),
      ),
  );
  // The settings page: its machines end the session after an account deletion, and make cached deals stale.
  container.bind(SettingsPageLogic).toDynamicValue(
    (context) =>
      new SettingsPageLogic({
        settings: context.get(SettingsGateway),
        gmail: context.get(GmailGateway),
        notifier: context.get(Notifier),
        connectGmail: () => context.get(GoogleAuthStarter).start("connect-gmail"),
        dealsChanged: () => void context.get(DashboardSource).invalidate(),
        endSession: () => {
          context.get(SessionStore).clear();
          context.get(Navigation).navigate("/", { replace: true });
          context.get(AuthSession).actor.send({ type: "SESSION_EXPIRED" });
        },
        userLoaded: (user) => context.get(AuthSession).actor.send({ type: "USER_UPDATED", user }),
      }),
  );
  return container;
}
