import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { provideToastMachine, toastMachine } from "../../src/application/machines/toastMachine";
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS } from "../../src/domain/toast";
import { EffectLog } from "./fakePorts";
import { drivePath, simplePathsOf } from "./pathDriver";

const events: EventObject[] = [
  { type: "DISMISS" },
  { type: "PAUSE" },
  { type: "RESUME" },
  { type: "xstate.after.shownFor.toast.open.counting" },
  { type: `xstate.after.${TOAST_REMOVE_DELAY_MS}.toast.closed` },
];

const OPEN = ['{"open":"counting"}', '{"open":"held"}'];

function expectedEffects(from: string, event: EventObject, to: string): string[] {
  if (event.type === "xstate.init") return [];
  if (OPEN.includes(from) && to === '"closed"') return ["close"];
  if (OPEN.includes(from) && OPEN.includes(to)) return [];
  if (from === '"closed"' && to === '"removed"') return ["remove"];
  throw new Error(`Unexpected step ${event.type} from ${from} to ${to}`);
}

describe.each([TOAST_DEFAULT_DURATION_MS, 60_000])("toast machine shown for %i ms: every simple path", (durationMs) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = simplePathsOf(toastMachine, events, { durationMs });

  it("reaches open (counting or held), closed and removed, closing by dismissal or by time, never by time while held", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set([...OPEN, '"closed"', '"removed"']));
    const closings = paths.filter((path) => JSON.stringify(path.state.value) === '"closed"');
    expect(closings.map((path) => path.steps.at(-1)!.event.type).sort()).toEqual(["DISMISS", "DISMISS", "xstate.after.shownFor.toast.open.counting"]);
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
    expect(actor.getSnapshot().matches("open")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "DISMISS" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(log.takeNew()).toEqual(["close"]);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().status).toBe("done");
    expect(log.takeNew()).toEqual(["remove"]);
  });

  it("stands still while held, and gets its whole duration again once released", () => {
    const log = new EffectLog();
    const actor = createActor(provideToastMachine({ close: () => log.record("close"), remove: () => log.record("remove") }), {
      input: { durationMs: 8_000 },
    }).start();
    vi.advanceTimersByTime(7_000);
    actor.send({ type: "PAUSE" });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().matches({ open: "held" })).toBe(true);
    actor.send({ type: "RESUME" });
    vi.advanceTimersByTime(7_999);
    expect(log.takeNew()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log.takeNew()).toEqual(["close"]);
    actor.stop();
  });
});
