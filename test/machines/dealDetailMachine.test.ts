import { describe, expect, it } from "vitest";
import { createActor, type EventObject } from "xstate";
import { dealDetailMachine, provideDealDetailMachine, selectDealDetail } from "../../src/application/machines/dealDetailMachine";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledDealDetailsGateway, nikeDetail } from "./dealFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const events: EventObject[] = [
  { type: "OPEN", dealId: "d1" } as EventObject,
  { type: "CLOSE" },
  { type: "RETRY" },
  done("loadDetail", nikeDetail),
  failed("loadDetail", new RequestError(500, "internal", "boom", "boom")),
];

function expectedEffects(_from: string, event: EventObject, to: string): string[] {
  // Every way into loading asks for the deal's detail, silently: the dialog says itself when it failed.
  return event.type !== "xstate.init" && to === '{"open":"loading"}' ? ["call detail d1 (silent)"] : [];
}

describe("deal detail machine: every simple path", () => {
  const paths = pathsWithOneMoreStep(dealDetailMachine, events);

  it("reaches closed, loading, shown and failed", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"closed"', '{"open":"loading"}', '{"open":"shown"}', '{"open":"failed"}']),
    );
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideDealDetailMachine({ gateway: new ControlledDealDetailsGateway(calls) });
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { loadDetail: "detail" },
        expectedEffects,
        assertStep: (snapshot) => {
          const view = selectDealDetail(snapshot as never);
          const value = JSON.stringify(snapshot.value);
          expect(view.kind).toBe(value === '"closed"' ? "closed" : JSON.parse(value).open);
          if (view.kind === "shown") expect(view.detail).toEqual(nikeDetail);
        },
      },
      path,
    );
  });
});

describe("deal detail machine", () => {
  it("opens another deal in place of the one shown", async () => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const actor = createActor(provideDealDetailMachine({ gateway: new ControlledDealDetailsGateway(calls) })).start();
    actor.send({ type: "OPEN", dealId: "d1" });
    calls.settle("detail", { output: nikeDetail });
    await Promise.resolve();
    actor.send({ type: "OPEN", dealId: "d2" });
    expect(selectDealDetail(actor.getSnapshot())).toEqual({ kind: "loading", dealId: "d2" });
    expect(log.takeNew()).toEqual(["call detail d1 (silent)", "call detail d2 (silent)"]);
  });
});
