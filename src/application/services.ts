import type { AuthActor } from "./machines/authMachine";
import type { provideOAuthCallbackMachine } from "./machines/oauthCallbackMachine";
import type { provideEarlyAccessMachine } from "./machines/earlyAccessMachine";
import type { provideDashboardMachine } from "./machines/dashboardMachine";

/** The running auth machine, shared by the whole app. */
export class AuthSession {
  constructor(readonly actor: AuthActor) {}
}

/** The OAuth callback machine wired to its ports; each visit of /oauth-callback starts one from it. */
export class OAuthCallbackLogic {
  constructor(readonly logic: ReturnType<typeof provideOAuthCallbackMachine>) {}
}

/** The early-access form machine wired to its ports. */
export class EarlyAccessLogic {
  constructor(readonly logic: ReturnType<typeof provideEarlyAccessMachine>) {}
}

/** The dashboard machine wired to its ports; each visit of /dashboard starts one from it. */
export class DashboardLogic {
  constructor(readonly logic: ReturnType<typeof provideDashboardMachine>) {}
}
