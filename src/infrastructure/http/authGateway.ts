import { inject, injectable } from "inversify";
import { AuthGateway, type GoogleAuthStart, type GoogleFlow, type SignOutChoice } from "../../application/ports/auth";
import { SessionStore, type Session } from "../../application/ports/session";
import { RefusedRequest, isRequestError } from "../../application/errors";
import type { User } from "../../domain/user";
// From the contract's modules, not its index: the landing page's script carries only the codecs it decodes with.
import {
  AuthMeCodec,
  ExtensionPairedHereCodec,
  GoogleAuthStartCodec,
  LoginResponseCodec,
  LogoutResponseCodec,
  RefreshResponseCodec,
  type CompleteSignInRequest,
  type LoginResponse,
  type LogoutRequest,
} from "../../contract/auth";
import { HttpClient } from "./httpClient";

const FLOW_PATHS: Record<GoogleFlow, string> = {
  signin: "/google-signin",
  signup: "/google-signup",
  "gmail-signup": "/google-gmail-signin",
  link: "/link-google-account",
  "connect-gmail": "/connect-gmail",
};

/**
 * The browser's IANA time zone, which a sign-up keeps for its emails (docs/product.md, "Emails card"); undefined where
 * the browser does not say.
 */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

@injectable()
export class HttpAuthGateway extends AuthGateway {
  constructor(
    @inject(HttpClient) private readonly http: HttpClient,
    @inject(SessionStore) private readonly session: SessionStore,
  ) {
    super();
  }

  async startGoogleFlow(flow: GoogleFlow): Promise<GoogleAuthStart> {
    const answer = await this.http.get(FLOW_PATHS[flow], GoogleAuthStartCodec, { silent: true });
    if (!answer.success) throw new RefusedRequest(200, "google_flow_refused", answer.error);
    return { authUrl: answer.authUrl, state: answer.state };
  }

  async completeSignIn(tokens: string, state: string): Promise<Session> {
    let answer: LoginResponse;
    try {
      const timeZone = browserTimeZone();
      const body: CompleteSignInRequest = { tokens, state, ...(timeZone ? { timeZone } : {}) };
      answer = await this.http.post("/auth/complete", LoginResponseCodec, { body });
    } catch (error) {
      // A refused code (spent, expired, or from a flow another browser started) is a 400 whose message says why.
      if (isRequestError(error) && error.status !== null && error.status < 500 && error.serverMessage) {
        throw new RefusedRequest(error.status, error.code, error.serverMessage);
      }
      throw error;
    }
    if (!answer.success) throw new RefusedRequest(200, "signin_refused", answer.error);
    return { accessToken: answer.access_token, refreshToken: answer.refresh_token, user: answer.user };
  }

  async fetchProfile(): Promise<User | null> {
    if (!this.session.accessToken()) return null;
    const answer = await this.http.get("/auth/me", AuthMeCodec);
    return answer.user;
  }

  async refresh(refreshToken: string): Promise<Session> {
    const answer = await this.http.post("/auth/refresh", RefreshResponseCodec, { body: { refresh_token: refreshToken } });
    return { accessToken: answer.access_token, refreshToken: answer.refresh_token, user: answer.user };
  }

  async extensionPairedHere(): Promise<boolean> {
    return (await this.http.get("/extension/paired-here", ExtensionPairedHereCodec, { silent: true })).paired;
  }

  async logout(choice: SignOutChoice): Promise<void> {
    const body: LogoutRequest = { signOutExtension: choice.signOutExtension };
    await this.http.post("/logout", LogoutResponseCodec, { body, silent: true });
  }
}
