import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import { googleFlowMachine, isExplainingGoogleFlow, isGoogleFlowBusy, provideGoogleFlowMachine } from "../../src/application/machines/googleFlowMachine";
import { RefusedRequest, RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingNavigation } from "./fakePorts";
import { recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const CONSENT = { authUrl: "https://google.example/consent", state: "state-1" };

function wire(log: EffectLog) {
  const auth = new ControlledAuthGateway(log);
  const session = new MemorySessionStore(log);
  const logic = provideGoogleFlowMachine({ auth, session, navigation: new RecordingNavigation(log), notifier: recordingNotifier(log) });
  return { auth, session, logic };
}

/** `explains`: the flow shows what is read and kept before Google's consent page (sign-up with Gmail only). */
const scenarios = [
  { flow: "signin", returnPath: "/settings", failure: "Failed to initiate Google sign-in", explains: false },
  { flow: "gmail-signup", returnPath: null, failure: "Failed to initiate Google sign-up with Gmail", explains: true },
  { flow: "connect-gmail", returnPath: "/dashboard", failure: "Failed to connect Gmail", explains: false },
] as const;

describe.each(scenarios)("Google flow machine, $flow: every simple path and one more step", ({ flow, returnPath, failure, explains }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const input = { flow, returnPath };
  const events: EventObject[] = [
    { type: "START" },
    { type: "CONTINUE" },
    { type: "BACK" },
    done("startGoogleFlow", CONSENT),
    failed("startGoogleFlow", new RequestError(null, "network_error", "Network error occurred")),
    failed("startGoogleFlow", new RefusedRequest(200, "google_flow_refused", "Google sign-in is not configured")),
  ];
  const paths = pathsWithOneMoreStep(googleFlowMachine, events, input);

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (event.type === "xstate.init") return [];
    // Explaining calls nothing: Google is asked only once the person goes on.
    if (to === '"explaining"' || to === '"idle"') return [];
    if (event.type === "START" || event.type === "CONTINUE") return [`call startGoogleFlow ${flow}`];
    if (event.type.startsWith("xstate.done")) return ["save oauth state state-1", `assign ${CONSENT.authUrl}`];
    expect(to).toBe('"failed"');
    // The product's own text (docs/product.md, "Sign-in and the Google round trip"), whatever the server said.
    return [`toast Error: ${failure}`];
  }

  it("reaches every state", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"idle"', ...(explains ? ['"explaining"'] : []), '"starting"', '"redirecting"', '"failed"']),
    );
  });

  it(explains ? "shows what is read before asking the server, and goes back without calling it" : "goes straight to the server on START", () => {
    const first = paths.find((path) => path.steps.map((step) => step.event.type).join(" > ") === "xstate.init > START")!;
    expect(JSON.stringify(first.state.value)).toBe(explains ? '"explaining"' : '"starting"');
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { auth, session, logic } = wire(log);
    await drivePath(
      {
        logic,
        input,
        gateway: auth,
        log,
        gatewayCallOf: { startGoogleFlow: "startGoogleFlow" },
        expectedEffects,
        assertStep: (snapshot) => {
          const value = JSON.stringify(snapshot.value);
          expect(isGoogleFlowBusy(snapshot as never)).toBe(value === '"starting"' || value === '"redirecting"');
          expect(isExplainingGoogleFlow(snapshot as never)).toBe(value === '"explaining"');
          // Where to come back to is kept only with a flow that leaves for Google.
          expect(session.takeReturnPath()).toBe(value === '"redirecting"' ? returnPath : null);
        },
      },
      path,
    );
  });
});
