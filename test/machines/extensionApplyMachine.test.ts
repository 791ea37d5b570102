import { describe, expect, it } from "vitest";
import type { EventObject } from "xstate";
import { getSimplePaths } from "xstate/graph";
import type { PageReaction } from "../../extension/src/domain/outcome";
import { codeInProgress, provideApplyMachine, type ApplySnapshot, type FieldPresence } from "../../extension/src/machines/applyMachine";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { done, drivePath, failed } from "./pathDriver";

const gatewayCallOf = { findField: "findField", revealField: "revealField", fill: "fill", submit: "submit", readReaction: "readReaction" };

function wire(log: EffectLog) {
  const gateway = new ControlledAuthGateway(log);
  const logic = provideApplyMachine({
    findField: () => gateway.call<FieldPresence>("findField"),
    revealField: () => gateway.call<boolean>("revealField"),
    // Which code is typed is checked on the snapshot (codeInProgress), so the log stays the same for every code.
    fill: () => gateway.call<number | null>("fill"),
    submit: () => gateway.call<void>("submit"),
    readReaction: () => gateway.call<PageReaction>("readReaction"),
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

/** Trying two codes: every combination of the page's answers to each code, on a page whose field is shown. */
const tryAllEvents: EventObject[] = [
  { type: "TRY_ALL", codes: ["A", "B"] } as EventObject,
  done("findField", "visible"),
  done("fill", 10_000),
  done("submit", undefined),
  ...reactions,
];

const CALL_OF: Record<string, string> = {
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
  ["one code", applyOneEvents],
  ["try all codes", tryAllEvents],
])("apply machine, %s: every simple path", (_name, events) => {
  const logic = wire(new EffectLog()).logic;
  const paths = getSimplePaths(logic, { events: events as never, serializeState: byRunStage as never });

  it("reaches every outcome", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of ['"applied"', '"rejected"', '"unknown"', '"readingOutcome"']) expect(reached).toContain(value);
    if (events === applyOneEvents) for (const value of ['"noField"', '"revealing"']) expect(reached).toContain(value);
    else expect(paths.some((path) => path.state.context.reapplying)).toBe(true);
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
          if (snapshot.matches("filling")) expect(["A", "B"]).toContain(codeInProgress(snapshot));
        },
      },
      path,
    );
  });
});
