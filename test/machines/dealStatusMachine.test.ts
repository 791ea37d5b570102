import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import {
  DEAL_STATUS_TOASTS,
  UNDO_OFFER_MS,
  dealStatusMachine,
  provideDealStatusMachine,
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

const used: StatusChange = { dealId: "d1", title: "20% off boots", from: null, to: "used" };

const events: EventObject[] = [
  { type: "SET_STATUS", change: used } as EventObject,
  { type: "UNDO" },
  { type: "DISMISS_UNDO" },
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
  const call = (change: StatusChange) => `call setStatus ${change.dealId} ${change.to} (silent)`;
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

  it("saves and offers the undo in every combination", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '{"saving":"idle","undo":"hidden"}',
        '{"saving":"saving","undo":"offered"}',
        '{"saving":"idle","undo":"offered"}',
        '{"saving":"saving","undo":"hidden"}',
      ]),
    );
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideDealStatusMachine({ gateway: new ControlledDealDetailsGateway(calls), shown: new RecordedShownFields(log), notifier: recordingNotifier(log) });
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
        },
      },
      path,
    );
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
