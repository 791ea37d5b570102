import { describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { RequestError } from "../../src/application/errors";
import {
  DEAL_REMINDER_TOASTS,
  type DealReminderEvent,
  dealReminderMachine,
  provideDealReminderMachine,
  selectShownReminders,
} from "../../src/application/machines/dealReminderMachine";
import { DealReminderGateway } from "../../src/application/ports/dealReminders";
import { RecordedShownFields } from "./dealFakes";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";
import { recordingNotifier } from "./settingsFakes";

class ControlledDealReminderGateway extends DealReminderGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  setReminder(dealId: string, remind: boolean): Promise<boolean> {
    return this.calls.call("setReminder", ` ${dealId} ${remind}`);
  }
}

const STAR: DealReminderEvent = { type: "SET_REMINDER", change: { dealId: "d1", from: false, to: true } };
const TOAST = `toast ${DEAL_REMINDER_TOASTS.saveFailed.title}: ${DEAL_REMINDER_TOASTS.saveFailed.description}`;

function wired() {
  const log = new EffectLog();
  const calls = new ControlledAuthGateway(log);
  const logic = provideDealReminderMachine({
    gateway: new ControlledDealReminderGateway(calls),
    shown: new RecordedShownFields(log),
    notifier: recordingNotifier(log),
  });
  return { log, calls, logic };
}

describe("deal reminder machine: every simple path", () => {
  const events: EventObject[] = [STAR, done("save", true), failed("save", new RequestError(500, "internal", "Boom"))];
  const paths = pathsWithOneMoreStep(dealReminderMachine, events);

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    // The star shows at once; it is saved at once unless another save is on its way.
    if (event.type === "SET_REMINDER") return from === '"idle"' && to === '"saving"' ? ["show d1 true", "call setReminder d1 true"] : ["show d1 true"];
    if (event.type === "xstate.error.actor.save") return ["show d1 false", TOAST];
    return [];
  }

  it("reaches saving and back", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"idle"', '"saving"']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const { log, calls, logic } = wired();
    let expected: Record<string, boolean> = {};
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { save: "setReminder" },
        expectedEffects,
        assertStep: (snapshot, event) => {
          if (event.type === "SET_REMINDER") expected = { d1: true };
          // Refused: the star is shown as it was.
          if (event.type === "xstate.error.actor.save") expected = { d1: false };
          expect(selectShownReminders(snapshot as never)).toEqual(expected);
        },
      },
      path,
    );
  });
});

describe("deal reminder machine, presses made while a save is on its way", () => {
  it("saves them one at a time in the order made, and a press that is no change does nothing", async () => {
    const { log, calls, logic } = wired();
    const actor = createActor(logic).start();
    actor.send(STAR);
    actor.send({ type: "SET_REMINDER", change: { dealId: "d1", from: true, to: false } });
    actor.send({ type: "SET_REMINDER", change: { dealId: "d2", from: true, to: true } });
    expect(log.takeNew()).toEqual(["show d1 true", "call setReminder d1 true", "show d1 false"]);
    expect(selectShownReminders(actor.getSnapshot())).toEqual({ d1: false });
    calls.settle("setReminder", { output: true });
    await vi.waitFor(() => expect(log.entries).toEqual(["call setReminder d1 false"]));
    calls.settle("setReminder", { error: new RequestError(null, "network_error", "Network error occurred") });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("idle"));
    expect(log.takeNew()).toEqual(["call setReminder d1 false", "show d1 true", TOAST]);
    expect(selectShownReminders(actor.getSnapshot())).toEqual({ d1: true });
    actor.stop();
  });
});
