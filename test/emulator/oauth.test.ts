import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GoogleEmulator, startGoogleEmulator } from "../../emulator/googleEmulator";
import { authorize, CLIENT, exchangeCode, GMAIL_READONLY, parseForms, pkcePair, postToken, submitForm } from "./oauthDriver";

let emulator: GoogleEmulator;
let clock = new Date("2026-11-20T10:00:00Z");

beforeAll(async () => {
  emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], now: () => clock });
});
afterAll(() => emulator.close());

function authUrl(params: Record<string, string>): URL {
  const url = new URL("/o/oauth2/v2/auth", emulator.baseUrl);
  url.search = new URLSearchParams(params).toString();
  return url;
}

const validAuthParams = () => ({
  client_id: CLIENT.clientId,
  redirect_uri: CLIENT.redirectUris[0]!,
  response_type: "code",
  scope: "openid email profile",
  state: "s1",
  code_challenge: pkcePair().challenge,
  code_challenge_method: "S256",
});

describe("OpenID discovery and keys", () => {
  it("publishes Google's endpoints under the emulator's origin, which is also the issuer", async () => {
    const config = (await (await fetch(`${emulator.baseUrl}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(config.issuer).toBe(emulator.baseUrl);
    expect(config.authorization_endpoint).toBe(`${emulator.baseUrl}/o/oauth2/v2/auth`);
    expect(config.token_endpoint).toBe(`${emulator.baseUrl}/token`);
    expect(config.jwks_uri).toBe(`${emulator.baseUrl}/oauth2/v3/certs`);
    expect(config.userinfo_endpoint).toBe(`${emulator.baseUrl}/v1/userinfo`);
    expect(config.revocation_endpoint).toBe(`${emulator.baseUrl}/revoke`);
  });
});

describe("the authorization pages", () => {
  it("shows one button per account, named exactly by its email, on an accessible page", async () => {
    const response = await fetch(authUrl(validAuthParams()));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(response.headers.get("set-cookie")).toBeNull();
    const [form] = parseForms(html);
    expect(form!.buttons.map((button) => button.text)).toEqual(["demo@example.com", "new.user@example.com", "priya.raman@example.com", "other.user@example.com", "unverified.user@example.com"]);
  });

  it("lists basic scopes as text and gives each extra scope a checkbox, checked by default", async () => {
    const chooser = await fetch(authUrl({ ...validAuthParams(), scope: `openid email profile ${GMAIL_READONLY}` }));
    const consent = await submitForm(emulator.baseUrl, parseForms(await chooser.text())[0]!, "demo@example.com");
    const html = await consent.text();
    const [form] = parseForms(html);
    const checkboxes = form!.fields.filter((field) => field.type === "checkbox");
    expect(checkboxes).toEqual([expect.objectContaining({ value: GMAIL_READONLY, checked: true, label: "View your email messages and settings" })]);
    expect(html).toContain("See your primary Google Account email address");
    expect(form!.buttons.map((button) => button.text)).toEqual(["Cancel", "Allow"]);
  });

  it("shows an error page, never a redirect, for an unregistered redirect URI", async () => {
    const response = await fetch(authUrl({ ...validAuthParams(), redirect_uri: "https://attacker.invalid/cb" }), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("redirect_uri_mismatch");
  });

  it("shows an error page for an unknown client", async () => {
    const response = await fetch(authUrl({ ...validAuthParams(), client_id: "nobody" }), { redirect: "manual" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("invalid_client");
  });

  it("redirects with error=access_denied and the state when the person cancels", async () => {
    const { redirect, state } = await authorize(emulator.baseUrl, { cancel: true });
    expect(redirect.origin + redirect.pathname).toBe(CLIENT.redirectUris[0]);
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("state")).toBe(state);
    expect(redirect.searchParams.get("code")).toBeNull();
  });

  it("answers a stale form submission with an error page", async () => {
    const response = await fetch(`${emulator.baseUrl}/o/oauth2/v2/auth/consent`, { method: "POST", body: new URLSearchParams({ request: "req_gone", decision: "allow" }), redirect: "manual" });
    expect(response.status).toBe(400);
  });
});

describe("the code exchange", () => {
  it("completes the whole dance: code, tokens, a verifiable ID token and userinfo", async () => {
    const { redirect, verifier, state } = await authorize(emulator.baseUrl, { nonce: "n-123" });
    expect(redirect.searchParams.get("state")).toBe(state);
    expect(redirect.searchParams.get("scope")!.split(" ")).toEqual(["openid", "email", "profile", GMAIL_READONLY]);
    const { status, body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: `openid email profile ${GMAIL_READONLY}` });
    expect(body.refresh_token).toEqual(expect.any(String));

    const idToken = body.id_token as string;
    expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: "RS256", kid: expect.any(String) });
    const jwks = createRemoteJWKSet(new URL(`${emulator.baseUrl}/oauth2/v3/certs`));
    const { payload } = await jwtVerify(idToken, jwks, { issuer: emulator.baseUrl, audience: CLIENT.clientId, currentDate: clock });
    expect(payload).toMatchObject({
      azp: CLIENT.clientId,
      sub: "104729318756201948375",
      email: "demo@example.com",
      email_verified: true,
      name: "Demo User",
      given_name: "Demo",
      family_name: "User",
      nonce: "n-123",
      iat: Math.floor(clock.getTime() / 1000),
      exp: Math.floor(clock.getTime() / 1000) + 3600,
    });

    const userinfo = await fetch(`${emulator.baseUrl}/v1/userinfo`, { headers: { authorization: `Bearer ${body.access_token as string}` } });
    expect(await userinfo.json()).toEqual({ sub: "104729318756201948375", email: "demo@example.com", email_verified: true, name: "Demo User", given_name: "Demo", family_name: "User" });
  });

  it("gives each account its own stable sub", async () => {
    const subOf = async (account: string) => {
      const { redirect, verifier } = await authorize(emulator.baseUrl, { account });
      const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
      return JSON.parse(Buffer.from((body.id_token as string).split(".")[1]!, "base64url").toString()).sub as string;
    };
    const first = await subOf("new.user@example.com");
    expect(await subOf("new.user@example.com")).toBe(first);
    expect(await subOf("other.user@example.com")).not.toBe(first);
  });

  it("refuses a wrong PKCE verifier", async () => {
    const { redirect } = await authorize(emulator.baseUrl);
    const { status, body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, pkcePair().verifier);
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_grant");
  });

  it("refuses a missing PKCE verifier", async () => {
    const { redirect } = await authorize(emulator.baseUrl);
    const { status, body } = await postToken(emulator.baseUrl, {
      grant_type: "authorization_code", code: redirect.searchParams.get("code")!, redirect_uri: CLIENT.redirectUris[0]!, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret,
    });
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_grant");
  });

  it("refuses a code used twice and revokes what the first use issued", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    const code = redirect.searchParams.get("code")!;
    const first = await exchangeCode(emulator.baseUrl, code, verifier);
    expect(first.status).toBe(200);
    const second = await exchangeCode(emulator.baseUrl, code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe("invalid_grant");
    const profile = await fetch(`${emulator.baseUrl}/gmail/v1/users/me/profile`, { headers: { authorization: `Bearer ${first.body.access_token as string}` } });
    expect(profile.status).toBe(401);
  });

  it("refuses a redirect_uri that differs from the authorization request's", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    const { status, body } = await postToken(emulator.baseUrl, {
      grant_type: "authorization_code", code: redirect.searchParams.get("code")!, code_verifier: verifier,
      redirect_uri: "http://127.0.0.1:9999/other", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret,
    });
    expect(status).toBe(400);
    expect(body.error).toBe("redirect_uri_mismatch");
  });

  it("refuses a code after ten minutes", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    const { status, body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_grant");
  });

  it("answers 401 invalid_client for a wrong secret, and accepts HTTP Basic client authentication", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    const code = redirect.searchParams.get("code")!;
    const wrong = await postToken(emulator.baseUrl, { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CLIENT.redirectUris[0]!, client_id: CLIENT.clientId, client_secret: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_client");
    const basic = Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64");
    const right = await postToken(emulator.baseUrl, { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CLIENT.redirectUris[0]! }, { authorization: `Basic ${basic}` });
    expect(right.status).toBe(200);
  });

  it("answers malformed token requests with Google's 4xx errors", async () => {
    const base = { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };
    expect((await postToken(emulator.baseUrl, { ...base, grant_type: "password" })).body.error).toBe("unsupported_grant_type");
    expect((await postToken(emulator.baseUrl, { ...base, grant_type: "authorization_code" })).body.error).toBe("invalid_request");
    const json = await fetch(`${emulator.baseUrl}/token`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(json.status).toBe(400);
  });
});

describe("granted scopes", () => {
  it("leaves out a declined Gmail scope, and Gmail then answers 403", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl, { decline: [GMAIL_READONLY] });
    expect(redirect.searchParams.get("scope")).toBe("openid email profile");
    const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    expect(body.scope).toBe("openid email profile");
    const response = await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages`, { headers: { authorization: `Bearer ${body.access_token as string}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED", errors: [{ reason: "insufficientPermissions" }] } });
  });

  it("answers access_denied when the person unchecks every scope asked for", async () => {
    const { redirect, state } = await authorize(emulator.baseUrl, { scopes: [GMAIL_READONLY], decline: [GMAIL_READONLY] });
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("state")).toBe(state);
  });

  it("adds earlier grants when include_granted_scopes=true", async () => {
    const fresh = await startGoogleEmulator({ port: 0, clients: [CLIENT] });
    try {
      await authorize(fresh.baseUrl, { account: "other.user@example.com", scopes: ["openid", "email"] });
      const { redirect, verifier } = await authorize(fresh.baseUrl, { account: "other.user@example.com", scopes: [GMAIL_READONLY], includeGrantedScopes: true });
      expect(redirect.searchParams.get("scope")!.split(" ").sort()).toEqual([GMAIL_READONLY, "email", "openid"].sort());
      const { body } = await exchangeCode(fresh.baseUrl, redirect.searchParams.get("code")!, verifier);
      expect((body.scope as string).split(" ").sort()).toEqual([GMAIL_READONLY, "email", "openid"].sort());
      expect(body.id_token).toEqual(expect.any(String));
    } finally {
      await fresh.close();
    }
  });

  it("does not add earlier grants without include_granted_scopes", async () => {
    await authorize(emulator.baseUrl, { account: "new.user@example.com", scopes: ["openid", "email"] });
    const { redirect } = await authorize(emulator.baseUrl, { account: "new.user@example.com", scopes: [GMAIL_READONLY] });
    expect(redirect.searchParams.get("scope")).toBe(GMAIL_READONLY);
  });
});

describe("refresh and revoke", () => {
  it("refreshes an access token with the grant's scopes and a new ID token", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    const refreshed = await postToken(emulator.baseUrl, { grant_type: "refresh_token", refresh_token: body.refresh_token as string, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: "Bearer", scope: body.scope, id_token: expect.any(String) });
    expect(refreshed.body.access_token).not.toBe(body.access_token);
    expect(refreshed.body.refresh_token).toBeUndefined();
  });

  it("issues no refresh token without access_type=offline", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl, { offline: false });
    const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    expect(body.refresh_token).toBeUndefined();
  });

  it("expires access tokens after their lifetime", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    const headers = { authorization: `Bearer ${body.access_token as string}` };
    expect((await fetch(`${emulator.baseUrl}/gmail/v1/users/me/profile`, { headers })).status).toBe(200);
    clock = new Date(clock.getTime() + 3601_000);
    const expired = await fetch(`${emulator.baseUrl}/gmail/v1/users/me/profile`, { headers });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED", errors: [{ reason: "authError" }] } });
  });

  it("revokes the whole grant: its access token and its refresh token", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl);
    const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    const revoke = await fetch(`${emulator.baseUrl}/revoke`, { method: "POST", body: new URLSearchParams({ token: body.access_token as string }) });
    expect(revoke.status).toBe(200);
    const profile = await fetch(`${emulator.baseUrl}/gmail/v1/users/me/profile`, { headers: { authorization: `Bearer ${body.access_token as string}` } });
    expect(profile.status).toBe(401);
    const refreshed = await postToken(emulator.baseUrl, { grant_type: "refresh_token", refresh_token: body.refresh_token as string, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe("invalid_grant");
    const again = await fetch(`${emulator.baseUrl}/revoke`, { method: "POST", body: new URLSearchParams({ token: body.refresh_token as string }) });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_token" });
  });
});
