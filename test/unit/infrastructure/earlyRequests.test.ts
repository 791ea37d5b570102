import { afterEach, describe, expect, it } from "vitest";
import * as t from "io-ts";
import { childContainer, createContainer } from "../../../src/infrastructure/container";
import { FETCH, HTTP_TIMEOUT_MS, HttpClient } from "../../../src/infrastructure/http/httpClient";
import { earlyRequestScript, takeEarlyResponse } from "../../../src/infrastructure/http/earlyRequests";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../../src/infrastructure/storage/localSessionStore";
import { Navigation } from "../../../src/application/ports/platform";
import { ALICE, FakeApi, FakeNavigation, MemoryStorage, json, type RecordedRequest } from "../support";

const NOW_S = Math.floor(Date.now() / 1000);

/** An access token shaped as the server's (a JWT), whose only claim read here is its expiry. */
function accessToken(expiresInSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ sub: "user-1", exp: NOW_S + expiresInSeconds })}.signature`;
}

function storageWith(token: string | null): MemoryStorage {
  const storage = new MemoryStorage();
  if (token) {
    storage.setItem("authToken", token);
    storage.setItem("user", JSON.stringify(ALICE));
  }
  return storage;
}

/** Runs the page's inline script as the browser would, with this storage and fetch; its window is `holder`. */
function runScript(storage: Storage, fetch: FakeApi["fetch"], holder: object = {}) {
  const script = earlyRequestScript(["/dashboard-products", "/sync-gmail"], HTTP_TIMEOUT_MS);
  new Function("window", "localStorage", "fetch", script)(holder, storage, fetch);
  return holder;
}

describe("the requests a signed-in page sends from its HTML", () => {
  it("asks each path with the stored access token and the headers the app's client sends", async () => {
    const api = new FakeApi().on("GET /dashboard-products", () => json(200, { deals: 1 })).on("GET /sync-gmail", () => json(200, { sync: 1 }));
    const token = accessToken(900);
    const holder = runScript(storageWith(token), api.fetch);
    expect(api.requests.map((request: RecordedRequest) => request.url.pathname)).toEqual(["/api/dashboard-products", "/api/sync-gmail"]);
    for (const request of api.requests) {
      expect(request.headers.get("Authorization")).toBe(`Bearer ${token}`);
      expect(request.headers.get("Accept")).toBe("application/json");
      expect(request.credentials).toBe("same-origin");
    }
    const answer = takeEarlyResponse("/dashboard-products", token, holder);
    expect(await (await answer!).json()).toEqual({ deals: 1 });
  });

  it.each([
    ["no stored session", null],
    ["an access token that has expired", accessToken(-60)],
    ["an access token about to expire", accessToken(2)],
    ["a stored token that is no JWT", "not-a-token"],
  ])("sends nothing with %s", (_, token) => {
    const api = new FakeApi();
    const holder = runScript(storageWith(token), api.fetch);
    expect(api.requests).toEqual([]);
    expect(takeEarlyResponse("/dashboard-products", token ?? "", holder)).toBeNull();
  });

  it("hands an answer over once, and only for the token it was sent with", () => {
    const api = new FakeApi().on("GET /dashboard-products", () => json(200, {}));
    const token = accessToken(900);
    const holder = runScript(storageWith(token), api.fetch);
    expect(takeEarlyResponse("/dashboard-products", "another-token", holder)).toBeNull();
    // Once asked with another token it is gone: a later person or a refreshed session asks for itself.
    expect(takeEarlyResponse("/dashboard-products", token, holder)).toBeNull();
    const again = runScript(storageWith(token), api.fetch);
    expect(takeEarlyResponse("/dashboard-products", token, again)).not.toBeNull();
    expect(takeEarlyResponse("/dashboard-products", token, again)).toBeNull();
    expect(takeEarlyResponse("/sync-gmail", token, again)).not.toBeNull();
  });
});

describe("HttpClient with a request sent from the page's HTML", () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).__dealFinderEarlyRequests;
  });

  function wire(token: string, refreshToken?: string) {
    const api = new FakeApi();
    const storage = storageWith(token);
    if (refreshToken) storage.setItem("refreshToken", refreshToken);
    const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
    container.bind(FETCH).toConstantValue(api.fetch);
    container.bind(LOCAL_STORAGE).toConstantValue(storage);
    container.bind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
    container.bind(Navigation).toConstantValue(new FakeNavigation("/dashboard"));
    return { api, http: container.get(HttpClient) };
  }

  const Answer = t.type({ from: t.string });

  it("takes the early answer instead of asking again, and asks itself the next time", async () => {
    const token = accessToken(900);
    const { api, http } = wire(token);
    api.on("GET /dashboard-products", () => json(200, { from: "client" }));
    runScript(storageWith(token), new FakeApi().on("GET /dashboard-products", () => json(200, { from: "page" })).fetch, globalThis);
    expect(await http.get("/dashboard-products", Answer)).toEqual({ from: "page" });
    expect(api.requests).toEqual([]);
    expect(await http.get("/dashboard-products", Answer)).toEqual({ from: "client" });
    expect(api.count("GET /dashboard-products")).toBe(1);
  });

  it("asks itself when the early request failed", async () => {
    const token = accessToken(900);
    const { api, http } = wire(token);
    api.on("GET /dashboard-products", () => json(200, { from: "client" }));
    const failing: FakeApi["fetch"] = () => Promise.reject(new TypeError("Failed to fetch"));
    runScript(storageWith(token), failing, globalThis);
    expect(await http.get("/dashboard-products", Answer)).toEqual({ from: "client" });
    expect(api.count("GET /dashboard-products")).toBe(1);
  });

  it("meets an early 401 as its own: refreshes, then asks again with the new token", async () => {
    const token = accessToken(900);
    const { api, http } = wire(token, "refresh-1");
    api.on("POST /auth/refresh", () => json(200, { access_token: "new", refresh_token: "refresh-2", user: ALICE }));
    api.on("GET /dashboard-products", () => json(200, { from: "client" }));
    runScript(storageWith(token), new FakeApi().on("GET /dashboard-products", () => json(401, { success: false, code: "unauthorized", message: "Expired" })).fetch, globalThis);
    expect(await http.get("/dashboard-products", Answer)).toEqual({ from: "client" });
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(api.requests.find((request) => request.url.pathname === "/api/dashboard-products")!.headers.get("Authorization")).toBe("Bearer new");
  });
});
