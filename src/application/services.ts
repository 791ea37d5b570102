import { readOAuthCallbackParams } from "../domain/oauthCallback";
import type { AuthActor } from "./machines/authMachine";
import type { OAuthCallbackInput, provideOAuthCallbackMachine } from "./machines/oauthCallbackMachine";
import type { SessionStore } from "./ports/session";
import type { provideEarlyAccessMachine } from "./machines/earlyAccessMachine";
import type { provideDashboardMachine } from "./machines/dashboardMachine";

/** The running auth machine, shared by the whole app. */
export class AuthSession {
  constructor(readonly actor: AuthActor) {}
}

/** The OAuth callback machine wired to its ports; each visit of /oauth-callback starts one from it. */
export class OAuthCallbackLogic {
  constructor(
    readonly logic: ReturnType<typeof provideOAuthCallbackMachine>,
    private readonly session: SessionStore,
  ) {}

  /** A visit's input: the query Google's round trip left, and the state this browser kept when it started a flow. */
  inputFor(search: string): OAuthCallbackInput {
    return { params: readOAuthCallbackParams(search), oauthState: this.session.oauthState() };
  }
}

/** The early-access form machine wired to its ports. */
export class EarlyAccessLogic {
  constructor(readonly logic: ReturnType<typeof provideEarlyAccessMachine>) {}
}

/** The dashboard machine wired to its ports; each visit of /dashboard starts one from it. */
export class DashboardLogic {
  constructor(readonly logic: ReturnType<typeof provideDashboardMachine>) {}
}
