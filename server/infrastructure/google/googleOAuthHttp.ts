import { createRemoteJWKSet, jwtVerify } from "jose";
import type { GoogleEndpoints } from "../../config";
import { GoogleGrantRevokedError, GoogleOAuthError, type AuthorizationRequest, type Clock, type GoogleGrant, type GoogleOAuth } from "../../application/ports";

interface TokenResponse {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
  error?: string;
  error_description?: string;
}

/** Google's OAuth 2.0 / OpenID Connect endpoints over HTTP (authorization code with PKCE). */
export class GoogleOAuthHttp implements GoogleOAuth {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly redirectUri: string,
    private readonly endpoints: GoogleEndpoints,
    private readonly clock: Clock,
  ) {
    this.jwks = createRemoteJWKSet(new URL(endpoints.jwks));
  }

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL(this.endpoints.authorization);
    const params: Record<string, string> = {
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: "code",
      scope: request.scopes.join(" "),
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: "S256",
      include_granted_scopes: "true",
      prompt: request.offline ? "consent" : "select_account",
    };
    if (request.offline) params.access_type = "offline";
    if (request.loginHint) params.login_hint = request.loginHint;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  async exchangeCode(code: string, codeVerifier: string, nonce: string): Promise<GoogleGrant> {
    const tokens = await this.tokenRequest({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: this.redirectUri,
    });
    if (!tokens.access_token || !tokens.id_token) throw new GoogleOAuthError("Google answered without an access token or ID token.");
    const { payload } = await jwtVerify(tokens.id_token, this.jwks, {
      issuer: this.endpoints.issuers,
      audience: this.clientId,
      currentDate: this.clock.now(),
      algorithms: ["RS256"],
    }).catch((error: unknown) => {
      throw new GoogleOAuthError(`The ID token could not be verified: ${(error as Error).message}`);
    });
    if (payload.nonce !== nonce) throw new GoogleOAuthError("The ID token's nonce does not match this sign-in.");
    if (typeof payload.sub !== "string" || typeof payload.email !== "string") throw new GoogleOAuthError("The ID token has no subject or email.");
    return {
      accessToken: tokens.access_token,
      accessTokenExpiresAt: this.expiresAt(tokens.expires_in),
      refreshToken: tokens.refresh_token ?? null,
      scopes: (tokens.scope ?? "").split(" ").filter(Boolean),
      identity: {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        emailVerified: payload.email_verified === true,
        givenName: typeof payload.given_name === "string" ? payload.given_name : null,
        familyName: typeof payload.family_name === "string" ? payload.family_name : null,
      },
    };
  }

  async refreshAccessToken(refreshToken: string): Promise<{ accessToken: string; accessTokenExpiresAt: Date }> {
    const tokens = await this.tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken }).catch((error: unknown) => {
      if (error instanceof GoogleOAuthError && error.code === "invalid_grant") throw new GoogleGrantRevokedError(error.message);
      throw error;
    });
    if (!tokens.access_token) throw new GoogleOAuthError("Google answered the refresh without an access token.");
    return { accessToken: tokens.access_token, accessTokenExpiresAt: this.expiresAt(tokens.expires_in) };
  }

  async revoke(token: string): Promise<void> {
    const response = await this.post(this.endpoints.revocation, { token }, 10_000);
    // 400 invalid_token means the grant is already gone, which is what revoking wants.
    if (!response.ok && response.status !== 400) throw new GoogleOAuthError(`Google refused to revoke the token (${response.status}).`);
  }

  private expiresAt(expiresInSeconds: number | undefined): Date {
    return new Date(this.clock.now().getTime() + (expiresInSeconds ?? 3600) * 1000);
  }

  private async tokenRequest(fields: Record<string, string>): Promise<TokenResponse> {
    const response = await this.post(this.endpoints.token, { ...fields, client_id: this.clientId, client_secret: this.clientSecret }, 15_000);
    const body = (await response.json().catch(() => ({}))) as TokenResponse;
    if (!response.ok) {
      throw new GoogleOAuthError(`Google's token endpoint answered ${response.status}: ${body.error_description ?? body.error ?? "no reason given"}`, body.error);
    }
    return body;
  }

  private async post(url: string, fields: Record<string, string>, timeoutMs: number): Promise<Response> {
    try {
      return await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GoogleOAuthError(`Google could not be reached: ${(error as Error).message}`);
    }
  }
}
