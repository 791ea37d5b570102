import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { authMachine, provideAuthMachine, shownUserOf } from "../../src/application/machines/authMachine";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingNavigation, alice, aliceSession } from "./fakePorts";
import { done, drivePath, failed, simplePathsOf } from "./pathDriver";

const renamed = { ...alice, first_name: "Ally" };

const events: EventObject[] = [
  { type: "SIGNED_IN", session: aliceSession } as EventObject,
  { type: "SIGN_OUT" },
  { type: "SESSION_EXPIRED" },
  { type: "USER_UPDATED", user: renamed } as EventObject,
  done("fetchProfile", alice),
  done("fetchProfile", null),
  failed("fetchProfile"),
  done("logout", undefined),
  failed("logout"),
];

/** What each transition must do to the fake ports. */
function expectedEffects(from: string, event: EventObject, to: string): string[] {
  if (event.type === "xstate.init") return to === '"verifying"' ? ["call fetchProfile"] : [];
  if (event.type === "SIGNED_IN") return ["save session access-2"];
  if (event.type === "SIGN_OUT") return ["call logout"];
  if (event.type === "USER_UPDATED") return ["save user alice@example.com"];
  if (event.type === "SESSION_EXPIRED") return [];
  if (from === '"verifying"') {
    return to === '"signedIn"' ? ["save user alice@example.com"] : ["clear session"];
  }
  if (from === '"signingOut"') return ["clear session", "navigate /"];
  throw new Error(`Unexpected step ${event.type} from ${from}`);
}

describe.each([
  { name: "with a stored session", storedUser: alice },
  { name: "without a stored session", storedUser: null },
])("auth machine, $name: every simple path", ({ storedUser }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = simplePathsOf(authMachine, events, { storedUser });

  it("has paths to every state", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toContain('"signedIn"');
    expect(reached).toContain('"signedOut"');
    if (storedUser) expect(reached).toContain('"signingOut"');
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const gateway = new ControlledAuthGateway(log);
      const session = new MemorySessionStore(log);
      const logic = provideAuthMachine({ auth: gateway, session, navigation: new RecordingNavigation(log, "/dashboard") });
      await drivePath(
        { logic, input: { storedUser }, gateway, log, gatewayCallOf: { fetchProfile: "fetchProfile", logout: "logout" }, expectedEffects },
        path,
      );
    },
  );
});

describe("the person the page shows", () => {
  it("is the stored user while the stored session is checked, and nobody once the check fails", async () => {
    const log = new EffectLog();
    const gateway = new ControlledAuthGateway(log);
    const logic = provideAuthMachine({ auth: gateway, session: new MemorySessionStore(log), navigation: new RecordingNavigation(log, "/dashboard") });
    const actor = createActor(logic, { input: { storedUser: alice } }).start();
    expect(actor.getSnapshot().value).toBe("verifying");
    expect(shownUserOf(actor.getSnapshot())).toEqual(alice);
    gateway.settle("fetchProfile", { output: null });
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(shownUserOf(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});
