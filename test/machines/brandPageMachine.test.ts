import { describe, expect, it } from "vitest";
import { createActor, type EventObject } from "xstate";
import { brandPageMachine, provideBrandPageMachine, selectBrandPage } from "../../src/application/machines/brandPageMachine";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledBrandPageGateway, nikePage } from "./dealFakes";
import { ControlledSettingsGateway, recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const events: EventObject[] = [
  done("loadBrandPage", nikePage),
  failed("loadBrandPage", new RequestError(404, "brand_not_found", "no such brand", "There is no such brand in your account.")),
  failed("loadBrandPage", new RequestError(500, "internal", "boom", "boom")),
  { type: "RETRY" },
  { type: "TOGGLE_BRAND", isActive: true } as EventObject,
  { type: "RELOAD" },
];

function wire(log: EffectLog) {
  const calls = new ControlledAuthGateway(log);
  const logic = provideBrandPageMachine({
    gateway: new ControlledBrandPageGateway(calls),
    settings: new ControlledSettingsGateway(calls),
    notifier: recordingNotifier(log),
    dealsChanged: () => log.record("deals changed"),
  });
  return { calls, logic };
}

/** The brand toggle is pending from its first press until it settles, which these paths never let it do. */
function modelOfEffects() {
  let togglePending = false;
  return (from: string, event: EventObject, to: string): string[] => {
    if (event.type === "TOGGLE_BRAND") {
      if (togglePending) return [];
      togglePending = true;
      return ["call toggleBrand b1 (silent)"];
    }
    return to === '"loading"' && from !== '"loading"' ? ["call brandPage b1 (silent)"] : [];
  };
}

describe("brand page machine: every simple path", () => {
  const paths = pathsWithOneMoreStep(brandPageMachine, events, { brandId: "b1" });

  it("reaches loading, ready, missing and failed", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"loading"', '"ready"', '"missing"', '"failed"']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { calls, logic } = wire(log);
    const effects = modelOfEffects();
    await drivePath(
      {
        logic,
        input: { brandId: "b1" },
        gateway: calls,
        log,
        gatewayCallOf: { loadBrandPage: "brandPage" },
        expectedEffects: (from, event, to) => (event.type === "xstate.init" ? ["call brandPage b1 (silent)"] : effects(from, event, to)),
        assertStep: (snapshot) => expect(selectBrandPage(snapshot as never).kind).toBe(JSON.parse(JSON.stringify(snapshot.value))),
      },
      path,
    );
  });
});

describe("brand page machine: the brand's switch", () => {
  const flush = async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  };

  async function readyPage() {
    const log = new EffectLog();
    const { calls, logic } = wire(log);
    const actor = createActor(logic, { input: { brandId: "b1" } }).start();
    calls.settle("brandPage", { output: nikePage });
    await flush();
    log.takeNew();
    return { actor, calls, log };
  }

  it("flips at once, keeps the server's answer, and is disabled while pending", async () => {
    const { actor, calls, log } = await readyPage();
    actor.send({ type: "TOGGLE_BRAND", isActive: true });
    expect(selectBrandPage(actor.getSnapshot())).toMatchObject({ kind: "ready", togglePending: true, page: { brand: { isActive: false } } });
    calls.settle("toggleBrand b1", { output: { isActive: false, message: "hidden" } });
    await flush();
    expect(selectBrandPage(actor.getSnapshot())).toMatchObject({ kind: "ready", togglePending: false, page: { brand: { isActive: false } } });
    expect(log.takeNew()).toEqual(["call toggleBrand b1 (silent)", "deals changed"]);
  });

  it("says so when the toggle fails, and loads the page again", async () => {
    const { actor, calls, log } = await readyPage();
    actor.send({ type: "TOGGLE_BRAND", isActive: true });
    calls.settle("toggleBrand b1", { error: new RequestError(500, "internal", "boom", "boom") });
    await flush();
    expect(selectBrandPage(actor.getSnapshot())).toEqual({ kind: "loading" });
    expect(log.takeNew()).toEqual(["call toggleBrand b1 (silent)", "toast Failed to update brand status", "call brandPage b1 (silent)"]);
  });
});
