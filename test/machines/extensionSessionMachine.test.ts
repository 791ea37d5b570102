import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor, type EventObject } from "xstate";
import type { ExtensionCodesDto, ExtensionTokensDto } from "../../src/contract/extension";
import { provideSessionMachine, SessionEnded, type ExtensionSession, type SessionSnapshot } from "../../extension/src/machines/sessionMachine";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { getSimplePaths } from "xstate/graph";
import { done, drivePath, failed } from "./pathDriver";

const STORED: ExtensionSession = { accessToken: "access-0", refreshToken: "refresh-0", sessionId: "s-0" };
const PAIRED: ExtensionTokensDto = { accessToken: "access-1", accessTokenExpiresAt: "2026-03-10T12:15:00Z", refreshToken: "refresh-1", sessionId: "s-1" };
const REFRESHED: ExtensionTokensDto = { ...PAIRED, accessToken: "access-2", refreshToken: "refresh-2" };
const CODES: ExtensionCodesDto = { deals: [], lastSyncAt: null, today: "2026-03-10", timeZone: "UTC" };
const ENDED = new SessionEnded();
const OFFLINE = new Error("Failed to fetch");

const gatewayCallOf = {
  loadSession: "loadSession",
  pair: "pair",
  fetchCodes: "fetchCodes",
  refresh: "refresh",
  logout: "logout",
};

function wire(log: EffectLog) {
  const gateway = new ControlledAuthGateway(log);
  const logic = provideSessionMachine({
    loadSession: () => gateway.call("loadSession"),
    pair: (code) => gateway.call("pair", ` ${code}`),
    fetchCodes: () => gateway.call("fetchCodes"),
    refresh: (token) => gateway.call("refresh", ` ${token}`),
    logout: () => gateway.call("logout"),
    saveSession: (session) => log.record(`save session ${session.accessToken}`),
    clearSession: () => log.record("clear session"),
    saveCodes: () => log.record("save codes"),
  });
  return { gateway, logic };
}

const events: EventObject[] = [
  done("loadSession", STORED),
  done("loadSession", null),
  { type: "PAIR", code: "pairing-code" } as EventObject,
  done("pair", PAIRED),
  failed("pair", new Error("This pairing code has expired or was already used.")),
  { type: "SYNC" },
  done("fetchCodes", CODES),
  failed("fetchCodes", ENDED),
  failed("fetchCodes", OFFLINE),
  done("refresh", REFRESHED),
  failed("refresh", ENDED),
  failed("refresh", OFFLINE),
  { type: "SIGN_OUT" },
  done("logout", undefined),
  failed("logout", OFFLINE),
];

const state = (value: string) => JSON.parse(value) as string | Record<string, string>;
const inPaired = (value: string, sub: string) => (state(value) as Record<string, string>).paired === sub;

/** What each step must do: the call its new state makes, and what the transition stores or forgets. */
function expectedEffects(from: string, event: EventObject & { error?: unknown }, to: string): string[] {
  if (event.type === "xstate.init") return ["call loadSession"];
  if (event.type === "PAIR") return ["call pair pairing-code"];
  if (event.type === "SIGN_OUT") return ["call logout"];
  if (to === '"unpaired"' && (from === '"signingOut"' || event.error === ENDED)) return ["clear session"];
  if (event.type === "xstate.done.actor.pair") return ["save session access-1", "call fetchCodes"];
  if (event.type === "xstate.done.actor.refresh") return ["save session access-2", "call fetchCodes"];
  if (event.type.startsWith("xstate.done.actor.fetchCodes")) return ["save codes"];
  if (inPaired(to, "syncing")) return ["call fetchCodes"];
  if (inPaired(to, "refreshing")) return ["call refresh"];
  return [];
}

/** A state is its value and whether the sync under way follows a refresh: a refusal then ends the session. */
const byValueAndRefresh = (snapshot: SessionSnapshot) => JSON.stringify([snapshot.value, snapshot.context.refreshed]);

describe("extension session machine: every simple path", () => {
  const paths = getSimplePaths(wire(new EffectLog()).logic, { events: events as never, serializeState: byValueAndRefresh as never });

  it("reaches pairing, paired (every sub-state), a sync after a refresh, and signing out", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of ['"unpaired"', '"pairing"', '"signingOut"', '{"paired":"idle"}', '{"paired":"syncing"}', '{"paired":"refreshing"}']) {
      expect(reached).toContain(value);
    }
    expect(paths.some((path) => path.state.context.refreshed && path.state.matches({ paired: "syncing" }))).toBe(true);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const { gateway, logic } = wire(log);
    // A refresh uses the refresh token the session has: the stored one until pairing gives another.
    let refreshToken = STORED.refreshToken;
    await drivePath(
      {
        logic,
        gateway,
        gatewayCallOf,
        log,
        expectedEffects: (from, event, to) => {
          if (event.type === "xstate.done.actor.pair") refreshToken = PAIRED.refreshToken;
          return expectedEffects(from, event, to).map((effect) => (effect === "call refresh" ? `call refresh ${refreshToken}` : effect));
        },
        assertStep: (snapshot) => {
          const unpaired = snapshot.matches("unpaired");
          if (unpaired) expect(snapshot.context.session).toBeNull();
          if (snapshot.matches("paired")) expect(snapshot.context.session).not.toBeNull();
        },
      },
      path,
    );
  });
});

describe("extension session machine: what the popup and the app's page are told", () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps the server's reason when pairing fails, and says the connection ended when a refreshed token is refused", async () => {
    const log = new EffectLog();
    const { gateway, logic } = wire(log);
    const actor = createActor(logic).start();
    gateway.settle("loadSession", { output: null });
    await waitFor(actor, (snapshot) => snapshot.matches("unpaired"));
    actor.send({ type: "PAIR", code: "spent" });
    gateway.settle("pair", { error: new Error("This pairing code has expired or was already used.") });
    await waitFor(actor, (snapshot) => snapshot.matches("unpaired"));
    expect(actor.getSnapshot().context.problem).toBe("This pairing code has expired or was already used.");

    actor.send({ type: "PAIR", code: "fresh" });
    gateway.settle("pair", { output: PAIRED });
    await waitFor(actor, (snapshot) => snapshot.matches({ paired: "syncing" }));
    gateway.settle("fetchCodes", { error: ENDED });
    await waitFor(actor, (snapshot) => snapshot.matches({ paired: "refreshing" }));
    gateway.settle("refresh", { output: REFRESHED });
    await waitFor(actor, (snapshot) => snapshot.matches({ paired: "syncing" }) && snapshot.context.refreshed);
    gateway.settle("fetchCodes", { error: ENDED });
    await waitFor(actor, (snapshot) => snapshot.matches("unpaired"));
    expect(actor.getSnapshot().context.problem).toBe("Deal Finder ended this connection. Connect the extension again.");
    expect(log.takeNew()).toEqual([
      "call loadSession",
      "call pair spent",
      "call pair fresh",
      "save session access-1",
      "call fetchCodes",
      "call refresh refresh-1",
      "save session access-2",
      "call fetchCodes",
      "clear session",
    ]);
  });
});
