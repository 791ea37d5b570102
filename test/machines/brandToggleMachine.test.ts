import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import { brandToggleMachine, provideBrandToggleMachine } from "../../src/application/machines/brandToggleMachine";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledSettingsGateway, recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

function wire(log: EffectLog) {
  const calls = new ControlledAuthGateway(log);
  const logic = provideBrandToggleMachine({
    gateway: new ControlledSettingsGateway(calls),
    notifier: recordingNotifier(log),
    dealsChanged: () => log.record("deals changed"),
  }).provide({
    // What the page provides: the brand's shown state, fresh settings, and the end of the pending state.
    actions: {
      showBrand: (_, shown) => log.record(`show ${shown.brandId} ${shown.isActive ? "active" : "inactive"}`),
      refetchSettings: () => log.record("refetch settings"),
      settled: (_, brandId) => log.record(`settled ${brandId}`),
    },
  });
  return { calls, logic };
}

/** The server's answers: it may agree with the optimistic flip or not; either way its value wins. */
describe.each([
  { name: "the server agrees", serverActive: false },
  { name: "the server disagrees", serverActive: true },
])("brand toggle machine, $name: every simple path", ({ serverActive }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "TOGGLE", isActive: true } as EventObject,
    done("toggleBrand", { isActive: serverActive, message: "ok" }),
    failed("toggleBrand", new RequestError(500, "internal", "boom", "boom")),
  ];
  const paths = pathsWithOneMoreStep(brandToggleMachine, events, { brandId: "b1" });

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (event.type === "xstate.init") return [];
    if (event.type === "TOGGLE") return from === '"idle"' ? ["show b1 inactive", "call toggleBrand b1 (silent)"] : [];
    if (event.type.startsWith("xstate.done")) return ["settled b1", `show b1 ${serverActive ? "active" : "inactive"}`, "deals changed"];
    expect(to).toBe('"idle"');
    return ["settled b1", "toast Failed to update brand status", "refetch settings"];
  }

  it("reaches idle and pending", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"idle"', '"pending"']));
    expect(paths.some((path) => path.steps.some((step) => step.event.type.startsWith("xstate.error")))).toBe(true);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const { calls, logic } = wire(log);
      await drivePath(
        { logic, input: { brandId: "b1" }, gateway: calls, log, gatewayCallOf: { toggleBrand: "toggleBrand b1" }, expectedEffects },
        path,
      );
    },
  );
});
