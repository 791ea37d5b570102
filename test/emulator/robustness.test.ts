import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GoogleEmulator, startGoogleEmulator } from "../../emulator/googleEmulator";
import { accessTokenFor, authorize, CLIENT, exchangeCode } from "./oauthDriver";

let emulator: GoogleEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT] });
  token = (await accessTokenFor(emulator.baseUrl)).accessToken;
});
afterAll(() => emulator.close());

type BadRequest = [description: string, path: string, init?: RequestInit];

const json = (body: string): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body });
const form = (body: string): RequestInit => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });

const badRequests = (): BadRequest[] => [
  ["auth without parameters", "/o/oauth2/v2/auth"],
  ["auth with an unknown response_type", `/o/oauth2/v2/auth?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(CLIENT.redirectUris[0]!)}&response_type=token&scope=openid`],
  ["auth without scope", `/o/oauth2/v2/auth?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(CLIENT.redirectUris[0]!)}&response_type=code`],
  ["auth with an unknown scope", `/o/oauth2/v2/auth?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(CLIENT.redirectUris[0]!)}&response_type=code&scope=openid%20launch.missiles`],
  ["auth with a short code_challenge", `/o/oauth2/v2/auth?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(CLIENT.redirectUris[0]!)}&response_type=code&scope=openid&code_challenge=abc&code_challenge_method=S256`],
  ["auth with an unknown challenge method", `/o/oauth2/v2/auth?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(CLIENT.redirectUris[0]!)}&response_type=code&scope=openid&code_challenge_method=S512`],
  ["account chooser without a request", "/o/oauth2/v2/auth/chooseaccount", form("account=demo%40example.com")],
  ["consent with a JSON body", "/o/oauth2/v2/auth/consent", json("{}")],
  ["token with broken JSON", "/token", json("{")],
  ["token with plain text", "/token", { method: "POST", headers: { "content-type": "text/plain" }, body: "grant_type=x" }],
  ["token with a malformed Basic header", "/token", { ...form("grant_type=refresh_token&refresh_token=x"), headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic %%%" } }],
  ["token with percent garbage in Basic", "/token", { ...form("grant_type=refresh_token"), headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("%E0%A4%A:x").toString("base64")}` } }],
  ["token with an unknown refresh token", "/token", form(`grant_type=refresh_token&refresh_token=nope&client_id=${CLIENT.clientId}&client_secret=${CLIENT.clientSecret}`)],
  ["revoke without a token", "/revoke", form("")],
  ["userinfo without a token", "/v1/userinfo"],
  ["tokeninfo with a bad id_token", "/tokeninfo?id_token=a.b.c"],
  ["gmail on an unknown method", "/gmail/v1/users/me/drafts"],
  ["gmail with a bad percent escape", "/gmail/v1/users/%E0%A4%A/profile"],
  ["control endpoint with broken JSON", "/__emulator/faults", json("{")],
  ["control endpoint for an unknown account", "/__emulator/mailboxes/nobody%40example.com/messages", json(JSON.stringify({ raw: "SGVsbG8=" }))],
  ["control endpoint with bad labels", "/__emulator/mailboxes/demo%40example.com/messages", json(JSON.stringify({ raw: "SGVsbG8=", labelIds: "INBOX" }))],
  ["label change on an unknown message", "/__emulator/mailboxes/demo%40example.com/messages/abc/labels", json(JSON.stringify({ add: ["STARRED"] }))],
  ["quota with a negative budget", "/__emulator/quota", json(JSON.stringify({ unitsPerMinute: -1 }))],
  ["an unknown page", "/nowhere"],
];

describe("bad requests", () => {
  it.each(badRequests())("answers %s with a 4xx, never a crash", async (_description, path, init) => {
    const response = await fetch(`${emulator.baseUrl}${path}`, { redirect: "manual", ...init });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await response.text();
  });

  it("answers Gmail calls with odd parameters with Google's error shape", async () => {
    for (const path of ["me/messages/ffff?format=full&metadataHeaders=", "me/history?startHistoryId=abc", "me/history?startHistoryId=1&historyTypes=messageExploded", "me/messages?maxResults=-3"]) {
      const response = await fetch(`${emulator.baseUrl}/gmail/v1/users/${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect([400, 404]).toContain(response.status);
      expect(await response.json()).toMatchObject({ error: { code: response.status, errors: [expect.objectContaining({ reason: expect.any(String) })] } });
    }
  });

  it("still serves normally afterwards", async () => {
    const response = await fetch(`${emulator.baseUrl}/gmail/v1/users/me/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });
});

describe("tokeninfo", () => {
  it("describes an access token and verifies an ID token", async () => {
    const { redirect, verifier } = await authorize(emulator.baseUrl, { scopes: ["openid", "email"] });
    const { body } = await exchangeCode(emulator.baseUrl, redirect.searchParams.get("code")!, verifier);
    const info = (await (await fetch(`${emulator.baseUrl}/tokeninfo?access_token=${body.access_token as string}`)).json()) as Record<string, string>;
    expect(info).toMatchObject({ aud: CLIENT.clientId, scope: "openid email", email: "demo@example.com", email_verified: "true", access_type: "offline" });
    expect(Number(info.expires_in)).toBeGreaterThan(3500);
    const idInfo = (await (await fetch(`${emulator.baseUrl}/tokeninfo?id_token=${body.id_token as string}`)).json()) as Record<string, string>;
    expect(idInfo).toMatchObject({ iss: emulator.baseUrl, aud: CLIENT.clientId, email: "demo@example.com", email_verified: "true", sub: "104729318756201948375" });
    const tampered = (body.id_token as string).replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify({ sub: "1", iss: emulator.baseUrl })).toString("base64url")}.`);
    expect((await fetch(`${emulator.baseUrl}/tokeninfo?id_token=${tampered}`)).status).toBe(400);
  });
});
