import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject, type SnapshotFrom } from "xstate";
import { brandPageMachine, provideBrandPageMachine, selectBrandPage } from "../../src/application/machines/brandPageMachine";
import { selectCopyFeedback } from "../../src/application/machines/codeCopyRegion";
import { RequestError } from "../../src/application/errors";
import { Clipboard } from "../../src/application/ports/platform";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledBrandPageGateway, nikePage } from "./dealFakes";
import { ControlledSettingsGateway, recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const events: EventObject[] = [
  done("loadBrandPage", nikePage),
  failed("loadBrandPage", new RequestError(404, "brand_not_found", "no such brand", "There is no such brand in your account.")),
  failed("loadBrandPage", new RequestError(500, "internal", "boom", "boom")),
  { type: "RETRY" },
  { type: "TOGGLE_BRAND", isActive: true } as EventObject,
  { type: "RELOAD" },
  { type: "COPY", dealId: "d1", code: "BOOTS20" } as EventObject,
  done("copyCode", undefined),
  failed("copyCode", new DOMException("Write permission denied.", "NotAllowedError")),
  { type: "xstate.after.1500.brandPage.ready.copy.copied.highlighted" },
  { type: "xstate.after.500.brandPage.ready.copy.copied.lingering" },
  { type: "xstate.after.2000.brandPage.ready.copy.failed" },
];

const COPY_FAILED_TOAST = "toast Copy failed: Select the code BOOTS20 and copy it by hand.";

function wire(log: EffectLog) {
  const calls = new ControlledAuthGateway(log);
  const clipboard = new (class extends Clipboard {
    copy(text: string): Promise<void> {
      return calls.call("copy", ` ${text}`);
    }
  })();
  const logic = provideBrandPageMachine({
    gateway: new ControlledBrandPageGateway(calls),
    settings: new ControlledSettingsGateway(calls),
    clipboard,
    notifier: recordingNotifier(log),
    dealsChanged: () => log.record("deals changed"),
  });
  return { calls, logic };
}

/**
 * The brand toggle is pending from its first press until it settles, which these paths never let it do. A press of
 * Copy asks the clipboard, every time; only a refused code says so in a toast.
 */
function modelOfEffects() {
  let togglePending = false;
  return (from: string, event: EventObject, to: string): string[] => {
    if (event.type === "TOGGLE_BRAND") {
      if (togglePending) return [];
      togglePending = true;
      return ["call setBrandState b1 inactive (silent)"];
    }
    if (event.type === "COPY") return ["call copy BOOTS20"];
    if (event.type === "xstate.error.actor.copyCode") return [COPY_FAILED_TOAST];
    return to === '"loading"' && from !== '"loading"' ? ["call brandPage b1 (silent)"] : [];
  };
}

/** The top state (loading, ready, missing, failed) and, on a loaded page, the copy region's state, e.g. "copied.lingering". */
function statesOf(snapshot: SnapshotFrom<typeof brandPageMachine>): { top: string; copy: string | null } {
  const value = snapshot.value as string | { ready: { copy: string | Record<string, string> } };
  if (typeof value === "string") return { top: value, copy: null };
  const copy = value.ready.copy;
  return { top: "ready", copy: typeof copy === "string" ? copy : Object.entries(copy).map(([parent, child]) => `${parent}.${child}`)[0]! };
}

/** What the view reads must agree with the state reached: 'Copied!' only once the clipboard took the code. */
function assertStep(snapshot: SnapshotFrom<typeof brandPageMachine>): void {
  const { top, copy } = statesOf(snapshot);
  expect(selectBrandPage(snapshot).kind).toBe(top);
  const feedback = selectCopyFeedback(snapshot);
  if (copy === null || copy === "idle") expect(feedback).toBeNull();
  else {
    const status = copy.startsWith("copied") ? "copied" : copy === "failed" ? "failed" : "copying";
    expect(feedback).toEqual({ dealId: "d1", code: "BOOTS20", status, highlighted: copy === "copied.highlighted" });
  }
}

describe("brand page machine: every simple path", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const paths = pathsWithOneMoreStep(brandPageMachine, events, { brandId: "b1" });

  it("reaches loading, missing and failed, and on the loaded page every step of copying a code", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '"loading"',
        '"missing"',
        '"failed"',
        ...["idle", "copying", { copied: "highlighted" }, { copied: "lingering" }, "failed"].map((copy) => JSON.stringify({ ready: { copy } })),
      ]),
    );
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { calls, logic } = wire(log);
    const effects = modelOfEffects();
    await drivePath(
      {
        logic,
        input: { brandId: "b1" },
        gateway: calls,
        log,
        gatewayCallOf: { loadBrandPage: "brandPage", copyCode: "copy" },
        expectedEffects: (from, event, to) => (event.type === "xstate.init" ? ["call brandPage b1 (silent)"] : effects(from, event, to)),
        assertStep: (snapshot) => assertStep(snapshot as never),
      },
      path,
    );
  });
});

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
};

/** The machine with its page loaded, and the log emptied of what loading it did. */
async function readyPage() {
  const log = new EffectLog();
  const { calls, logic } = wire(log);
  const actor = createActor(logic, { input: { brandId: "b1" } }).start();
  calls.settle("brandPage", { output: nikePage });
  await flush();
  log.takeNew();
  return { actor, calls, log };
}

describe("brand page machine: the brand's switch", () => {
  it("flips at once, keeps the server's answer, and is disabled while pending", async () => {
    const { actor, calls, log } = await readyPage();
    actor.send({ type: "TOGGLE_BRAND", isActive: true });
    expect(selectBrandPage(actor.getSnapshot())).toMatchObject({ kind: "ready", togglePending: true, page: { brand: { isActive: false } } });
    calls.settle("setBrandState b1 inactive", { output: { isActive: false, message: "hidden" } });
    await flush();
    expect(selectBrandPage(actor.getSnapshot())).toMatchObject({ kind: "ready", togglePending: false, page: { brand: { isActive: false } } });
    expect(log.takeNew()).toEqual(["call setBrandState b1 inactive (silent)", "deals changed"]);
  });

  it("says so when the toggle fails, and loads the page again", async () => {
    const { actor, calls, log } = await readyPage();
    actor.send({ type: "TOGGLE_BRAND", isActive: true });
    calls.settle("setBrandState b1 inactive", { error: new RequestError(500, "internal", "boom", "boom") });
    await flush();
    expect(selectBrandPage(actor.getSnapshot())).toEqual({ kind: "loading" });
    expect(log.takeNew()).toEqual(["call setBrandState b1 inactive (silent)", "toast Failed to update brand status", "call brandPage b1 (silent)"]);
  });
});

describe("brand page machine: copying a code", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says 'Copied!' only once the clipboard took the code, for 2 s", async () => {
    const { actor, calls, log } = await readyPage();
    actor.send({ type: "COPY", dealId: "d1", code: "BOOTS20" });
    expect(log.takeNew()).toEqual(["call copy BOOTS20"]);
    expect(selectCopyFeedback(actor.getSnapshot())).toMatchObject({ code: "BOOTS20", status: "copying" });
    calls.settle("copy", { output: undefined });
    await flush();
    expect(selectCopyFeedback(actor.getSnapshot())).toMatchObject({ dealId: "d1", code: "BOOTS20", status: "copied" });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(selectCopyFeedback(actor.getSnapshot())?.status).toBe("copied");
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCopyFeedback(actor.getSnapshot())).toBeNull();
    expect(log.takeNew()).toEqual([]);
  });

  it("never says 'Copied!' when the clipboard refuses the code: the button says it failed, a toast says how to copy by hand", async () => {
    const { actor, calls, log } = await readyPage();
    actor.send({ type: "COPY", dealId: "d1", code: "BOOTS20" });
    calls.settle("copy", { error: new DOMException("Write permission denied.", "NotAllowedError") });
    await flush();
    expect(selectCopyFeedback(actor.getSnapshot())).toMatchObject({ code: "BOOTS20", status: "failed" });
    expect(log.takeNew()).toEqual(["call copy BOOTS20", COPY_FAILED_TOAST]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(selectCopyFeedback(actor.getSnapshot())).toBeNull();
    // Pressed again, it tries again.
    actor.send({ type: "COPY", dealId: "d1", code: "BOOTS20" });
    expect(log.takeNew()).toEqual(["call copy BOOTS20"]);
  });

  it("copies nothing before the page has loaded", async () => {
    const log = new EffectLog();
    const { logic } = wire(log);
    const actor = createActor(logic, { input: { brandId: "b1" } }).start();
    log.takeNew();
    actor.send({ type: "COPY", dealId: "d1", code: "BOOTS20" });
    expect(log.takeNew()).toEqual([]);
    expect(selectCopyFeedback(actor.getSnapshot())).toBeNull();
  });
});
