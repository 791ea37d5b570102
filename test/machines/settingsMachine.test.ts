import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { provideSettingsMachine, settingsLoadOf, settingsMachine } from "../../src/application/machines/settingsMachine";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledSettingsGateway, aliceSettings, recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const failures = [
  { name: "the server says why", error: new RequestError(500, "internal", "Database is down", "Database is down"), message: "Database is down" },
  { name: "no answer", error: new RequestError(null, "network_error", "Network error occurred"), message: "Failed to fetch settings" },
];

describe.each(failures)("settings machine, when loading fails with $name: every simple path", ({ error, message }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "REFETCH" },
    { type: "BRAND_CHANGED", brandId: "b2", isActive: true } as EventObject,
    done("loadSettings", aliceSettings),
    failed("loadSettings", error),
  ];
  const paths = pathsWithOneMoreStep(settingsMachine, events);

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (event.type === "xstate.init") return ["call settings (silent)"];
    if (event.type === "REFETCH") return from === '"loading"' ? [] : ["call settings (silent)"];
    if (event.type === "BRAND_CHANGED") return [];
    if (to === '"ready"') return ["user alice@example.com"];
    return [`toast Error loading settings: ${message}`];
  }

  /** What the panels show after every step. */
  function assertStep(snapshot: Parameters<typeof settingsLoadOf>[0], event: EventObject) {
    const load = settingsLoadOf(snapshot);
    if (snapshot.matches("failed")) expect(load).toEqual({ kind: "error", message });
    else if (snapshot.context.settings === null) expect(load).toEqual({ kind: "loading" });
    else {
      expect(load).toMatchObject({ kind: "ready", refreshing: snapshot.matches("loading") });
      const adidas = snapshot.context.settings.brands.find((brand) => brand.id === "b2");
      expect(adidas?.isActive).toBe(event.type === "BRAND_CHANGED");
    }
  }

  it("reaches every state", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"loading"', '"ready"', '"failed"']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const calls = new ControlledAuthGateway(log);
      const logic = provideSettingsMachine({
        gateway: new ControlledSettingsGateway(calls),
        notifier: recordingNotifier(log),
        userLoaded: (user) => log.record(`user ${user.email}`),
      });
      await drivePath({ logic, gateway: calls, log, gatewayCallOf: { loadSettings: "settings" }, expectedEffects, assertStep }, path);
    },
  );
});

describe("settings machine, brand changes", () => {
  it("shows a brand's new state once settings are loaded, and ignores it before", async () => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const actor = createActor(
      provideSettingsMachine({ gateway: new ControlledSettingsGateway(calls), notifier: recordingNotifier(log), userLoaded: () => undefined }),
    ).start();
    actor.send({ type: "BRAND_CHANGED", brandId: "b2", isActive: true });
    expect(actor.getSnapshot().context.settings).toBeNull();
    calls.settle("settings", { output: aliceSettings });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    actor.send({ type: "BRAND_CHANGED", brandId: "b2", isActive: true });
    expect(actor.getSnapshot().context.settings?.brands).toEqual([
      { id: "b1", name: "Nike", domain: "nike.com", isActive: true },
      { id: "b2", name: "Adidas", domain: "adidas.com", isActive: true },
    ]);
    actor.stop();
  });
});
