import { createActor } from "xstate";
import { provideAuthMachine } from "../../application/machines/authMachine";
import { provideGoogleFlowMachine } from "../../application/machines/googleFlowMachine";
import { provideOAuthCallbackMachine } from "../../application/machines/oauthCallbackMachine";
import {
  provideTokenRefreshMachine,
  requestRefresh,
  type TokenRefreshActor,
} from "../../application/machines/tokenRefreshMachine";
import { AuthGateway } from "../../application/ports/auth";
import { Notifier } from "../../application/ports/notifications";
import { Navigation } from "../../application/ports/platform";
import { SessionStore } from "../../application/ports/session";
import { AuthSession, GoogleFlowLogic, OAuthCallbackLogic, oauthCallback, serviceToken } from "../../application/services";
import { DataCache } from "../cache/dataCache";
import { HttpAuthGateway } from "../http/authGateway";
import { HttpClient, REFRESH_SESSION } from "../http/httpClient";
import type { ServiceRegistry } from "../serviceRegistry";

const TOKEN_REFRESH_ACTOR = serviceToken<TokenRefreshActor>("TokenRefreshActor");

/** Sign-in, the session and its refresh, Google's round trip and its callback. */
export function registerAuth(services: ServiceRegistry): void {
  services.bind(AuthGateway, (s) => new HttpAuthGateway(s.get(HttpClient), s.get(SessionStore)));
  services.bind(AuthSession, (s) => {
    const session = s.get(SessionStore);
    const logic = provideAuthMachine({ auth: s.get(AuthGateway), session, navigation: s.get(Navigation) });
    const actor = createActor(logic, { input: { storedUser: session.storedUser() } });
    // Cached data belongs to the person who fetched it.
    actor.subscribe((snapshot) => {
      if (snapshot.matches("signedOut")) s.get(DataCache).clear();
    });
    return actor.start();
  });
  services.bind(TOKEN_REFRESH_ACTOR, (s) => {
    const logic = provideTokenRefreshMachine({
      auth: s.get(AuthGateway),
      session: s.get(SessionStore),
      navigation: s.get(Navigation),
      // After the refresh machine's own step: an actor's action that drives another actor's assign at once is
      // refused by XState ("Custom actions should not call assign() directly").
      onSessionEnded: () => queueMicrotask(() => s.get(AuthSession).send({ type: "SESSION_EXPIRED" })),
    });
    return createActor(logic).start();
  });
  // Resolved at call time: the refresh machine itself needs the gateway that needs the HTTP client.
  services.bind(REFRESH_SESSION, (s) => () => requestRefresh(s.get(TOKEN_REFRESH_ACTOR)));
  services.bind(GoogleFlowLogic, (s) =>
    provideGoogleFlowMachine({
      auth: s.get(AuthGateway),
      session: s.get(SessionStore),
      navigation: s.get(Navigation),
      notifier: s.get(Notifier),
    }),
  );
  services.bind(OAuthCallbackLogic, (s) =>
    oauthCallback(
      provideOAuthCallbackMachine({
        auth: s.get(AuthGateway),
        session: s.get(SessionStore),
        navigation: s.get(Navigation),
        notifier: s.get(Notifier),
        signIn: (session) => s.get(AuthSession).send({ type: "SIGNED_IN", session }),
      }),
      s.get(SessionStore),
    ),
  );
}
