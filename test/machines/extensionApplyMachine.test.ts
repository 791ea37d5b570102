import { describe, expect, it } from "vitest";
import { createActor, type EventObject } from "xstate";
import { getSimplePaths } from "xstate/graph";
import type { OfferCondition } from "../../src/domain/offerConditions";
import type { CodeOffer, CodeStanding } from "../../extension/src/domain/cartConditions";
import type { Amount } from "../../src/domain/money";
import type { PageReaction } from "../../extension/src/domain/outcome";
import { cartOf, codeInProgress, provideApplyMachine, runResult, type ApplySnapshot, type FieldPresence } from "../../extension/src/machines/applyMachine";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { done, drivePath, failed } from "./pathDriver";

const gatewayCallOf = { findField: "findField", revealField: "revealField", fill: "fill", submit: "submit", readReaction: "readReaction", readCart: "readCart" };

const dollars = (hundredths: number): Amount => ({ hundredths, notation: { prefix: "$", suffix: "", decimalMark: ".", groupMark: "" } });
const minimum = (hundredths: number): OfferCondition => ({ kind: "minimumSpend", minimum: { hundredths, currency: "USD" } });

function wire(log: EffectLog, watchCart: (onChange: (cart: Amount | null) => void) => () => void = () => () => undefined) {
  const gateway = new ControlledAuthGateway(log);
  const logic = provideApplyMachine({
    findField: () => gateway.call<FieldPresence>("findField"),
    revealField: () => gateway.call<boolean>("revealField"),
    // Which code is typed is checked on the snapshot (codeInProgress), so the log stays the same for every code.
    fill: () => gateway.call<number | null>("fill"),
    submit: () => gateway.call<void>("submit"),
    readReaction: () => gateway.call<PageReaction>("readReaction"),
    readCart: () => gateway.call<Amount | null>("readCart"),
    watchCart,
  });
  return { gateway, logic };
}

const reactions: EventObject[] = [
  done("readReaction", { total: 9_000, notation: null, error: null } satisfies PageReaction),
  done("readReaction", { total: 10_000, notation: null, error: "This code is not valid." } satisfies PageReaction),
  done("readReaction", { total: 10_000, notation: null, error: null } satisfies PageReaction),
];

/** One code: every way the page can answer each step. */
const applyOneEvents: EventObject[] = [
  { type: "APPLY", code: "A" } as EventObject,
  done("findField", "visible"),
  done("findField", "collapsed"),
  done("findField", "missing"),
  failed("findField"),
  done("revealField", true),
  done("revealField", false),
  done("fill", 10_000),
  failed("fill"),
  done("submit", undefined),
  failed("submit"),
  ...reactions,
  failed("readReaction"),
];

/**
 * Trying all on a $100 cart: B is for new customers only, C needs $200 and A $50. A goes first, B last, and C is
 * never sent; every combination of the page's answers to the two codes tried, on a page whose field is shown.
 */
const OFFERS: CodeOffer[] = [
  { code: "B", conditions: [{ kind: "newCustomers" }] },
  { code: "C", conditions: [minimum(20_000)] },
  { code: "A", conditions: [minimum(5_000)] },
];
const tryAllEvents: EventObject[] = [
  { type: "TRY_ALL", offers: OFFERS } as EventObject,
  done("readCart", dollars(10_000)),
  done("findField", "visible"),
  done("fill", 10_000),
  done("submit", undefined),
  ...reactions,
];

/**
 * Trying all with C alone, which needs $200: on a $100 cart nothing is sent; when the cart cannot be read, or the page
 * shows none, C is tried after all.
 */
const skipEvents: EventObject[] = [
  { type: "TRY_ALL", offers: [OFFERS[1]!] } as EventObject,
  done("readCart", dollars(10_000)),
  done("readCart", null),
  failed("readCart"),
  done("findField", "visible"),
  done("fill", 10_000),
  done("submit", undefined),
  ...reactions,
];

const CALL_OF: Record<string, string> = {
  '"readingCart"': "call readCart",
  '"findingField"': "call findField",
  '"revealing"': "call revealField",
  '"filling"': "call fill",
  '"submitting"': "call submit",
  '"readingOutcome"': "call readReaction",
};

/**
 * A state is its value plus where the run stands (which code, a re-application, the best so far): trying all codes
 * passes through the same states once per code, and those passes lead to different places. The context is bounded.
 */
const byRunStage = (snapshot: ApplySnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.codes.length, snapshot.context.next, snapshot.context.reapplying, snapshot.context.best?.kind ?? null]);

describe.each([
  // The name, the events, the order codes are typed in, and the states every path search must reach.
  ["one code", applyOneEvents, ["A"], ["noField", "revealing"]],
  ["try all codes", tryAllEvents, ["A", "B"], ["readingCart"]],
  ["try all codes, none of which the cart can take", skipEvents, ["C"], ["readingCart", "nothingToTry"]],
] as const)("apply machine, %s: every simple path", (_name, events, typedInOrder, alsoReached) => {
  const logic = wire(new EffectLog()).logic;
  const paths = getSimplePaths(logic, { events: events as never, serializeState: byRunStage as never });

  it("reaches every outcome", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of ["applied", "rejected", "unknown", "readingOutcome", ...alsoReached]) expect(reached).toContain(JSON.stringify(value));
    if (events === tryAllEvents) expect(paths.some((path) => path.state.context.reapplying)).toBe(true);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { gateway, logic } = wire(log);
    await drivePath(
      {
        logic,
        gateway,
        gatewayCallOf,
        log,
        // The state a step enters makes its call.
        expectedEffects: (_from, _event, to) => (CALL_OF[to] ? [CALL_OF[to]!] : []),
        assertStep: (snapshot) => {
          if (snapshot.matches("applied")) expect(snapshot.context.best).toMatchObject({ kind: "applied", saving: 1_000 });
          if (snapshot.matches("rejected")) expect(snapshot.context.best).toMatchObject({ kind: "rejected", message: "This code is not valid." });
          // Codes are typed in the planned order; the best may be typed again at the end.
          if (snapshot.matches("filling") && !snapshot.context.reapplying) expect(codeInProgress(snapshot)).toBe(typedInOrder[snapshot.context.next]);
          if (snapshot.matches("filling")) expect(typedInOrder).toContain(codeInProgress(snapshot));
          // A planned run skips C exactly when the $100 cart was read, and says why.
          if (events !== applyOneEvents && snapshot.matches("findingField")) {
            const skipped = (snapshot.context.skipped as CodeStanding[]).map((skip) => [skip.code, skip.reasons]);
            expect(skipped).toEqual(cartOf(snapshot) ? [["C", ["needs $200+, your cart is $100: add $100"]]] : []);
          }
          if (snapshot.matches("nothingToTry")) {
            expect(runResult(snapshot)).toMatchObject({ best: null, noField: false, skipped: [{ code: "C", standing: "cannotApply" }] });
          }
        },
      },
      path,
    );
  });
});

describe("apply machine: the cart it watches", () => {
  it("keeps the cart total the page reports at start and on every change, in any state, and a run reads it afresh", async () => {
    const log = new EffectLog();
    let report: (cart: Amount | null) => void = () => undefined;
    let stopped = false;
    const { gateway, logic } = wire(log, (onChange) => {
      report = onChange;
      onChange(dollars(4_200));
      return () => {
        stopped = true;
      };
    });
    const actor = createActor(logic).start();
    expect(cartOf(actor.getSnapshot())).toEqual(dollars(4_200));
    actor.send({ type: "TRY_ALL", offers: OFFERS });
    report(dollars(25_000));
    expect(cartOf(actor.getSnapshot())).toEqual(dollars(25_000));
    expect(actor.getSnapshot().value).toBe("readingCart");
    // The run plans on the total it reads itself: at $300 every code qualifies, the new customers' one last.
    gateway.settle("readCart", { output: dollars(30_000) });
    await Promise.resolve();
    expect(actor.getSnapshot().context).toMatchObject({ codes: ["C", "A", "B"], skipped: [], cart: dollars(30_000) });
    actor.stop();
    expect(stopped).toBe(true);
  });
});
