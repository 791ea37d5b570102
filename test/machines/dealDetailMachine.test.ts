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
  // A link to a deal deleted since, to another person's, or with an id no deal has: unavailable, not worth a retry.
  failed("loadDetail", new RequestError(404, "deal_not_found", "There is no such deal in your account.")),
  failed("loadDetail", new RequestError(400, "invalid_deal_id", "That deal's address is not valid.")),
];

function expectedEffects(_from: string, event: EventObject, to: string): string[] {
  // Every way into loading asks for the deal's detail, silently: the dialog says itself when it failed.
  return event.type !== "xstate.init" && to === '{"open":"loading"}' ? ["call detail d1 (silent)"] : [];
}

describe("deal detail machine: every simple path", () => {
  const paths = pathsWithOneMoreStep(dealDetailMachine, events);

  it("reaches closed, loading, shown, failed and unavailable", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"closed"', '{"open":"loading"}', '{"open":"shown"}', '{"open":"failed"}', '{"open":"unavailable"}']),
    );
    // Only a server error leads to the retry; a deal the server does not know for this person never does.
    for (const path of paths) {
      for (const [index, step] of path.steps.entries()) {
        const error = (step.event as { error?: RequestError }).error;
        if (error && index > 0) expect(JSON.stringify(step.state.value)).toBe(error.status === 500 ? '{"open":"failed"}' : '{"open":"unavailable"}');
      }
    }
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
