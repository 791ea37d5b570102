import { inject, injectable } from "inversify";
import { AuthGateway, type GoogleAuthStart, type GoogleFlow, type SignInCompletion } from "../../application/ports/auth";
import { SessionStore, type Session } from "../../application/ports/session";
import { RequestError, isRequestError } from "../../application/errors";
import type { User } from "../../domain/user";
import {
  AuthMeCodec,
  GoogleAuthStartCodec,
  LoginResponseCodec,
  LogoutResponseCodec,
  RefreshResponseCodec,
  type LoginResponse,
} from "./contract";
import { HttpClient } from "./httpClient";

const FLOW_PATHS: Record<GoogleFlow, string> = {
  signin: "/google-signin",
  signup: "/google-signup",
  "gmail-signup": "/google-gmail-signin",
  link: "/link-google-account",
  "connect-gmail": "/connect-gmail",
};

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
    if (!answer.success) throw new RequestError(200, "google_flow_refused", answer.error);
    return { authUrl: answer.authUrl, state: answer.state };
  }

  async completeSignIn(tokens: string, state: string): Promise<SignInCompletion> {
    let answer: LoginResponse;
    try {
      answer = await this.http.post("/auth/complete", LoginResponseCodec, { body: { tokens, state } });
    } catch (error) {
      // A refused code (spent, expired, or from a flow another browser started) is a 400 whose message says why.
      const refused = isRequestError(error) && error.status !== null && error.status < 500 && error.serverMessage;
      if (refused) return { ok: false, error: refused };
      throw error;
    }
    if (!answer.success) return { ok: false, error: answer.error };
    return {
      ok: true,
      session: { accessToken: answer.access_token, refreshToken: answer.refresh_token, user: answer.user },
    };
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

  async logout(): Promise<void> {
    await this.http.post("/logout", LogoutResponseCodec, { silent: true });
  }
}
