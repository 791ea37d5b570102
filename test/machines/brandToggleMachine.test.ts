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
      saved: (_, saved) => log.record(`saved ${saved.brandId} ${saved.isActive ? "active" : "inactive"}`),
      failed: (_, brandId) => log.record(`failed ${brandId}`),
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
    done("setBrandState", { isActive: serverActive, message: "ok" }),
    failed("setBrandState", new RequestError(500, "internal", "boom", "boom")),
  ];
  const paths = pathsWithOneMoreStep(brandToggleMachine, events, { brandId: "b1" });

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (event.type === "xstate.init") return [];
    if (event.type === "TOGGLE") return from === '"idle"' ? ["show b1 inactive", "call setBrandState b1 inactive (silent)"] : [];
    const answer = serverActive ? "active" : "inactive";
    if (event.type.startsWith("xstate.done")) return ["settled b1", `show b1 ${answer}`, "deals changed", `saved b1 ${answer}`];
    expect(to).toBe('"idle"');
    return ["settled b1", "toast Failed to update brand status", "refetch settings", "failed b1"];
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
        { logic, input: { brandId: "b1" }, gateway: calls, log, gatewayCallOf: { setBrandState: "setBrandState b1 inactive" }, expectedEffects },
        path,
      );
    },
  );
});

/** The dashboard's hide (active: false) and its Undo (active: true): the state asked for is saved at once, no press needed. */
describe.each([
  { name: "hiding", active: false },
  { name: "showing again", active: true },
])("brand toggle machine, $name at once: every simple path", ({ active }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const asked = active ? "active" : "inactive";
  const events: EventObject[] = [
    done("setBrandState", { isActive: active, message: "ok" }),
    failed("setBrandState", new RequestError(500, "internal", "boom", "boom")),
    { type: "TOGGLE", isActive: active } as EventObject,
  ];
  const input = { brandId: "b1", active };
  const paths = pathsWithOneMoreStep(brandToggleMachine, events, input);

  function expectedEffects(from: string, event: EventObject): string[] {
    if (event.type === "xstate.init") return [`call setBrandState b1 ${asked} (silent)`];
    // Once saved, the machine is a switch like any other: a press asks for the other state.
    if (event.type === "TOGGLE") return from === '"idle"' ? [`show b1 ${active ? "inactive" : "active"}`, `call setBrandState b1 ${active ? "inactive" : "active"} (silent)`] : [];
    const settled = from === '"pending"' ? ["settled b1"] : [];
    if (event.type.startsWith("xstate.done")) {
      const answer = (event as unknown as { output: { isActive: boolean } }).output.isActive ? "active" : "inactive";
      return [...settled, `show b1 ${answer}`, "deals changed", `saved b1 ${answer}`];
    }
    return [...settled, "toast Failed to update brand status", "refetch settings", "failed b1"];
  }

  it("starts pending, and reaches idle through its answer or its failure", () => {
    expect(paths[0]!.steps[0]!.state.value).toBe("pending");
    const ends = new Set(paths.map((path) => path.steps.at(-1)!.event.type));
    expect(ends).toEqual(new Set(["xstate.init", "xstate.done.actor.setBrandState", "xstate.error.actor.setBrandState", "TOGGLE"]));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const { calls, logic } = wire(log);
      // A press, when a path has one, is its last step: only the first call is ever answered.
      await drivePath({ logic, input, gateway: calls, log, gatewayCallOf: { setBrandState: `setBrandState b1 ${asked}` }, expectedEffects }, path);
    },
  );
});
