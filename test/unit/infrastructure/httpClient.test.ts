import { afterEach, describe, expect, it, vi } from "vitest";
import * as t from "io-ts";
import { childContainer, createContainer } from "../../../src/infrastructure/container";
import { FETCH, HttpClient, toQueryString } from "../../../src/infrastructure/http/httpClient";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../../src/infrastructure/storage/localSessionStore";
import { Navigation } from "../../../src/application/ports/platform";
import { AuthSession } from "../../../src/application/services";
import { ToastCenter } from "../../../src/application/toastCenter";
import { RequestError } from "../../../src/application/errors";
import { AuthMeCodec } from "../../../src/contract";
import { ALICE, FakeApi, FakeNavigation, MemoryStorage, json, settle } from "../support";

function wire(options: { path?: string; token?: string; refresh?: string } = {}) {
  const api = new FakeApi();
  const storage = new MemoryStorage();
  if (options.token) {
    storage.setItem("authToken", options.token);
    storage.setItem("user", JSON.stringify(ALICE));
  }
  if (options.refresh) storage.setItem("refreshToken", options.refresh);
  const navigation = new FakeNavigation(options.path ?? "/dashboard");
  const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
  container.bind(FETCH).toConstantValue(api.fetch);
  container.bind(LOCAL_STORAGE).toConstantValue(storage);
  container.bind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
  container.bind(Navigation).toConstantValue(navigation);
  const http = container.get(HttpClient);
  const toasts = container.get(ToastCenter);
  const toastTitles = () => toasts.getSnapshot().map((toast) => `${toast.title}: ${toast.description}`);
  return { api, storage, navigation, container, http, toastTitles };
}

const Ok = t.type({ ok: t.literal(true) });

/** A body whose connection ends after its first bytes, as when the browser leaves the page while it arrives. */
function cutOffBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"success":tr'));
      controller.error(new TypeError("network error"));
    },
  });
}

describe("toQueryString", () => {
  it("repeats array keys without brackets and leaves out empty values", () => {
    expect(toQueryString({ a: ["1", "2"], b: "x y", c: undefined, d: "", e: true })).toBe("?a=1&a=2&b=x+y&e=true");
    expect(toQueryString({})).toBe("");
  });
});

describe("HttpClient", () => {
  afterEach(() => vi.useRealTimers());

  it("sends JSON without cookies, with the bearer token only when one is stored", async () => {
    const { api, http, storage } = wire();
    api.on("POST /thing", () => json(200, { ok: true }));
    await http.post("/thing", Ok, { body: { a: 1 }, query: { tag: ["x", "y"] } });
    storage.setItem("authToken", "token-1");
    await http.post("/thing", Ok);
    const [first, second] = api.requests;
    expect(first!.headers.get("Authorization")).toBeNull();
    expect(first!.headers.get("Content-Type")).toBe("application/json");
    expect(first!.body).toEqual({ a: 1 });
    expect(first!.credentials).toBe("same-origin");
    expect(first!.url.pathname + first!.url.search).toBe("/api/thing?tag=x&tag=y");
    expect(second!.headers.get("Authorization")).toBe("Bearer token-1");
  });

  it("refreshes once on a 401, stores the rotated tokens and retries with the new access token", async () => {
    const { api, http, storage } = wire({ token: "old", refresh: "refresh-1" });
    api.on("GET /thing", (request) =>
      request.headers.get("Authorization") === "Bearer new" ? json(200, { ok: true }) : json(401, { success: false, code: "unauthorized", message: "Expired" }),
    );
    api.on("POST /auth/refresh", () => json(200, { access_token: "new", refresh_token: "refresh-2", user: ALICE }));
    await expect(http.get("/thing", Ok)).resolves.toEqual({ ok: true });
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(api.requests.find((request) => request.url.pathname === "/api/auth/refresh")!.body).toEqual({ refresh_token: "refresh-1" });
    expect(storage.getItem("authToken")).toBe("new");
    expect(storage.getItem("refreshToken")).toBe("refresh-2");
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { api, http } = wire({ token: "old", refresh: "refresh-1" });
    api.on("GET /a", (request) => (request.headers.get("Authorization") === "Bearer new" ? json(200, { ok: true }) : json(401, {})));
    api.on("GET /b", (request) => (request.headers.get("Authorization") === "Bearer new" ? json(200, { ok: true }) : json(401, {})));
    api.on("POST /auth/refresh", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return json(200, { access_token: "new", refresh_token: "refresh-2", user: ALICE });
    });
    await expect(Promise.all([http.get("/a", Ok), http.get("/b", Ok), http.get("/a", Ok)])).resolves.toHaveLength(3);
    expect(api.count("POST /auth/refresh")).toBe(1);
  });

  it("clears the session, goes to /login and says the session has expired when the refresh is refused", async () => {
    const { api, http, storage, navigation, container, toastTitles } = wire({ token: "old", refresh: "reused" });
    await settle();
    api.on("GET /thing", () => json(401, { success: false, code: "unauthorized", message: "Expired" }));
    api.on("POST /auth/refresh", () => json(401, { success: false, code: "invalid_refresh_token", message: "Reused" }));
    const failure = await http.get("/thing", Ok).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as RequestError).status).toBe(401);
    expect(storage.getItem("authToken")).toBeNull();
    expect(storage.getItem("refreshToken")).toBeNull();
    expect(storage.getItem("user")).toBeNull();
    expect(navigation.visits.map((visit) => visit.path)).toContain("/login");
    expect(container.get(AuthSession).getSnapshot().value).toBe("signedOut");
    expect(toastTitles()).toEqual(["Your session has expired: Expired"]);
    expect(api.count("GET /thing")).toBe(1);
  });

  it.each([
    ["no answer", () => Promise.reject(new TypeError("Failed to fetch")), null, "Request failed: Network error occurred"],
    ["a server fault", () => json(503, { success: false, message: "Down for a moment" }), 503, "Request failed: Down for a moment"],
    ["a rate limit", () => json(429, { success: false, message: "Too many requests" }), 429, "Request failed: Too many requests"],
  ] as const)("keeps the session when the refresh gets %s: the request fails as the refresh did", async (_name, answer, status, toast) => {
    const { api, http, storage, navigation, container, toastTitles } = wire({ token: "old", refresh: "refresh-1" });
    api.on("GET /auth/me", () => json(200, { success: true, user: ALICE }));
    const auth = container.get(AuthSession);
    await settle();
    api.on("GET /thing", () => json(401, { success: false, code: "unauthorized", message: "Expired" }));
    api.on("POST /auth/refresh", answer);
    await expect(http.get("/thing", Ok)).rejects.toMatchObject({ status });
    expect([storage.getItem("authToken"), storage.getItem("refreshToken")]).toEqual(["old", "refresh-1"]);
    expect(navigation.visits.map((visit) => visit.path)).not.toContain("/login");
    expect(auth.getSnapshot().matches("signedIn")).toBe(true);
    expect(toastTitles()).toEqual([toast]);
    // The next 401 asks again, and a refresh that works retries the request with the new token.
    api.on("POST /auth/refresh", () => json(200, { access_token: "new", refresh_token: "refresh-2", user: ALICE }));
    api.on("GET /thing", (request) => (request.headers.get("authorization") === "Bearer new" ? json(200, { ok: true }) : json(401, {})));
    await expect(http.get("/thing", Ok)).resolves.toEqual({ ok: true });
    expect(storage.getItem("refreshToken")).toBe("refresh-2");
  });

  it("says the session has expired even for a caller that shows its own failures", async () => {
    const { api, http, toastTitles } = wire({ token: "old", refresh: "reused" });
    await settle();
    api.on("GET /thing", () => json(401, { success: false, code: "unauthorized", message: "Your session has ended. Please sign in again." }));
    api.on("POST /auth/refresh", () => json(401, { success: false, code: "invalid_refresh_token", message: "Reused" }));
    await expect(http.get("/thing", Ok, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(toastTitles()).toEqual(["Your session has expired: Your session has ended. Please sign in again."]);
  });

  it("neither refreshes nor says anything when the session was ended here while the request was on its way", async () => {
    const { api, http, storage, navigation, toastTitles } = wire({ token: "old", refresh: "valid" });
    await settle();
    api.on("GET /thing", () => {
      // Signed out, or the account deleted, in the meantime.
      storage.removeItem("authToken");
      storage.removeItem("refreshToken");
      return json(401, { success: false, code: "unauthorized", message: "Gone" });
    });
    await expect(http.get("/thing", Ok)).rejects.toMatchObject({ status: 401 });
    expect(api.count("POST /auth/refresh")).toBe(0);
    expect(toastTitles()).toEqual([]);
    expect(navigation.visits.filter((visit) => visit.path === "/login")).toEqual([]);
  });

  it.each(["/login", "/oauth-callback"])("stays on %s when the refresh is refused there", async (path) => {
    const { api, http, navigation } = wire({ token: "old", refresh: "reused", path });
    api.on("GET /thing", () => json(401, {}));
    api.on("POST /auth/refresh", () => json(401, {}));
    await expect(http.get("/thing", Ok)).rejects.toBeInstanceOf(RequestError);
    expect(navigation.visits.filter((visit) => visit.path === "/login")).toEqual([]);
  });

  it("toasts 'Request failed' with the server's message, or 'Network error occurred' when there is none", async () => {
    const { api, http, toastTitles } = wire();
    api.on("GET /broken", () => json(500, { success: false, code: "internal", message: "Database is down" }));
    await expect(http.get("/broken", Ok)).rejects.toMatchObject({ status: 500, code: "internal", message: "Database is down" });
    expect(toastTitles()).toEqual(["Request failed: Database is down"]);
    api.on("GET /gone", () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(http.get("/gone", Ok)).rejects.toMatchObject({ status: null, message: "Network error occurred" });
    expect(toastTitles()).toEqual(["Request failed: Network error occurred"]);
  });

  it("does not toast for /auth/ calls, on /oauth-callback, or when the caller asks for silence", async () => {
    const onPage = wire({ path: "/oauth-callback" });
    onPage.api.on("GET /broken", () => json(500, { message: "x" }));
    await expect(onPage.http.get("/broken", Ok)).rejects.toBeInstanceOf(RequestError);
    expect(onPage.toastTitles()).toEqual([]);

    const elsewhere = wire();
    elsewhere.api.on("GET /auth/me", () => json(500, { message: "x" }));
    elsewhere.api.on("GET /broken", () => json(500, { message: "x" }));
    await expect(elsewhere.http.get("/auth/me", AuthMeCodec)).rejects.toBeInstanceOf(RequestError);
    await expect(elsewhere.http.get("/broken", Ok, { silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(elsewhere.toastTitles()).toEqual([]);
  });

  it("turns a response of the wrong shape into a clear error", async () => {
    const { api, http } = wire();
    api.on("GET /auth/me", () => json(200, { success: true, user: { id: 7 } }));
    const failure = (await http.get("/auth/me", AuthMeCodec).catch((error: unknown) => error)) as RequestError;
    expect(failure.code).toBe("bad_response");
    expect(failure.message).toMatch(/^Unexpected response from GET \/auth\/me: /);
  });

  it("fails as unreachable, not as a wrong answer, when a success's body is cut off on its way", async () => {
    const { api, http } = wire();
    api.on("GET /auth/me", () => new Response(cutOffBody(), { status: 200, headers: { "Content-Type": "application/json" } }));
    const failure = (await http.get("/auth/me", AuthMeCodec).catch((error: unknown) => error)) as RequestError;
    expect(failure).toBeInstanceOf(RequestError);
    expect([failure.status, failure.code]).toEqual([null, "network_error"]);
  });

  it("keeps the status of a refusal whose body is cut off", async () => {
    const { api, http } = wire();
    api.on("GET /broken", () => new Response(cutOffBody(), { status: 503 }));
    const failure = (await http.get("/broken", Ok, { silent: true }).catch((error: unknown) => error)) as RequestError;
    expect([failure.status, failure.code]).toEqual([503, "http_error"]);
  });

  it("gives up after 30 seconds", async () => {
    vi.useFakeTimers();
    const hangingFetch: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
      });
    const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
    container.bind(FETCH).toConstantValue(hangingFetch);
    container.bind(LOCAL_STORAGE).toConstantValue(new MemoryStorage());
    container.bind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
    container.bind(Navigation).toConstantValue(new FakeNavigation());
    let settled = false;
    const pending = container
      .get(HttpClient)
      .get("/slow", Ok)
      .catch((error: unknown) => error)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: "timeout", message: "Network error occurred" });
  });
});

describe("restoring a stored session", () => {
  it("verifies the stored user with /auth/me and stores the fresh profile", async () => {
    const { api, container, storage } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(200, { success: true, user: { ...ALICE, first_name: "Alicia" } }));
    const actor = container.get(AuthSession);
    await settle();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(JSON.parse(storage.getItem("user")!).first_name).toBe("Alicia");
  });

  it("keeps the stored person when the page is left while the profile's answer is on its way", async () => {
    const { api, container, storage } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => new Response(cutOffBody(), { status: 200 }));
    const actor = container.get(AuthSession);
    await settle();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(storage.getItem("authToken")).toBe("token-1");
    expect(storage.getItem("refreshToken")).toBe("r");
  });

  it("keeps the stored person when the server fails while checking the session", async () => {
    const { api, container, storage } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(500, { message: "down" }));
    const actor = container.get(AuthSession);
    await settle();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect([storage.getItem("authToken"), storage.getItem("refreshToken")]).toEqual(["token-1", "r"]);
  });

  it("clears everything when the server refuses the session", async () => {
    const { api, container, storage } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(401, { success: false, code: "unauthorized", message: "Expired" }));
    api.on("POST /auth/refresh", () => json(401, { success: false, code: "invalid_refresh_token", message: "Ended" }));
    const actor = container.get(AuthSession);
    await settle();
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(storage.length).toBe(0);
  });

  it("signs out through POST /logout and clears storage even when it fails", async () => {
    const { api, container, storage, navigation } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(200, { success: true, user: ALICE }));
    api.on("GET /extension/paired-here", () => json(200, { paired: false }));
    api.on("POST /logout", () => json(500, { message: "down" }));
    const actor = container.get(AuthSession);
    await settle();
    actor.send({ type: "SIGN_OUT" });
    await settle();
    expect(api.count("POST /logout")).toBe(1);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(storage.getItem("authToken")).toBeNull();
    expect(navigation.visits.at(-1)?.path).toBe("/");
  });

  it("refreshes an access token that expired before signing out, so the server still ends the session", async () => {
    const { api, container, storage, toastTitles } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(200, { success: true, user: ALICE }));
    api.on("GET /extension/paired-here", () => json(200, { paired: false }));
    api.on("POST /logout", () => json(401, { message: "expired" }), () => json(200, { success: true }));
    api.on("POST /auth/refresh", () => json(200, { success: true, access_token: "token-2", refresh_token: "r2", user: ALICE }));
    const actor = container.get(AuthSession);
    await settle();
    actor.send({ type: "SIGN_OUT" });
    await settle();
    const signOuts = api.requests.filter((request) => request.url.pathname === "/api/logout");
    expect(signOuts.map((request) => request.headers.get("Authorization"))).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(storage.getItem("refreshToken")).toBeNull();
    expect(toastTitles()).toEqual([]);
  });

  it("signs out quietly when the session had already ended on the server", async () => {
    const { api, container, storage, toastTitles } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(200, { success: true, user: ALICE }));
    api.on("GET /extension/paired-here", () => json(200, { paired: false }));
    api.on("POST /logout", () => json(401, { message: "expired" }));
    api.on("POST /auth/refresh", () => json(401, { message: "ended" }));
    const actor = container.get(AuthSession);
    await settle();
    actor.send({ type: "SIGN_OUT" });
    await settle();
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(storage.getItem("authToken")).toBeNull();
    expect(toastTitles()).toEqual([]);
  });

  it("asks before signing out only when an extension was paired from this session, and sends the answer", async () => {
    const { api, container, toastTitles } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(200, { success: true, user: ALICE }));
    api.on("GET /extension/paired-here", () => json(200, { paired: false }), () => json(200, { paired: true }));
    api.on("POST /logout", () => json(200, { success: true }));
    const actor = container.get(AuthSession);
    await settle();

    actor.send({ type: "SIGN_OUT" });
    await settle();
    expect(actor.getSnapshot().value).toBe("signedOut");
    const [nothingPaired] = api.requests.filter((request) => request.url.pathname === "/api/logout");
    expect(nothingPaired!.body).toEqual({ signOutExtension: false });
    expect(nothingPaired!.headers.get("Authorization")).toBe("Bearer token-1");

    actor.send({ type: "SIGNED_IN", session: { accessToken: "token-2", refreshToken: "r2", user: ALICE } });
    actor.send({ type: "SIGN_OUT" });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: "confirming" })).toBe(true);
    expect(api.count("POST /logout")).toBe(1);
    actor.send({ type: "CHOOSE_EXTENSION_SIGN_OUT", signOut: false });
    actor.send({ type: "CHOOSE_EXTENSION_SIGN_OUT", signOut: true });
    actor.send({ type: "CONFIRM_SIGN_OUT" });
    await settle();
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(api.requests.filter((request) => request.url.pathname === "/api/logout").at(-1)!.body).toEqual({ signOutExtension: true });
    expect(api.requests.filter((request) => request.url.pathname === "/api/logout").at(-1)!.headers.get("Authorization")).toBe("Bearer token-2");
    expect(toastTitles()).toEqual([]);
  });

  it("signs the extension out too, unasked and with no toast, when whether one is paired cannot be learnt", async () => {
    const { api, container, toastTitles } = wire({ token: "token-1", refresh: "r" });
    api.on("GET /auth/me", () => json(200, { success: true, user: ALICE }));
    api.on("GET /extension/paired-here", () => json(503, { message: "down" }));
    api.on("POST /logout", () => json(200, { success: true }));
    const actor = container.get(AuthSession);
    await settle();
    actor.send({ type: "SIGN_OUT" });
    await settle();
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(api.requests.find((request) => request.url.pathname === "/api/logout")!.body).toEqual({ signOutExtension: true });
    expect(toastTitles()).toEqual([]);
  });
});
