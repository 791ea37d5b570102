import { afterEach, describe, expect, it, vi } from "vitest";
import { childContainer, createContainer } from "../../../src/infrastructure/container";
import { FETCH } from "../../../src/infrastructure/http/httpClient";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../../src/infrastructure/storage/localSessionStore";
import { Navigation } from "../../../src/application/ports/platform";
import { DashboardSource } from "../../../src/application/ports/deals";
import { AuthSession, SettingsPageLogic } from "../../../src/application/services";
import { authStatusOf } from "../../../src/application/machines/authMachine";
import { createActor } from "xstate";
import { settingsPageChildren, type SettingsPageActor } from "../../../src/application/machines/settingsPageMachine";
import { SAMPLE_DASHBOARD } from "../../../src/ui/pages/dashboard/fixtures";
import { SAMPLE_SETTINGS } from "../../../src/ui/pages/settings/fixtures";
import { ALICE, FakeApi, FakeNavigation, MemoryStorage, json, settle } from "../support";

const BRAND_ID = "6f1c2b9e-0000-4000-8000-000000000001";
const settingsAnswer = (isActive: boolean) =>
  json(200, {
    status: "success",
    data: { ...SAMPLE_SETTINGS, user: ALICE, brands: [{ id: BRAND_ID, name: "Nike", domain: "nike.com", isActive }] },
  });

/** The settings page's machines as the composition root wires them, over a fake API at the fetch boundary. */
function wire() {
  const api = new FakeApi()
    .on("GET /auth/me", () => json(200, { success: true, user: ALICE }))
    .on("GET /settings", () => settingsAnswer(true))
    .on("GET /sync-gmail", () => json(200, { status: "success", gmail_sync_status: "idle", gmail_sync_progress: "", outcome: "none", progress: null }))
    .on("GET /dashboard-products", () => json(200, SAMPLE_DASHBOARD));
  const localStorage = new MemoryStorage();
  localStorage.setItem("authToken", "access-1");
  localStorage.setItem("refreshToken", "refresh-1");
  localStorage.setItem("user", JSON.stringify(ALICE));
  const navigation = new FakeNavigation("/settings");
  const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
  container.bind(FETCH).toConstantValue(api.fetch);
  container.bind(LOCAL_STORAGE).toConstantValue(localStorage);
  container.bind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
  container.bind(Navigation).toConstantValue(navigation);
  return { api, container, localStorage, navigation };
}

let page: SettingsPageActor | null = null;
afterEach(() => page?.stop());

describe("the settings page machine, wired at the composition root", () => {
  it("polls the sync status once the settings say Gmail is connected", async () => {
    const { api, container } = wire();
    page = createActor(await container.getAsync(SettingsPageLogic)).start();
    await settle();
    expect(settingsPageChildren(page).settings.getSnapshot().value).toBe("ready");
    expect(settingsPageChildren(page).gmailSync.getSnapshot().matches("following")).toBe(true);
    expect(api.count("GET /sync-gmail")).toBe(1);
  });

  it("takes a 409 to Sync Now for a sync already running, in yellow, and follows it", async () => {
    const { api, container } = wire();
    api.on("POST /sync-gmail", () => json(409, { success: false, code: "sync_in_progress", message: "Sync is already in progress. Please wait for it to complete." }));
    page = createActor(await container.getAsync(SettingsPageLogic)).start();
    await settle();
    page.send({ type: "SYNC_NOW" });
    await settle();
    const sync = settingsPageChildren(page).gmailSync.getSnapshot();
    expect(sync.context.notice).toEqual({ text: "Sync is already in progress. Please wait for it to complete.", outcome: "already_running" });
    expect(sync.matches({ following: "syncing" })).toBe(true);
  });

  it("stops polling after a disconnect, without polling again while the settings reload", async () => {
    const { api, container } = wire();
    api.on("POST /disconnect-gmail", () => json(200, { status: "success", message: "Gmail disconnected." }));
    page = createActor(await container.getAsync(SettingsPageLogic)).start();
    await settle();
    api.on("GET /settings", () => json(200, { status: "success", data: { ...SAMPLE_SETTINGS, user: ALICE, gmailConnected: false, linkedAccount: null } }));
    page.send({ type: "DISCONNECT_REQUEST" });
    page.send({ type: "DISCONNECT_CONFIRM" });
    await settle();
    expect(api.count("GET /settings")).toBe(2);
    expect(settingsPageChildren(page).gmailSync.getSnapshot().value).toBe("off");
    expect(api.count("GET /sync-gmail")).toBe(1);
  });

  it("makes the cached dashboard refetch after a brand toggle", async () => {
    const { api, container } = wire();
    api.on(`PUT /brands/${BRAND_ID}/state`, () => json(200, { status: "success", is_active: false, message: "Brand hidden." }));
    const dashboard = (await container.getAsync(DashboardSource)).watch();
    const stop = dashboard.subscribe(() => undefined);
    page = createActor(await container.getAsync(SettingsPageLogic)).start();
    await vi.waitFor(() => expect(api.count("GET /dashboard-products")).toBe(1));
    await settle();

    page.send({ type: "TOGGLE_BRAND", brandId: BRAND_ID, isActive: true });
    expect(settingsPageChildren(page).settings.getSnapshot().context.settings?.brands[0]?.isActive).toBe(false);
    await vi.waitFor(() => expect(api.count("GET /dashboard-products")).toBe(2));
    expect(page.getSnapshot().context.pendingBrandIds.size).toBe(0);
    stop();
  });

  it("re-fetches the settings after a failed toggle, so the server's value is shown", async () => {
    const { api, container } = wire();
    api.on(`PUT /brands/${BRAND_ID}/state`, () => json(500, { success: false, code: "internal", message: "boom" }));
    page = createActor(await container.getAsync(SettingsPageLogic)).start();
    await settle();
    page.send({ type: "TOGGLE_BRAND", brandId: BRAND_ID, isActive: true });
    await settle();
    expect(api.count("GET /settings")).toBe(2);
    expect(settingsPageChildren(page).settings.getSnapshot().context.settings?.brands[0]?.isActive).toBe(true);
  });

  it("signs out, clears the stored session and goes home after the account is deleted", async () => {
    const { api, container, localStorage, navigation } = wire();
    api.on("DELETE /account", () =>
      json(200, { success: true, deleted: { deals: 3 }, googleAccessRevoked: true, message: "Your account and all its data were deleted." }),
    );
    const auth = container.get(AuthSession);
    await settle();
    expect(authStatusOf(auth.getSnapshot())).toBe("signedIn");
    page = createActor(await container.getAsync(SettingsPageLogic)).start();
    page.send({ type: "DELETE_REQUEST" });
    page.send({ type: "DELETE_CONFIRM" });
    await settle();
    expect(authStatusOf(auth.getSnapshot())).toBe("signedOut");
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(navigation.visits.at(-1)).toEqual({ path: "/", options: { replace: true } });
  });
});
