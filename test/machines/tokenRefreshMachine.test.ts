import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import {
  provideTokenRefreshMachine,
  requestRefresh,
  tokenRefreshMachine,
} from "../../src/application/machines/tokenRefreshMachine";
import { RequestError } from "../../src/application/errors";
import type { SessionRefreshLock } from "../../src/application/ports/session";
import { ControlledAuthGateway, EffectLog, MemorySessionStore, OneTabLock, RecordingNavigation, TabsLock, alice, aliceSession } from "./fakePorts";
import { done, drivePath, failed, simplePathsOf } from "./pathDriver";

const events: EventObject[] = [
  { type: "REFRESH_NEEDED" },
  done("refreshSession", aliceSession),
  failed("refreshSession", new RequestError(401, "invalid_refresh_token", "Refresh token reused")),
  failed("refreshSession", new RequestError(null, "network_error", "Network error occurred")),
];

function wire(pagePath: string, lock: SessionRefreshLock = new OneTabLock()) {
  const log = new EffectLog();
  const gateway = new ControlledAuthGateway(log);
  const session = new MemorySessionStore(log);
  session.save({ accessToken: "access-1", refreshToken: "refresh-1", user: alice });
  log.takeNew();
  const navigation = new RecordingNavigation(log, pagePath);
  const logic = provideTokenRefreshMachine({
    auth: gateway,
    session,
    lock,
    navigation,
    onSessionEnded: () => log.record("session ended"),
  });
  return { log, gateway, session, navigation, logic };
}

describe.each([
  { page: "/dashboard", redirects: true },
  { page: "/settings", redirects: true },
  { page: "/login", redirects: false },
  { page: "/oauth-callback", redirects: false },
])("token refresh machine on $page: every simple path", ({ page, redirects }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const onSignInPage = !redirects;
  const paths = simplePathsOf(tokenRefreshMachine.provide({ guards: { isOnSignInPage: () => onSignInPage } }), events);

  function expectedEffects(_from: string, event: EventObject, to: string): string[] {
    if (event.type === "xstate.init") return [];
    if (event.type === "REFRESH_NEEDED") return [`call refresh ${to === '"refreshing"' ? "*" : ""}`];
    if (to === '"refreshed"') return ["save session access-2"];
    // No answer says nothing of the session: it is kept as it was.
    if (to === '"unavailable"') return [];
    return ["clear session", "session ended", ...(redirects ? ["navigate /login"] : [])];
  }

  it("reaches refreshed, unavailable and expired", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(['"expired"', '"idle"', '"refreshed"', '"refreshing"', '"unavailable"']);
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const { log, gateway, session, logic } = wire(page);
      // The refresh token sent is whichever one is stored at that moment: the first, or the rotated one.
      const effects = (from: string, event: EventObject, to: string) =>
        expectedEffects(from, event, to).map((entry) =>
          entry.endsWith("*") ? entry.replace("*", session.refresh ?? "") : entry,
        );
      await drivePath({ logic, gateway, log, gatewayCallOf: { refreshSession: "refresh" }, expectedEffects: effects }, path);
    },
  );
});

describe("requestRefresh", () => {
  it("shares one refresh between concurrent 401s and reports success to each", async () => {
    const { log, gateway, logic } = wire("/dashboard");
    const actor = createActor(logic).start();
    const first = requestRefresh(actor);
    const second = requestRefresh(actor);
    gateway.settle("refresh", { output: aliceSession });
    expect(await Promise.all([first, second])).toEqual([{ kind: "refreshed" }, { kind: "refreshed" }]);
    expect(log.entries.filter((entry) => entry.startsWith("call refresh"))).toEqual(["call refresh refresh-1"]);
  });

  it("spends the stored refresh token once when two tabs refresh at once: the second takes what the first stored", async () => {
    // Two tabs: one stored session, one gateway, one lock between them.
    const { log, gateway, session, logic } = wire("/dashboard", new TabsLock());
    const refreshes = [requestRefresh(createActor(logic).start()), requestRefresh(createActor(logic).start())];
    await vi.waitFor(() => expect(log.entries).toContain("call refresh refresh-1"));
    gateway.settle("refresh", { output: aliceSession });
    // The second tab has had its turn with the lock by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.entries.filter((entry) => entry.startsWith("call refresh"))).toEqual(["call refresh refresh-1"]);
    expect(await Promise.all(refreshes)).toEqual([{ kind: "refreshed" }, { kind: "refreshed" }]);
    expect([session.accessToken(), session.refreshToken()]).toEqual(["access-2", "refresh-2"]);
  });

  it("reports failure when the refresh token is refused, and then fails without calling the server", async () => {
    const { gateway, logic, log } = wire("/login");
    const actor = createActor(logic).start();
    const refused = requestRefresh(actor);
    gateway.settle("refresh", { error: new RequestError(401, "invalid_refresh_token", "reused") });
    expect(await refused).toEqual({ kind: "ended" });
    expect(log.takeNew()).toEqual(["call refresh refresh-1", "clear session", "session ended"]);
    expect(await requestRefresh(actor)).toEqual({ kind: "ended" });
    expect(log.takeNew()).toEqual(["clear session", "session ended"]);
  });

  it.each([
    ["no answer", new RequestError(null, "network_error", "Network error occurred")],
    ["a server fault", new RequestError(503, "unavailable", "Service unavailable")],
    ["a rate limit", new RequestError(429, "rate_limited", "Too many requests")],
  ])("keeps the session after %s, reports why, and asks the server again at the next 401", async (_name, failure) => {
    const { gateway, logic, log, session } = wire("/dashboard");
    const actor = createActor(logic).start();
    const failed = requestRefresh(actor);
    gateway.settle("refresh", { error: failure });
    expect(await failed).toEqual({ kind: "unavailable", failure });
    expect(log.takeNew()).toEqual(["call refresh refresh-1"]);
    expect([session.accessToken(), session.refreshToken()]).toEqual(["access-1", "refresh-1"]);
    const again = requestRefresh(actor);
    gateway.settle("refresh", { output: aliceSession });
    expect(await again).toEqual({ kind: "refreshed" });
    expect(log.takeNew()).toEqual(["call refresh refresh-1", "save session access-2"]);
  });
});
