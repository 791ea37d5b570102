import type { Authenticated, SessionService } from "./sessions";
import type { ExtensionService } from "../extension";

/** Logout: ends the web session and, when asked, the browser extensions paired from it (docs/product.md, "Header"). */
export class SignOut {
  constructor(
    private readonly sessions: Pick<SessionService, "end">,
    private readonly extensions: Pick<ExtensionService, "endPairedFrom">,
  ) {}

  async signOut(webSession: Authenticated, { signOutExtension }: { signOutExtension: boolean }): Promise<void> {
    // The extension first: once the web session has ended, nothing can ask again for what was paired from it.
    if (signOutExtension) await this.extensions.endPairedFrom(webSession);
    await this.sessions.end(webSession.sessionId);
  }
}
