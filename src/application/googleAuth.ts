import type { AuthGateway, GoogleFlow } from "./ports/auth";
import type { SessionStore } from "./ports/session";
import type { Navigation } from "./ports/platform";
import type { Notifier } from "./ports/notifications";

/** The toast shown when the server cannot start a Google flow (SPEC section 8). */
export const GOOGLE_FLOW_FAILURES: Record<GoogleFlow, string> = {
  signin: "Failed to initiate Google sign-in",
  signup: "Failed to initiate Google sign-up",
  "gmail-signup": "Failed to initiate Google sign-up with Gmail",
  link: "Failed to link Google account",
  "connect-gmail": "Failed to connect Gmail",
};

/** Starts a Google round trip: asks the server for the consent URL, keeps its state, and leaves for Google. */
export class GoogleAuthStarter {
  constructor(
    private readonly ports: { auth: AuthGateway; session: SessionStore; navigation: Navigation; notifier: Notifier },
  ) {}

  /** Resolves true when the browser is on its way to Google, false after a failure toast. */
  async start(flow: GoogleFlow, returnPath?: string): Promise<boolean> {
    try {
      const { authUrl, state } = await this.ports.auth.startGoogleFlow(flow);
      this.ports.session.saveOAuthState(state);
      if (returnPath) this.ports.session.saveReturnPath(returnPath);
      this.ports.navigation.assign(authUrl);
      return true;
    } catch {
      this.ports.notifier.notify({ title: "Error", description: GOOGLE_FLOW_FAILURES[flow], variant: "destructive" });
      return false;
    }
  }
}
