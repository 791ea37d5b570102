import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import {
  DEAL_STATUS_TOASTS,
  UNDO_OFFER_MS,
  dealStatusMachine,
  provideDealStatusMachine,
  selectSavingPrompt,
  selectShownStatuses,
  selectUndoableChange,
  statusChangeMessage,
  type StatusChange,
} from "../../src/application/machines/dealStatusMachine";
import { RequestError } from "../../src/application/errors";
import type { DealStatus } from "../../src/domain/deal";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledDealDetailsGateway, RecordedShownFields } from "./dealFakes";
import { recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const suggestion = { hundredths: 2400, currency: "USD" };
const used: StatusChange = { dealId: "d1", title: "20% off boots", from: null, to: "used", suggestion };
const typed = { hundredths: 1850, currency: "USD" };


const events: EventObject[] = [
  { type: "SET_STATUS", change: used } as EventObject,
  { type: "UNDO" },
  { type: "DISMISS_UNDO" },
  // Recording a saving queues a save: its paths are driven one by one below, as the graph's states are values only.
  { type: "SKIP_SAVING" },
  done("save", "used"),
  failed("save", new RequestError(500, "internal", "boom", "boom")),
  { type: `xstate.after.${UNDO_OFFER_MS}.dealStatus.undo.offered` },
];

/**
 * What the machine must do, from a model of its queue: each change shows at once and is saved in turn; a refused one
 * is shown undone with a toast; the undo shows and saves the change reversed.
 */
function modelOfEffects() {
  const queue: StatusChange[] = [];
  let last: StatusChange | null = null;
  const call = (change: StatusChange) =>
    `call setStatus ${change.dealId} ${change.to}${change.saved ? ` saved ${change.saved.hundredths} ${change.saved.currency}` : ""} (silent)`;
  const savingIdle = (from: string) => from.includes('"saving":"idle"');
  const enqueue = (from: string, change: StatusChange) => {
    queue.push(change);
    return [`show ${change.dealId} ${change.to}`, ...(savingIdle(from) ? [call(change)] : [])];
  };
  const next = () => (queue.length > 0 ? [call(queue[0]!)] : []);
  return (from: string, event: EventObject): string[] => {
    switch (event.type) {
      case "SET_STATUS":
        last = used;
        return enqueue(from, used);
      case "UNDO": {
        const undone = { ...last!, from: last!.to, to: last!.from };
        last = null;
        return enqueue(from, undone);
      }
      case "xstate.done.actor.save":
        queue.shift();
        return next();
      case "xstate.error.actor.save": {
        const refused = queue.shift()!;
        return [`show ${refused.dealId} ${refused.from}`, `toast ${DEAL_STATUS_TOASTS.saveFailed.title}: ${DEAL_STATUS_TOASTS.saveFailed.description}`, ...next()];
      }
      default:
        return [];
    }
  };
}

describe("deal status machine: every simple path", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = pathsWithOneMoreStep(dealStatusMachine, events);

  it("saves, offers the undo and asks what it saved in every combination", () => {
    const combinations = ["idle", "saving"].flatMap((saving) =>
      ["hidden", "offered"].flatMap((undo) => ["closed", "asking"].map((savingPrompt) => JSON.stringify({ saving, savingPrompt, undo }))),
    );
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(combinations));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideDealStatusMachine({
      gateway: new ControlledDealDetailsGateway(calls),
      shown: new RecordedShownFields(log),
      notifier: recordingNotifier(log),
      dealsChanged: () => log.record("deals changed"),
    });
    const effects = modelOfEffects();
    /** The last status the lists were told, by deal: the machine's own record must agree. */
    const shown: Record<string, string | null> = {};
    const expectedEffects = (from: string, event: EventObject) => {
      const expected = effects(from, event);
      for (const [, dealId, status] of expected.map((effect) => /^show (\S+) (\S+)$/.exec(effect)).filter((match) => match !== null)) {
        shown[dealId!] = status === "null" ? null : status!;
      }
      return expected;
    };
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { save: "setStatus d1" },
        expectedEffects,
        assertStep: (snapshot) => {
          const offered = JSON.stringify(snapshot.value).includes('"undo":"offered"');
          expect(selectUndoableChange(snapshot as never)).toEqual(offered ? used : null);
          expect(selectShownStatuses(snapshot as never)).toEqual(shown);
          // The question is asked after "Used it", with the mail's figure, until answered, skipped or undone.
          const asking = JSON.stringify(snapshot.value).includes('"savingPrompt":"asking"');
          expect(selectSavingPrompt(snapshot as never)).toEqual(asking ? { dealId: "d1", title: used.title, suggestion } : null);
        },
      },
      path,
    );
  });
});

describe("deal status machine: the savings prompt", () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  function started() {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const actor = createActor(
      provideDealStatusMachine({
        gateway: new ControlledDealDetailsGateway(calls),
        shown: new RecordedShownFields(log),
        notifier: recordingNotifier(log),
        dealsChanged: () => log.record("deals changed"),
      }),
    ).start();
    const answer = async (outcome: { output: unknown } | { error: unknown }) => {
      calls.settle("setStatus d1", outcome);
      await flush();
    };
    return { log, actor, answer, prompt: () => selectSavingPrompt(actor.getSnapshot()) };
  }

  it("asks after Used it with the mail's figure, and saves the amount behind the status, then fetches the totals", async () => {
    const { log, actor, answer, prompt } = started();
    actor.send({ type: "SET_STATUS", change: used });
    expect(prompt()).toEqual({ dealId: "d1", title: used.title, suggestion });
    expect(log.takeNew()).toEqual(["show d1 used", "call setStatus d1 used (silent)"]);
    actor.send({ type: "RECORD_SAVING", saving: typed });
    expect(prompt()).toBeNull();
    // One change at a time: the saving waits for the status.
    expect(log.takeNew()).toEqual([]);
    await answer({ output: "used" });
    expect(log.takeNew()).toEqual(["call setStatus d1 used saved 1850 USD (silent)"]);
    await answer({ output: "used" });
    expect(log.takeNew()).toEqual(["deals changed"]);
    expect(actor.getSnapshot().matches({ saving: "idle" })).toBe(true);
  });

  it("asks with no figure when the mail states none, and records what is typed right away when nothing waits", async () => {
    const { log, actor, answer, prompt } = started();
    actor.send({ type: "SET_STATUS", change: { ...used, suggestion: null } });
    expect(prompt()?.suggestion).toBeNull();
    await answer({ output: "used" });
    log.takeNew();
    actor.send({ type: "RECORD_SAVING", saving: { hundredths: 0, currency: "EUR" } });
    expect(log.takeNew()).toEqual(["call setStatus d1 used saved 0 EUR (silent)"]);
  });

  it("records nothing when skipped, and stops asking when the deal is unmarked or marked otherwise", async () => {
    const skipped = started();
    skipped.actor.send({ type: "SET_STATUS", change: used });
    skipped.actor.send({ type: "SKIP_SAVING" });
    expect(skipped.prompt()).toBeNull();
    await skipped.answer({ output: "used" });
    expect(skipped.log.takeNew()).toEqual(["show d1 used", "call setStatus d1 used (silent)"]);

    const undone = started();
    undone.actor.send({ type: "SET_STATUS", change: used });
    undone.actor.send({ type: "UNDO" });
    expect(undone.prompt()).toBeNull();

    const otherwise = started();
    otherwise.actor.send({ type: "SET_STATUS", change: used });
    otherwise.actor.send({ type: "SET_STATUS", change: { ...used, from: "used", to: "not_working" } });
    expect(otherwise.prompt()).toBeNull();
    // Another deal's change leaves the question about this one.
    const another = started();
    another.actor.send({ type: "SET_STATUS", change: used });
    another.actor.send({ type: "SET_STATUS", change: { dealId: "d2", title: "Socks", from: null, to: "not_working" } });
    expect(another.prompt()?.dealId).toBe("d1");
  });

  it("says a refused saving with the toast, and the deal stays used", async () => {
    const { log, actor, answer } = started();
    actor.send({ type: "SET_STATUS", change: used });
    await answer({ output: "used" });
    actor.send({ type: "RECORD_SAVING", saving: typed });
    log.takeNew();
    await answer({ error: new RequestError(400, "invalid_status", "no", "no") });
    expect(log.takeNew()).toEqual(["show d1 used", `toast ${DEAL_STATUS_TOASTS.saveFailed.title}: ${DEAL_STATUS_TOASTS.saveFailed.description}`]);
    expect(selectShownStatuses(actor.getSnapshot())).toEqual({ d1: "used" });
  });
});

describe("deal status machine", () => {
  it.each<[DealStatus | null, string]>([
    ["used", 'Moved "Boots" to Used.'],
    ["not_working", 'Marked "Boots" as not working.'],
    [null, '"Boots" is back in your active deals.'],
  ])("reports a change to %s as a sentence", (to, sentence) => {
    expect(statusChangeMessage({ title: "Boots", to })).toBe(sentence);
  });
});
