import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from "jose";
import { fullName, type EmulatorAccount } from "../accounts";
import { isBasicScope, isKnownScope, hasScope, parseScopeList } from "./scopes";

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** An authorization request waiting for the person to pick an account and consent. Kept server-side by id. */
export interface PendingRequest {
  id: string;
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | "plain";
  offline: boolean;
  includeGrantedScopes: boolean;
  loginHint: string | null;
  account: EmulatorAccount | null;
  expiresAt: number;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  account: EmulatorAccount;
  scopes: string[];
  nonce: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | "plain";
  offline: boolean;
  expiresAt: number;
  /** The grant this code was exchanged for, so a replayed code can revoke it (RFC 6749 section 4.1.2). */
  grantId: string | null;
}

interface Grant {
  id: string;
  clientId: string;
  account: EmulatorAccount;
  scopes: string[];
  nonce: string | null;
  refreshToken: string | null;
  revoked: boolean;
}

export interface AuthenticatedCaller {
  account: EmulatorAccount;
  scopes: string[];
  clientId: string;
  expiresAt: number;
  /** Whether the grant has a refresh token (access_type=offline). */
  offline: boolean;
}

/** What the HTTP layer should do: show a page, redirect, or answer JSON. */
export type AuthorizationStep =
  | { kind: "error-page"; status: number; error: string; detail: string }
  | { kind: "redirect"; location: string }
  | { kind: "choose-account"; request: PendingRequest }
  | { kind: "consent"; request: PendingRequest };

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

const CODE_TTL_MS = 10 * 60_000;
const PENDING_TTL_MS = 60 * 60_000;
const ID_TOKEN_TTL_SECONDS = 3600;

function randomToken(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString("base64url");
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function oauthError(status: number, error: string, description: string): JsonAnswer {
  return { status, body: { error, error_description: description } };
}

export interface AuthorizationServerOptions {
  clients: readonly OAuthClient[];
  accounts: readonly EmulatorAccount[];
  now: () => Date;
  accessTokenTtlSeconds: number;
  issuer: () => string;
}

/** Google's OAuth 2.0 / OpenID Connect authorization server, in memory. */
export class AuthorizationServer {
  private readonly pending = new Map<string, PendingRequest>();
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly grants = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { grantId: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, string>();
  /** Scopes each account has granted each client, for include_granted_scopes. Keyed by "clientId sub". */
  private readonly grantedScopes = new Map<string, Set<string>>();

  private constructor(
    private readonly options: AuthorizationServerOptions,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
  ) {}

  static async create(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
    for (const client of options.clients) {
      for (const uri of client.redirectUris) {
        if (!URL.canParse(uri)) throw new Error(`Client ${client.clientId} has an invalid redirect URI: ${uri}`);
      }
    }
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = createHash("sha256").update(JSON.stringify(publicJwk)).digest("hex").slice(0, 40);
    return new AuthorizationServer(options, privateKey, publicKey, { ...publicJwk, kid, alg: "RS256", use: "sig" });
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  private nowMs(): number {
    return this.options.now().getTime();
  }

  private client(clientId: string | null | undefined): OAuthClient | undefined {
    return this.options.clients.find((client) => client.clientId === clientId);
  }

  private redirectWith(redirectUri: string, params: Record<string, string | null>): AuthorizationStep {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
    return { kind: "redirect", location: url.toString() };
  }

  /** Forgets abandoned sign-ins, old codes and expired access tokens, so a long-running emulator does not grow. */
  private sweep(): void {
    const now = this.nowMs();
    for (const [id, request] of this.pending) if (request.expiresAt < now) this.pending.delete(id);
    // Used codes are kept an hour past expiry so that a replay is still recognised and revokes its grant.
    for (const [value, code] of this.codes) if (code.expiresAt + 60 * 60_000 < now) this.codes.delete(value);
    for (const [token, entry] of this.accessTokens) if (entry.expiresAt < now) this.accessTokens.delete(token);
  }

  /** GET /o/oauth2/v2/auth: checks the request; errors before the redirect URI is trusted are shown, never redirected. */
  beginAuthorization(query: URLSearchParams): AuthorizationStep {
    this.sweep();
    const client = this.client(query.get("client_id"));
    if (!client) return { kind: "error-page", status: 401, error: "invalid_client", detail: "The OAuth client was not found." };
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!client.redirectUris.includes(redirectUri)) {
      return {
        kind: "error-page",
        status: 400,
        error: "redirect_uri_mismatch",
        detail: `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. The redirect URI ${redirectUri || "(missing)"} is not registered for this client.`,
      };
    }
    const state = query.get("state");
    const responseType = query.get("response_type");
    if (responseType !== "code") {
      return { kind: "error-page", status: 400, error: "unsupported_response_type", detail: `Invalid response_type: ${responseType ?? "(missing)"}. This server issues authorization codes only.` };
    }
    const scopes = parseScopeList(query.get("scope"));
    if (scopes.length === 0) return { kind: "error-page", status: 400, error: "invalid_request", detail: "Missing required parameter: scope" };
    const unknown = scopes.filter((scope) => !isKnownScope(scope));
    if (unknown.length > 0) return { kind: "error-page", status: 400, error: "invalid_scope", detail: `Some requested scopes were invalid. {invalid=[${unknown.join(", ")}]}` };
    const codeChallenge = query.get("code_challenge");
    const method = query.get("code_challenge_method") ?? (codeChallenge ? "plain" : "S256");
    if (method !== "S256" && method !== "plain") {
      return { kind: "error-page", status: 400, error: "invalid_request", detail: `Invalid code_challenge_method: ${method}` };
    }
    if (codeChallenge !== null && !/^[A-Za-z0-9._~-]{43,128}$/.test(codeChallenge)) {
      return { kind: "error-page", status: 400, error: "invalid_request", detail: "Invalid code_challenge: it must be 43 to 128 characters of [A-Za-z0-9-._~]." };
    }
    if (query.get("prompt")?.split(" ").includes("none")) {
      // The emulator keeps no browser session, so a silent sign-in can never succeed.
      return this.redirectWith(redirectUri, { error: "interaction_required", state });
    }
    const request: PendingRequest = {
      id: randomToken("req_", 18),
      client,
      redirectUri,
      scopes,
      state,
      nonce: query.get("nonce"),
      codeChallenge,
      codeChallengeMethod: method,
      offline: query.get("access_type") === "offline",
      includeGrantedScopes: query.get("include_granted_scopes") === "true",
      loginHint: query.get("login_hint"),
      account: null,
      expiresAt: this.nowMs() + PENDING_TTL_MS,
    };
    this.pending.set(request.id, request);
    return { kind: "choose-account", request };
  }

  private pendingRequest(requestId: string | null | undefined): PendingRequest | undefined {
    const request = requestId ? this.pending.get(requestId) : undefined;
    if (request && request.expiresAt < this.nowMs()) {
      this.pending.delete(request.id);
      return undefined;
    }
    return request;
  }

  private expiredRequestPage(): AuthorizationStep {
    return { kind: "error-page", status: 400, error: "invalid_request", detail: "This sign-in request has expired or was already used. Go back to the app and start again." };
  }

  chooseAccount(requestId: string | null, email: string | null): AuthorizationStep {
    const request = this.pendingRequest(requestId);
    if (!request) return this.expiredRequestPage();
    const account = this.options.accounts.find((candidate) => candidate.email === email);
    if (!account) return { kind: "choose-account", request };
    request.account = account;
    return { kind: "consent", request };
  }

  /** The consent form's answer: Allow with the scopes left checked, or Cancel. */
  decide(requestId: string | null, allow: boolean, checkedScopes: readonly string[]): AuthorizationStep {
    const request = this.pendingRequest(requestId);
    if (!request || !request.account) return this.expiredRequestPage();
    this.pending.delete(request.id);
    if (!allow) return this.redirectWith(request.redirectUri, { error: "access_denied", state: request.state });

    const account = request.account;
    const unionKey = `${request.client.clientId} ${account.sub}`;
    const granted = request.scopes.filter((scope) => isBasicScope(scope) || checkedScopes.includes(scope));
    const scopes = request.includeGrantedScopes ? [...new Set([...granted, ...(this.grantedScopes.get(unionKey) ?? [])])] : granted;
    if (scopes.length === 0) return this.redirectWith(request.redirectUri, { error: "access_denied", state: request.state });
    this.grantedScopes.set(unionKey, new Set([...(this.grantedScopes.get(unionKey) ?? []), ...granted]));

    const code = randomToken("4/0", 36);
    this.codes.set(code, {
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      account,
      scopes,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      offline: request.offline,
      expiresAt: this.nowMs() + CODE_TTL_MS,
      grantId: null,
    });
    return this.redirectWith(request.redirectUri, { code, scope: scopes.join(" "), authuser: "0", prompt: "consent", state: request.state });
  }

  private authenticateClient(form: URLSearchParams, authorization: string | undefined): OAuthClient | JsonAnswer {
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    if (authorization?.toLowerCase().startsWith("basic ")) {
      const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon === -1) return oauthError(401, "invalid_client", "Unauthorized");
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon));
        clientSecret = decodeURIComponent(decoded.slice(colon + 1));
      } catch {
        return oauthError(401, "invalid_client", "Unauthorized");
      }
    }
    if (!clientId) return oauthError(400, "invalid_request", "Could not determine client ID from request.");
    const client = this.client(clientId);
    if (!client) return oauthError(401, "invalid_client", "The OAuth client was not found.");
    if (!clientSecret || !sameSecret(clientSecret, client.clientSecret)) return oauthError(401, "invalid_client", "Unauthorized");
    return client;
  }

  /** POST /token. */
  async token(form: URLSearchParams, authorization: string | undefined): Promise<JsonAnswer> {
    const client = this.authenticateClient(form, authorization);
    if ("status" in client) return client;
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") return this.exchangeCode(client, form);
    if (grantType === "refresh_token") return this.refresh(client, form);
    if (!grantType) return oauthError(400, "invalid_request", "Missing required parameter: grant_type");
    return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
  }

  private async exchangeCode(client: OAuthClient, form: URLSearchParams): Promise<JsonAnswer> {
    const codeValue = form.get("code");
    if (!codeValue) return oauthError(400, "invalid_request", "Missing required parameter: code");
    const code = this.codes.get(codeValue);
    if (!code) return oauthError(400, "invalid_grant", "Malformed auth code.");
    if (code.grantId !== null) {
      this.revokeGrant(code.grantId);
      return oauthError(400, "invalid_grant", "Bad Request");
    }
    if (code.expiresAt < this.nowMs()) {
      this.codes.delete(codeValue);
      return oauthError(400, "invalid_grant", "Bad Request");
    }
    if (code.clientId !== client.clientId) return oauthError(400, "invalid_grant", "Bad Request");
    const redirectUri = form.get("redirect_uri");
    if (!redirectUri) return oauthError(400, "invalid_request", "Missing parameter: redirect_uri");
    if (redirectUri !== code.redirectUri) return oauthError(400, "redirect_uri_mismatch", "Bad Request");
    if (code.codeChallenge !== null) {
      const verifier = form.get("code_verifier");
      if (!verifier) return oauthError(400, "invalid_grant", "Missing code verifier.");
      const computed = code.codeChallengeMethod === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
      if (computed !== code.codeChallenge) return oauthError(400, "invalid_grant", "Invalid code verifier.");
    }

    const grant: Grant = {
      id: randomToken("grant_", 12),
      clientId: client.clientId,
      account: code.account,
      scopes: code.scopes,
      nonce: code.nonce,
      refreshToken: code.offline ? randomToken("1//0", 48) : null,
      revoked: false,
    };
    this.grants.set(grant.id, grant);
    if (grant.refreshToken) this.refreshTokens.set(grant.refreshToken, grant.id);
    code.grantId = grant.id;

    const body: Record<string, unknown> = { ...(await this.issueAccessToken(grant, grant.nonce)) };
    if (grant.refreshToken) body.refresh_token = grant.refreshToken;
    return { status: 200, body };
  }

  private async refresh(client: OAuthClient, form: URLSearchParams): Promise<JsonAnswer> {
    const refreshToken = form.get("refresh_token");
    if (!refreshToken) return oauthError(400, "invalid_request", "Missing required parameter: refresh_token");
    const grant = this.grants.get(this.refreshTokens.get(refreshToken) ?? "");
    if (!grant || grant.revoked) return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
    if (grant.clientId !== client.clientId) return oauthError(400, "unauthorized_client", "Unauthorized");
    return { status: 200, body: { ...(await this.issueAccessToken(grant, null)) } };
  }

  private async issueAccessToken(grant: Grant, nonce: string | null): Promise<Record<string, unknown>> {
    const ttl = this.options.accessTokenTtlSeconds;
    const accessToken = randomToken("ya29.a0", 64);
    this.accessTokens.set(accessToken, { grantId: grant.id, expiresAt: this.nowMs() + ttl * 1000 });
    const body: Record<string, unknown> = { access_token: accessToken, expires_in: ttl, scope: grant.scopes.join(" "), token_type: "Bearer" };
    if (grant.scopes.includes("openid")) body.id_token = await this.idToken(grant, nonce);
    return body;
  }

  private async idToken(grant: Grant, nonce: string | null): Promise<string> {
    const account = grant.account;
    const issuedAt = Math.floor(this.nowMs() / 1000);
    const claims: Record<string, unknown> = { azp: grant.clientId, sub: account.sub };
    if (hasScope(grant.scopes, "email")) Object.assign(claims, { email: account.email, email_verified: account.emailVerified });
    if (hasScope(grant.scopes, "profile")) Object.assign(claims, { name: fullName(account), given_name: account.givenName, family_name: account.familyName });
    if (nonce) claims.nonce = nonce;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: this.publicJwk.kid!, typ: "JWT" })
      .setIssuer(this.options.issuer())
      .setAudience(grant.clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ID_TOKEN_TTL_SECONDS)
      .sign(this.privateKey);
  }

  private revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (!grant) return;
    grant.revoked = true;
    for (const [token, entry] of this.accessTokens) if (entry.grantId === grantId) this.accessTokens.delete(token);
    if (grant.refreshToken) this.refreshTokens.delete(grant.refreshToken);
    this.grantedScopes.delete(`${grant.clientId} ${grant.account.sub}`);
  }

  /** The person removes the app's access in their Google account: every grant of theirs ends. Answers how many. */
  revokeAccountGrants(email: string): number {
    const grants = [...this.grants.values()].filter((grant) => grant.account.email === email && !grant.revoked);
    for (const grant of grants) this.revokeGrant(grant.id);
    return grants.length;
  }

  /** POST /revoke: an access or refresh token revokes its whole grant. */
  revoke(token: string | null): JsonAnswer {
    const grantId = token ? (this.refreshTokens.get(token) ?? this.liveAccessToken(token)?.grantId) : undefined;
    if (!grantId) return oauthError(400, "invalid_token", "Token expired or revoked");
    this.revokeGrant(grantId);
    return { status: 200, body: {} };
  }

  private liveAccessToken(token: string): { grantId: string; expiresAt: number } | undefined {
    const entry = this.accessTokens.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.nowMs()) {
      this.accessTokens.delete(token);
      return undefined;
    }
    return entry;
  }

  /** GET /tokeninfo: what Google tells about an access token or an ID token, values as strings like Google's. */
  async tokenInfo(accessToken: string | null, idToken: string | null): Promise<JsonAnswer> {
    const invalid = oauthError(400, "invalid_token", "Invalid Value");
    if (idToken) {
      try {
        const { payload } = await jwtVerify(idToken, this.publicKey, { issuer: this.options.issuer(), currentDate: this.options.now() });
        const body = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)]));
        return { status: 200, body: { ...body, alg: "RS256", kid: this.publicJwk.kid!, typ: "JWT" } };
      } catch {
        return invalid;
      }
    }
    const caller = accessToken ? this.authenticate(accessToken) : null;
    if (!caller) return invalid;
    const body: Record<string, unknown> = {
      azp: caller.clientId,
      aud: caller.clientId,
      sub: caller.account.sub,
      scope: caller.scopes.join(" "),
      exp: String(Math.floor(caller.expiresAt / 1000)),
      expires_in: String(Math.max(0, Math.floor((caller.expiresAt - this.nowMs()) / 1000))),
      access_type: caller.offline ? "offline" : "online",
    };
    if (hasScope(caller.scopes, "email")) Object.assign(body, { email: caller.account.email, email_verified: String(caller.account.emailVerified) });
    return { status: 200, body };
  }

  /** The account and scopes behind a bearer access token, or null when it is unknown, expired or revoked. */
  authenticate(accessToken: string): AuthenticatedCaller | null {
    const entry = this.liveAccessToken(accessToken);
    const grant = entry ? this.grants.get(entry.grantId) : undefined;
    if (!entry || !grant || grant.revoked) return null;
    return { account: grant.account, scopes: grant.scopes, clientId: grant.clientId, expiresAt: entry.expiresAt, offline: grant.refreshToken !== null };
  }
}
