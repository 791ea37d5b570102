import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { getSimplePaths } from "xstate/graph";
import { provideGoogleFlowMachine } from "../../src/application/machines/googleFlowMachine";
import {
  provideSettingsPageMachine,
  settingsPageChildren,
  isConfirmingDisconnect,
  settingsPageMachine,
  type SettingsPageActor,
  type SettingsPageSnapshot,
} from "../../src/application/machines/settingsPageMachine";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingNavigation } from "./fakePorts";
import { ControlledGmailGateway, ControlledSettingsGateway, aliceSettings, recordingNotifier } from "./settingsFakes";

/** The page machine as the composition root wires it, over controlled gateways that record every call. */
function startPage(log: EffectLog) {
  const calls = new ControlledAuthGateway(log);
  const notifier = recordingNotifier(log);
  const logic = provideSettingsPageMachine({
    settings: new ControlledSettingsGateway(calls),
    gmail: new ControlledGmailGateway(calls),
    notifier,
    connectGmail: provideGoogleFlowMachine({ auth: calls, session: new MemorySessionStore(log), navigation: new RecordingNavigation(log), notifier }),
    dealsChanged: () => log.record("deals changed"),
    endSession: () => log.record("end session"),
    userLoaded: (user) => log.record(`user ${user.email}`),
  });
  const page = createActor(logic).start();
  return { calls, page };
}

async function flush(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

const gmailSyncOf = (page: SettingsPageActor) => settingsPageChildren(page).gmailSync.getSnapshot();
const shownActive = (page: SettingsPageActor) =>
  Object.fromEntries((settingsPageChildren(page).settings.getSnapshot().context.settings?.brands ?? []).map((brand) => [brand.id, brand.isActive]));

/** Loads the settings (Gmail connected) and takes the effects of the load. */
async function loaded(log: EffectLog, calls: ControlledAuthGateway) {
  expect(log.takeNew()).toEqual(["call settings (silent)"]);
  calls.settle("settings", { output: aliceSettings });
  await flush();
  // A fresh answer saying Gmail is connected starts the sync status polling.
  expect(log.takeNew()).toEqual(["user alice@example.com", "call syncStatus (silent)"]);
}

const pendingOf = (snapshot: { context: SettingsPageSnapshot["context"] }) => JSON.stringify([...snapshot.context.pendingBrandIds].sort());

/** The call a press of a brand's switch makes: b1 starts shown and is hidden, b2 the other way round. */
const saveOf = (brandId: string) => `setBrandState ${brandId} ${brandId === "b2" ? "active" : "inactive"}`;

describe("settings page machine, the Disconnect Gmail confirmation: every simple path", () => {
  const events = [{ type: "DISCONNECT_REQUEST" }, { type: "DISCONNECT_CANCEL" }, { type: "DISCONNECT_CONFIRM" }] as EventObject[];
  const paths = getSimplePaths(settingsPageMachine, { events: events as never, serializeState: ((snapshot: SettingsPageSnapshot) => JSON.stringify(snapshot.value)) as never });

  it("reaches the confirmation and comes back from it", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"browsing"', '"confirmingDisconnect"']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    await loaded(log, calls);
    for (const step of path.steps.slice(1)) {
      const wasConfirming = isConfirmingDisconnect(page.getSnapshot());
      page.send(step.event as never);
      expect(JSON.stringify(page.getSnapshot().value)).toBe(JSON.stringify(step.state.value));
      // Only a confirmed confirmation calls the server.
      const confirmed = wasConfirming && step.event.type === "DISCONNECT_CONFIRM";
      expect(log.takeNew()).toEqual(confirmed ? ["call disconnect (silent)"] : []);
    }
    page.stop();
  });
});

describe("settings page machine, brand toggles: every simple path of the pending brands", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Nike (b1) shows active and Adidas (b2) inactive; each press is answered with the flipped value.
  const events: EventObject[] = [
    { type: "TOGGLE_BRAND", brandId: "b1", isActive: true } as EventObject,
    { type: "TOGGLE_BRAND", brandId: "b2", isActive: false } as EventObject,
    { type: "BRAND_TOGGLE_SETTLED", brandId: "b1" } as EventObject,
    { type: "BRAND_TOGGLE_SETTLED", brandId: "b2" } as EventObject,
  ];
  const paths = getSimplePaths(settingsPageMachine, { events: events as never, serializeState: pendingOf as never });

  it("reaches every set of pending brands", () => {
    expect(new Set(paths.map((path) => pendingOf(path.state)))).toEqual(new Set(["[]", '["b1"]', '["b2"]', '["b1","b2"]']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => `${step.event.type} ${(step.event as { brandId?: string }).brandId ?? ""}`).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const { calls, page } = startPage(log);
      await flush();
      await loaded(log, calls);
      const toggled = new Set<string>();
      for (const step of path.steps.slice(1)) {
        const { brandId } = step.event as unknown as { brandId: string };
        if (step.event.type === "TOGGLE_BRAND") {
          page.send(step.event as never);
          toggled.add(brandId);
          // The state the press asks for is saved, not a flip: b1 was shown, b2 hidden.
          expect(log.takeNew()).toEqual([`call ${saveOf(brandId)} (silent)`]);
        } else {
          // The page hears that a toggle settled when the server answers it.
          calls.settle(saveOf(brandId), { output: { isActive: brandId === "b2", message: "ok" } });
          await flush();
          expect(log.takeNew()).toEqual(["deals changed"]);
        }
        expect(pendingOf(page.getSnapshot())).toBe(pendingOf(step.state));
        // Pressed brands show the flipped value at once, and keep it when the server agrees.
        expect(shownActive(page)).toEqual({ b1: !toggled.has("b1"), b2: toggled.has("b2") });
      }
      page.stop();
    },
  );
});

describe("settings page machine, what its machines report to each other", () => {
  it("ignores a second press while a brand is pending, and a failed toggle re-fetches the settings", async () => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    await loaded(log, calls);
    page.send({ type: "TOGGLE_BRAND", brandId: "b1", isActive: true });
    page.send({ type: "TOGGLE_BRAND", brandId: "b1", isActive: false });
    expect(log.takeNew()).toEqual(["call setBrandState b1 inactive (silent)"]);
    expect(shownActive(page)).toEqual({ b1: false, b2: false });

    calls.settle("setBrandState b1 inactive", { error: new Error("offline") });
    await flush();
    expect(log.takeNew()).toEqual(["toast Failed to update brand status", "call settings (silent)"]);
    expect(page.getSnapshot().context.pendingBrandIds.size).toBe(0);
    calls.settle("settings", { output: aliceSettings });
    await flush();
    // The server's value is shown again; the sync was already polling.
    expect(shownActive(page)).toEqual({ b1: true, b2: false });
    expect(log.takeNew()).toEqual(["user alice@example.com"]);

    page.send({ type: "TOGGLE_BRAND", brandId: "b1", isActive: true });
    expect(log.takeNew()).toEqual(["call setBrandState b1 inactive (silent)"]);
    page.stop();
  });

  it("disconnects Gmail only once the confirmation is confirmed", async () => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    await loaded(log, calls);
    page.send({ type: "DISCONNECT_REQUEST" });
    expect(isConfirmingDisconnect(page.getSnapshot())).toBe(true);
    page.send({ type: "DISCONNECT_CANCEL" });
    expect(isConfirmingDisconnect(page.getSnapshot())).toBe(false);
    expect(log.takeNew()).toEqual([]);
    expect(gmailSyncOf(page).matches("following")).toBe(true);
    page.send({ type: "DISCONNECT_REQUEST" });
    page.send({ type: "DISCONNECT_CONFIRM" });
    expect(isConfirmingDisconnect(page.getSnapshot())).toBe(false);
    expect(log.takeNew()).toEqual(["call disconnect (silent)"]);
    page.stop();
  });

  it("stops polling after a disconnect, without polling again while the settings reload", async () => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    await loaded(log, calls);
    page.send({ type: "DISCONNECT_REQUEST" });
    page.send({ type: "DISCONNECT_CONFIRM" });
    expect(log.takeNew()).toEqual(["call disconnect (silent)"]);
    calls.settle("disconnect", { output: "Gmail disconnected." });
    await flush();
    expect(log.takeNew()).toEqual(["call settings (silent)"]);
    expect(gmailSyncOf(page).value).toBe("off");
    calls.settle("settings", { output: { ...aliceSettings, gmailConnected: false, linkedAccount: null } });
    await flush();
    expect(log.takeNew()).toEqual(["user alice@example.com"]);
    expect(gmailSyncOf(page).value).toBe("off");
    page.stop();
  });

  it("refreshes the settings after Sync Now is accepted", async () => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    await loaded(log, calls);
    calls.settle("syncStatus", { output: { syncing: false, message: "", outcome: "none", progress: null } });
    await flush();
    page.send({ type: "SYNC_NOW" });
    expect(log.takeNew()).toEqual(["call startSync (silent)"]);
    calls.settle("startSync", { output: { outcome: "running", message: "Gmail sync started." } });
    await flush();
    expect(log.takeNew()).toEqual(["call settings (silent)"]);
    expect(gmailSyncOf(page).context.notice).toEqual({ text: "Gmail sync started.", outcome: "running" });
    page.stop();
  });

  it("leaves for Google on Connect Gmail, and says so when the flow cannot start", async () => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    log.takeNew();
    page.send({ type: "CONNECT_GMAIL" });
    expect(log.takeNew()).toEqual(["call startGoogleFlow connect-gmail"]);
    calls.settle("startGoogleFlow", { error: new Error("offline") });
    await flush();
    expect(log.takeNew()).toEqual(["toast Error: Failed to connect Gmail"]);
    page.send({ type: "CONNECT_GMAIL" });
    calls.settle("startGoogleFlow", { output: { authUrl: "https://google.example/consent", state: "state-1" } });
    await flush();
    expect(log.takeNew()).toEqual(["call startGoogleFlow connect-gmail", "save oauth state state-1", "assign https://google.example/consent"]);
    page.stop();
  });

  it("ends the session once the account is deleted, after a confirmation", async () => {
    const log = new EffectLog();
    const { calls, page } = startPage(log);
    await flush();
    log.takeNew();
    page.send({ type: "DELETE_REQUEST" });
    page.send({ type: "DELETE_CANCEL" });
    page.send({ type: "DELETE_REQUEST" });
    expect(log.takeNew()).toEqual([]);
    page.send({ type: "DELETE_CONFIRM" });
    expect(log.takeNew()).toEqual(["call deleteAccount (silent)"]);
    calls.settle("deleteAccount", { output: { message: "Your account and all its data were deleted.", googleAccessRevoked: true, deleted: {} } });
    await flush();
    expect(log.takeNew()).toEqual(["end session", "toast Account deleted: Your account and all its data were deleted."]);
    page.stop();
  });
});
