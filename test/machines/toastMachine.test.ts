import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { provideToastMachine, toastMachine } from "../../src/application/machines/toastMachine";
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS } from "../../src/domain/toast";
import { EffectLog } from "./fakePorts";
import { drivePath, simplePathsOf } from "./pathDriver";

const events: EventObject[] = [
  { type: "DISMISS" },
  { type: "xstate.after.shownFor.toast.open" },
  { type: `xstate.after.${TOAST_REMOVE_DELAY_MS}.toast.closed` },
];

function expectedEffects(from: string, event: EventObject, to: string): string[] {
  if (event.type === "xstate.init") return [];
  if (from === '"open"' && to === '"closed"') return ["close"];
  if (from === '"closed"' && to === '"removed"') return ["remove"];
  throw new Error(`Unexpected step ${event.type} from ${from} to ${to}`);
}

describe.each([TOAST_DEFAULT_DURATION_MS, 60_000])("toast machine shown for %i ms: every simple path", (durationMs) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = simplePathsOf(toastMachine, events, { durationMs });

  it("reaches open, closed and removed, closing by dismissal or by time", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"open"', '"closed"', '"removed"']));
    const closings = paths.filter((path) => JSON.stringify(path.state.value) === '"closed"');
    expect(closings.map((path) => path.steps.at(-1)!.event.type).sort()).toEqual(["DISMISS", "xstate.after.shownFor.toast.open"]);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const logic = provideToastMachine({ close: () => log.record("close"), remove: () => log.record("remove") });
      await drivePath({ logic, input: { durationMs }, log, delays: { shownFor: durationMs }, expectedEffects }, path);
    },
  );
});

describe("toast machine timing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays open until its duration is over, and closed until the removal delay is over", () => {
    const log = new EffectLog();
    const actor = createActor(provideToastMachine({ close: () => log.record("close"), remove: () => log.record("remove") }), {
      input: { durationMs: 5_000 },
    }).start();
    vi.advanceTimersByTime(4_999);
    expect(actor.getSnapshot().value).toBe("open");
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "DISMISS" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(log.takeNew()).toEqual(["close"]);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().status).toBe("done");
    expect(log.takeNew()).toEqual(["remove"]);
  });
});
