import { ContainerModule } from "inversify";
import { createActor } from "xstate";
import { provideAuthMachine } from "../../application/machines/authMachine";
import type { TokenRefreshActor } from "../../application/machines/tokenRefreshMachine";
import { AuthGateway } from "../../application/ports/auth";
import { Notifier } from "../../application/ports/notifications";
import { Navigation } from "../../application/ports/platform";
import { SessionRefreshLock, SessionStore } from "../../application/ports/session";
import { AuthSession, GoogleFlowLogic, OAuthCallbackLogic, serviceToken } from "../../application/services";
import { DataCache } from "../cache/dataCache";
import { HttpAuthGateway } from "../http/authGateway";
import { REFRESH_SESSION } from "../http/httpClient";
import { bindFactory } from "./binding";

const TOKEN_REFRESH_ACTOR = serviceToken<Promise<TokenRefreshActor>>("TokenRefreshActor");

/** Sign-in, the session and its refresh, Google's round trip and its callback. */
export const authModule = new ContainerModule(({ bind }) => {
  bind(AuthGateway).to(HttpAuthGateway);
  bindFactory(bind, AuthSession, (s) => {
    const session = s.get(SessionStore);
    const logic = provideAuthMachine({ auth: s.get(AuthGateway), session, navigation: s.get(Navigation) });
    const actor = createActor(logic, { input: { storedUser: session.storedUser() } });
    // Cached data belongs to the person who fetched it.
    actor.subscribe((snapshot) => {
      if (snapshot.matches("signedOut")) s.get(DataCache).clear();
    });
    return actor.start();
  });
  // Only a signed-in session is ever refreshed, so the machine's code loads at the first refresh, not with the landing
  // page's script; concurrent refreshes wait for the one actor.
  bindFactory(bind, TOKEN_REFRESH_ACTOR, async (s) => {
    const { provideTokenRefreshMachine } = await import("../../application/machines/tokenRefreshMachine");
    const logic = provideTokenRefreshMachine({
      auth: s.get(AuthGateway),
      session: s.get(SessionStore),
      lock: s.get(SessionRefreshLock),
      navigation: s.get(Navigation),
      // After the refresh machine's own step: an actor's action that drives another actor's assign at once is
      // refused by XState ("Custom actions should not call assign() directly").
      onSessionEnded: () => queueMicrotask(() => s.get(AuthSession).send({ type: "SESSION_EXPIRED" })),
    });
    return createActor(logic).start();
  });
  // Resolved at call time: the refresh machine itself needs the gateway that needs the HTTP client.
  bindFactory(bind, REFRESH_SESSION, (s) => async () => {
    const [{ requestRefresh }, actor] = await Promise.all([
      import("../../application/machines/tokenRefreshMachine"),
      s.getAsync(TOKEN_REFRESH_ACTOR),
    ]);
    return requestRefresh(actor);
  });
  // Its code loads with the pages that have Google's buttons, not with the landing page's script.
  bindFactory(bind, GoogleFlowLogic, async (s) => {
    const { provideGoogleFlowMachine } = await import("../../application/machines/googleFlowMachine");
    return provideGoogleFlowMachine({
      auth: s.get(AuthGateway),
      session: s.get(SessionStore),
      navigation: s.get(Navigation),
      notifier: s.get(Notifier),
    });
  });
  // Its code loads with the callback's page, not with the landing page's script.
  bindFactory(bind, OAuthCallbackLogic, async (s) => {
    const { oauthCallback, provideOAuthCallbackMachine } = await import("../../application/machines/oauthCallbackMachine");
    return oauthCallback(
      provideOAuthCallbackMachine({
        auth: s.get(AuthGateway),
        session: s.get(SessionStore),
        navigation: s.get(Navigation),
        notifier: s.get(Notifier),
        signIn: (session) => s.get(AuthSession).send({ type: "SIGNED_IN", session }),
      }),
      s.get(SessionStore),
    );
  });
});
