import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject, type SnapshotFrom } from "xstate";
import { authMachine, provideAuthMachine, shownUserOf, signOutQuestionOf, type AuthSnapshot } from "../../src/application/machines/authMachine";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, RecordingNavigation, alice, aliceSession } from "./fakePorts";
import { RequestError } from "../../src/application/errors";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const renamed = { ...alice, first_name: "Ally" };

const events: EventObject[] = [
  { type: "SIGNED_IN", session: aliceSession } as EventObject,
  { type: "SIGN_OUT" },
  { type: "SESSION_EXPIRED" },
  { type: "USER_UPDATED", user: renamed } as EventObject,
  done("fetchProfile", alice),
  done("fetchProfile", null),
  failed("fetchProfile"),
  failed("fetchProfile", new RequestError(null, "network_error", "Network error occurred")),
  failed("fetchProfile", new RequestError(401, "unauthorized", "Your session has ended")),
  done("checkExtension", true),
  done("checkExtension", false),
  failed("checkExtension"),
  { type: "CHOOSE_EXTENSION_SIGN_OUT", signOut: false } as EventObject,
  { type: "CHOOSE_EXTENSION_SIGN_OUT", signOut: true } as EventObject,
  { type: "CONFIRM_SIGN_OUT" },
  { type: "CANCEL_SIGN_OUT" },
  done("logout", undefined),
  failed("logout"),
];

/** A step as a test's name shows it: an actor's outcome and the choice with their values. */
function stepName(event: EventObject): string {
  const { output, signOut } = event as EventObject & { output?: unknown; signOut?: boolean };
  const name = event.type.replace(/^xstate\.(done|error)\.actor\./, "$1 ");
  const { error } = event as EventObject & { error?: unknown };
  if (error instanceof RequestError) return `${name} ${error.status ?? "unreachable"}`;
  if (signOut !== undefined) return `${name} ${signOut ? "yes" : "no"}`;
  return typeof output === "boolean" || output === null ? `${name} ${String(output)}` : name;
}

const SIGNED_IN = JSON.stringify({ signedIn: "active" });
const CONFIRMING = JSON.stringify({ signedIn: "confirming" });

/**
 * The state by its value, and by the sign-out's choice while it matters (asked, or on its way to the server), so that
 * the paths cover both answers to the question. Elsewhere the choice is left out, which keeps the paths few.
 */
const byValueAndChoice = (snapshot: { value: unknown; context?: { signOutExtension: boolean } }) => {
  const value = JSON.stringify(snapshot.value);
  const choiceMatters = value === CONFIRMING || value === '"signingOut"';
  return choiceMatters ? `${value} extension:${snapshot.context?.signOutExtension}` : value;
};

/**
 * What each transition must do to the fake ports. Made per path: the logout call says the choice, which the path
 * made with the events before it.
 */
function effectsAlongAPath() {
  let signOutExtension = true;
  const logout = () => (signOutExtension ? ["call logout and the extension"] : ["call logout"]);
  return (from: string, event: EventObject, to: string): string[] => {
    if (event.type === "xstate.init") return to === '"verifying"' ? ["call fetchProfile"] : [];
    if (event.type === "SIGNED_IN") return ["save session access-2"];
    if (event.type === "SIGN_OUT") return ["call extensionPairedHere"];
    if (event.type === "USER_UPDATED") return ["save user alice@example.com"];
    if (event.type === "SESSION_EXPIRED") return [];
    if (event.type === "CHOOSE_EXTENSION_SIGN_OUT") {
      signOutExtension = (event as EventObject & { signOut: boolean }).signOut;
      return [];
    }
    if (event.type === "CANCEL_SIGN_OUT") return [];
    if (event.type === "CONFIRM_SIGN_OUT") return logout();
    if (from === '"verifying"') {
      // Only a refusal ends the session; otherwise (unreachable, a fault) the stored person stays, nothing changes.
      if (event.type.startsWith("xstate.error")) return to === SIGNED_IN ? [] : ["clear session"];
      return to === SIGNED_IN ? ["save user alice@example.com"] : ["clear session"];
    }
    if (from === JSON.stringify({ signedIn: "checkingExtension" })) {
      // Paired here: ask, yes by default. Nothing paired: sign out as ever. Not known: the default, unasked.
      const output = (event as EventObject & { output?: boolean }).output;
      signOutExtension = event.type.startsWith("xstate.error") || output === true;
      return to === CONFIRMING ? [] : logout();
    }
    if (from === '"signingOut"') return ["clear session", "navigate /"];
    throw new Error(`Unexpected step ${event.type} from ${from}`);
  };
}

/** The question is on screen only while it is asked, with the choice made so far. */
function assertQuestion(snapshot: SnapshotFrom<typeof authMachine>) {
  const question = signOutQuestionOf(snapshot as AuthSnapshot);
  if (snapshot.matches({ signedIn: "confirming" })) expect(question).toEqual({ signOutExtension: snapshot.context.signOutExtension });
  else expect(question).toBeNull();
}

describe.each([
  { name: "with a stored session", storedUser: alice },
  { name: "without a stored session", storedUser: null },
])("auth machine, $name: every simple path", ({ storedUser }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = pathsWithOneMoreStep(authMachine, events, { storedUser }, byValueAndChoice);

  it("has paths to every state, and to both answers of the sign-out's question", () => {
    const reached = new Set(paths.map((path) => byValueAndChoice(path.state)));
    expect(reached).toContain(SIGNED_IN);
    expect(reached).toContain('"signedOut"');
    if (storedUser) expect(reached).toContain('"verifying"');
    expect(reached).toContain(JSON.stringify({ signedIn: "checkingExtension" }));
    expect(reached).toContain(`${CONFIRMING} extension:true`);
    expect(reached).toContain(`${CONFIRMING} extension:false`);
    expect(reached).toContain('"signingOut" extension:true');
    expect(reached).toContain('"signingOut" extension:false');
  });

  it.each(paths.map((path) => [path.steps.map((step) => stepName(step.event)).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const gateway = new ControlledAuthGateway(log);
      const session = new MemorySessionStore(log);
      const logic = provideAuthMachine({ auth: gateway, session, navigation: new RecordingNavigation(log, "/dashboard") });
      await drivePath(
        {
          logic,
          input: { storedUser },
          gateway,
          log,
          gatewayCallOf: { fetchProfile: "fetchProfile", checkExtension: "extensionPairedHere", logout: "logout" },
          expectedEffects: effectsAlongAPath(),
          assertStep: assertQuestion,
        },
        path as never,
      );
    },
  );
});

it("takes every event somewhere, Cancel and both answers to the question included", () => {
  const paths = [alice, null].flatMap((storedUser) => pathsWithOneMoreStep(authMachine, events, { storedUser }, byValueAndChoice));
  const taken = new Set(paths.flatMap((path) => path.steps.map((step) => stepName(step.event))));
  for (const event of events) expect(taken).toContain(stepName(event));
});

describe("checking the stored session", () => {
  it.each([
    ["no answer", new RequestError(null, "network_error", "Network error occurred"), { signedIn: "active" }],
    ["a server fault", new RequestError(503, "unavailable", "Service unavailable"), { signedIn: "active" }],
    ["a rate limit", new RequestError(429, "rate_limited", "Too many requests"), { signedIn: "active" }],
    ["a refusal", new RequestError(401, "unauthorized", "Your session has ended"), "signedOut"],
  ])("after %s, the stored person stays signed in unless the server refused the session", async (_name, error, state) => {
    const log = new EffectLog();
    const gateway = new ControlledAuthGateway(log);
    const logic = provideAuthMachine({ auth: gateway, session: new MemorySessionStore(log), navigation: new RecordingNavigation(log, "/dashboard") });
    const actor = createActor(logic, { input: { storedUser: alice } }).start();
    gateway.settle("fetchProfile", { error });
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toEqual(state);
    actor.stop();
  });
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

  it("is still the signed-in person while the sign-out asks, and after Cancel", async () => {
    const log = new EffectLog();
    const gateway = new ControlledAuthGateway(log);
    const logic = provideAuthMachine({ auth: gateway, session: new MemorySessionStore(log), navigation: new RecordingNavigation(log, "/dashboard") });
    const actor = createActor(logic, { input: { storedUser: null } }).start();
    actor.send({ type: "SIGNED_IN", session: aliceSession });
    actor.send({ type: "SIGN_OUT" });
    expect(shownUserOf(actor.getSnapshot())).toEqual(alice);
    gateway.settle("extensionPairedHere", { output: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(signOutQuestionOf(actor.getSnapshot())).toEqual({ signOutExtension: true });
    expect(shownUserOf(actor.getSnapshot())).toEqual(alice);
    actor.send({ type: "CANCEL_SIGN_OUT" });
    expect(actor.getSnapshot().value).toEqual({ signedIn: "active" });
    expect(shownUserOf(actor.getSnapshot())).toEqual(alice);
    expect(log.takeNew()).toEqual(["save session access-2", "call extensionPairedHere"]);
    actor.stop();
  });
});
