import { describe, expect, it } from "vitest";
import { createActor, type EventObject, type SnapshotFrom } from "xstate";
import {
  CORRECTION_TOASTS,
  dealCorrectionMachine,
  provideDealCorrectionMachine,
  selectCorrectionChanges,
  selectDealCorrection,
} from "../../src/application/machines/dealCorrectionMachine";
import { RequestError } from "../../src/application/errors";
import { DealCorrectionGateway } from "../../src/application/ports/dealCorrections";
import type { CallOptions } from "../../src/application/ports/settings";
import { CORRECTION_TEXTS, NOTHING_CORRECTED, requestOfDraft, type CorrectionRequest, type DealCorrection } from "../../src/domain/dealCorrection";
import { ControlledAuthGateway, EffectLog, RecordingNotifier } from "./fakePorts";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

/** Calls stay pending until the path settles them; the log names the call (the request is checked on its own below). */
class ControlledDealCorrectionGateway extends DealCorrectionGateway {
  requests: CorrectionRequest[] = [];
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  correction(dealId: string, options?: CallOptions): Promise<DealCorrection> {
    return this.calls.call("correction", ` ${dealId}${options?.silent ? " (silent)" : ""}`);
  }
  correct(dealId: string, request: CorrectionRequest): Promise<DealCorrection> {
    this.requests.push(request);
    return this.calls.call("correct", ` ${dealId}${request.notADeal ? " not a deal" : ""}`);
  }
  undo(dealId: string): Promise<DealCorrection> {
    return this.calls.call("undo", ` ${dealId}`);
  }
}

const mail = { code: "SAVE10", endDate: "2026-12-01", category: "Fashion", brand: "Nike" } as const;
const asMailed: DealCorrection = { corrected: NOTHING_CORRECTED, mail };
const corrected: DealCorrection = { corrected: { ...NOTHING_CORRECTED, endDate: "2099-12-31" }, mail };
const removed: DealCorrection = { corrected: { ...NOTHING_CORRECTED, notADeal: true }, mail };
const refusal = new RequestError(400, "invalid_correction", "refused", CORRECTION_TEXTS.code);

const events: EventObject[] = [
  { type: "LOAD", dealId: "d1" } as EventObject,
  { type: "CLEAR" },
  { type: "RETRY" },
  { type: "OPEN" },
  { type: "EDIT", field: "endDate", value: "2099-12-31" } as EventObject,
  { type: "EDIT", field: "code", value: "no spaces" } as EventObject,
  { type: "SUBMIT" },
  { type: "NOT_A_DEAL" },
  { type: "CANCEL" },
  { type: "UNDO" },
  done("loadCorrection", asMailed),
  done("loadCorrection", removed),
  failed("loadCorrection", new RequestError(500, "internal", "boom", null)),
  done("saveCorrection", corrected),
  failed("saveCorrection", refusal),
  done("removeDeal", removed),
  failed("removeDeal", new RequestError(null, "network", "offline", null)),
  done("undoCorrection", asMailed),
  failed("undoCorrection", new RequestError(500, "internal", "boom", null)),
];

const READY = (state: string) => JSON.stringify({ ready: state });

function expectedEffects(from: string, event: EventObject, to: string): string[] {
  if (event.type === "xstate.init") return [];
  const effects: string[] = [];
  if (to === '"loading"' && (from !== '"loading"' || event.type === "LOAD")) effects.push("call correction d1 (silent)");
  if (to === READY("saving") && from !== to) effects.push("call correct d1");
  if (to === READY("removing") && from !== to) effects.push("call correct d1 not a deal");
  if (to === READY("undoing") && from !== to) effects.push("call undo d1");
  if (event.type === "xstate.done.actor.saveCorrection") effects.push("deals changed", `toast ${CORRECTION_TOASTS.saved.title}`);
  if (event.type === "xstate.done.actor.removeDeal") effects.push("deals changed", `toast ${CORRECTION_TOASTS.removed.title}`);
  if (event.type === "xstate.done.actor.undoCorrection") effects.push("deals changed", `toast ${CORRECTION_TOASTS.undone.title}`);
  if (event.type === "xstate.error.actor.undoCorrection") effects.push(`toast ${CORRECTION_TOASTS.undoFailed.title}`);
  return effects;
}

function wired(log: EffectLog) {
  const calls = new ControlledAuthGateway(log);
  const gateway = new ControlledDealCorrectionGateway(calls);
  const logic = provideDealCorrectionMachine({ gateway, notifier: new RecordingNotifier(log), dealsChanged: () => log.record("deals changed") });
  return { calls, gateway, logic };
}

/** The state, and what of the context decides where an event leads: whether the draft can be sent, what is corrected. */
const byValueAndDraft = (snapshot: SnapshotFrom<typeof dealCorrectionMachine>) => {
  const { correction, draft } = snapshot.context;
  const sendable = correction && draft ? requestOfDraft(correction, draft).ok : null;
  return JSON.stringify([snapshot.value, sendable, correction?.corrected ?? null]);
};

describe("deal correction machine: every simple path", () => {
  const paths = pathsWithOneMoreStep(dealCorrectionMachine, events, undefined, byValueAndDraft);

  it("reaches every state, along a number of paths a run can afford", () => {
    expect(paths.length).toBeLessThan(3000);
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"idle"', '"loading"', '"failed"', ...["closed", "editing", "saving", "removing", "removed", "undoing"].map(READY)]),
    );
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { calls, logic } = wired(log);
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { loadCorrection: "correction", saveCorrection: "correct", removeDeal: "correct", undoCorrection: "undo" },
        expectedEffects,
        assertStep: (snapshot) => {
          const view = selectDealCorrection(snapshot as never);
          const value = JSON.stringify(snapshot.value);
          const kinds: Record<string, string> = {
            '"idle"': "none",
            '"loading"': "loading",
            '"failed"': "failed",
            [READY("editing")]: "editing",
            [READY("saving")]: "editing",
            [READY("removing")]: "editing",
            [READY("removed")]: "removed",
          };
          const busyRemoved = value === READY("undoing") && view.kind === "removed";
          expect(view.kind).toBe(kinds[value] ?? (busyRemoved ? "removed" : "ready"));
          if (view.kind === "editing") expect(view.saving).toBe(value !== READY("editing"));
          if (view.kind === "ready" || view.kind === "removed") expect(view.busy).toBe(value === READY("undoing"));
        },
      },
      path,
    );
  });
});

describe("deal correction machine", () => {
  const settle = async (calls: ControlledAuthGateway, name: string, outcome: { output: unknown } | { error: unknown }) => {
    calls.settle(name, outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it("starts the form at what the deal shows and sends only what changed, trimmed", async () => {
    const log = new EffectLog();
    const { calls, gateway, logic } = wired(log);
    const actor = createActor(logic).start();
    actor.send({ type: "LOAD", dealId: "d1" });
    await settle(calls, "correction", { output: corrected });
    actor.send({ type: "OPEN" });
    expect(selectDealCorrection(actor.getSnapshot())).toMatchObject({ kind: "editing", draft: { code: "SAVE10", endDate: "2099-12-31", category: "Fashion", brand: "Nike" } });
    actor.send({ type: "EDIT", field: "category", value: "Pets" });
    actor.send({ type: "EDIT", field: "brand", value: "  Nike Store " });
    actor.send({ type: "SUBMIT" });
    expect(gateway.requests).toEqual([{ category: "Pets", brand: "Nike Store" }]);
    await settle(calls, "correct", { output: { ...corrected, corrected: { ...corrected.corrected, category: "Pets", brand: "Nike Store" } } });
    expect(selectCorrectionChanges(actor.getSnapshot())).toBe(1);
    expect(selectDealCorrection(actor.getSnapshot())).toMatchObject({ kind: "ready", busy: false });
  });

  it("says what is wrong before sending anything, and shows the server's refusal", async () => {
    const log = new EffectLog();
    const { calls, gateway, logic } = wired(log);
    const actor = createActor(logic).start();
    actor.send({ type: "LOAD", dealId: "d1" });
    await settle(calls, "correction", { output: asMailed });
    actor.send({ type: "OPEN" });
    actor.send({ type: "SUBMIT" });
    expect(selectDealCorrection(actor.getSnapshot())).toMatchObject({ kind: "editing", problem: CORRECTION_TEXTS.nothing });
    actor.send({ type: "EDIT", field: "endDate", value: "2026-02-30" });
    actor.send({ type: "SUBMIT" });
    expect(selectDealCorrection(actor.getSnapshot())).toMatchObject({ kind: "editing", problem: CORRECTION_TEXTS.endDate });
    expect(gateway.requests).toEqual([]);
    actor.send({ type: "EDIT", field: "endDate", value: "2026-03-01" });
    actor.send({ type: "SUBMIT" });
    await settle(calls, "correct", { error: refusal });
    expect(selectDealCorrection(actor.getSnapshot())).toMatchObject({ kind: "editing", problem: CORRECTION_TEXTS.code, saving: false });
  });
});
