import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import {
  EXTENSION_PAIRING_MESSAGES,
  extensionPairingMachine,
  extensionPairingViewOf,
  provideExtensionPairingMachine,
} from "../../src/application/machines/extensionPairingMachine";
import { RequestError } from "../../src/application/errors";
import { ExtensionPairingError } from "../../src/application/ports/extension";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledExtensionBridge, ControlledExtensionGateway } from "./extensionFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const CODE = "pairing-code-1";
/** What the page shows in each state: asking for a code and handing it over are one "connecting" to a person. */
const VIEW_OF_STATE: Record<string, string> = {
  detecting: "detecting",
  notInstalled: "notInstalled",
  ready: "ready",
  requestingCode: "connecting",
  pairing: "connecting",
  connected: "connected",
  failed: "failed",
};

describe.each([
  { name: "not installed", detected: null, after: '"notInstalled"' },
  { name: "installed, not paired", detected: { paired: false, version: "1.0.0" }, after: '"ready"' },
  { name: "installed and paired", detected: { paired: true, version: "1.0.0" }, after: '"connected"' },
])("extension pairing machine, when the extension is $name: every simple path", ({ detected, after }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const codeRefused = new RequestError(429, "rate_limited", "Too many requests. Please wait a minute and try again.", "Too many requests. Please wait a minute and try again.");
  const extensionRefused = new ExtensionPairingError("This pairing code has expired or was already used.");
  const events: EventObject[] = [
    { type: "CONNECT" },
    { type: "DETECT" },
    done("detect", detected),
    done("requestCode", CODE),
    failed("requestCode", codeRefused),
    done("pair", undefined),
    failed("pair", extensionRefused),
  ];
  const paths = pathsWithOneMoreStep(extensionPairingMachine, events);

  function expectedEffects(_from: string, event: EventObject, to: string): string[] {
    if (to === '"detecting"') return ["call detect"];
    if (event.type === "CONNECT") return ["call createPairingCode"];
    if (event.type === "xstate.done.actor.requestCode") return [`call pair ${CODE}`];
    return [];
  }

  it("detects first, and connects only after a code was asked for and handed to the extension", () => {
    const states = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(states).toContain(after);
    for (const path of paths.filter((p) => p.state.value === "connected" && detected?.paired !== true)) {
      const types: string[] = path.steps.map((step) => step.event.type);
      expect(types.indexOf("xstate.done.actor.pair")).toBeGreaterThan(types.indexOf("xstate.done.actor.requestCode"));
      expect(types.indexOf("xstate.done.actor.requestCode")).toBeGreaterThan(types.indexOf("CONNECT"));
    }
    if (detected === null) expect(states).toEqual(new Set(['"detecting"', '"notInstalled"']));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideExtensionPairingMachine({ gateway: new ControlledExtensionGateway(calls), bridge: new ControlledExtensionBridge(calls) });
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { detect: "detect", requestCode: "createPairingCode", pair: "pair" },
        expectedEffects,
        assertStep: (snapshot, event) => {
          const view = extensionPairingViewOf(snapshot as never);
          expect(view.kind).toBe(VIEW_OF_STATE[snapshot.value as string]);
          if (!snapshot.matches("failed")) return;
          const reason = event.type === "xstate.error.actor.requestCode" ? codeRefused.message : extensionRefused.message;
          expect(view).toEqual({ kind: "failed", error: reason });
        },
      },
      path,
    );
  });
});

describe("extension pairing machine's messages when no reason is given", () => {
  it.each([
    ["requestCode", new RequestError(null, "network_error", "Network error occurred"), EXTENSION_PAIRING_MESSAGES.codeFailed],
    ["pair", new Error("port closed"), EXTENSION_PAIRING_MESSAGES.pairingFailed],
  ])("a failed %s says a sentence of its own", async (failing, error, message) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const { createActor } = await import("xstate");
    const actor = createActor(provideExtensionPairingMachine({ gateway: new ControlledExtensionGateway(calls), bridge: new ControlledExtensionBridge(calls) }));
    actor.start();
    calls.settle("detect", { output: { paired: false, version: "1.0.0" } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    actor.send({ type: "CONNECT" });
    if (failing === "pair") {
      calls.settle("createPairingCode", { output: CODE });
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("pairing"));
      calls.settle("pair", { error });
    } else {
      calls.settle("createPairingCode", { error });
    }
    await vi.waitFor(() => expect(extensionPairingViewOf(actor.getSnapshot())).toEqual({ kind: "failed", error: message }));
    actor.stop();
  });
});
