import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import {
  EXTENSION_SESSIONS_MESSAGES,
  extensionSessionsMachine,
  extensionSessionsViewOf,
  provideExtensionSessionsMachine,
} from "../../src/application/machines/extensionSessionsMachine";
import { RequestError } from "../../src/application/errors";
import type { ConnectedExtension } from "../../src/application/ports/extension";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledExtensionGateway } from "./extensionFakes";
import { recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const CHROME: ConnectedExtension = { id: "s1", createdAt: "2026-11-20T08:00:00.000Z", lastUsedAt: null, userAgent: "Chrome/156.0 (X11; Linux x86_64)" };
const EDGE: ConnectedExtension = { id: "s2", createdAt: "2026-11-21T08:00:00.000Z", lastUsedAt: null, userAgent: null };
const DISCONNECTED = "Extension disconnected.";

describe.each([
  {
    name: "the server says why",
    error: new RequestError(404, "extension_session_not_found", "Gone", "There is no such connected extension in your account."),
    loadMessage: "There is no such connected extension in your account.",
    disconnectMessage: "There is no such connected extension in your account.",
  },
  {
    name: "no answer",
    error: new RequestError(null, "network_error", "Network error occurred"),
    loadMessage: EXTENSION_SESSIONS_MESSAGES.loadFailed,
    disconnectMessage: EXTENSION_SESSIONS_MESSAGES.disconnectFailed,
  },
])("extension sessions machine, when a call fails with $name: every simple path", ({ error, loadMessage, disconnectMessage }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "RETRY" },
    { type: "DISCONNECT", sessionId: CHROME.id } as EventObject,
    { type: "CANCEL" },
    { type: "CONFIRM" },
    done("list", [CHROME, EDGE]),
    failed("list", error),
    done("disconnect", DISCONNECTED),
    failed("disconnect", error),
  ];
  const paths = pathsWithOneMoreStep(extensionSessionsMachine, events);

  function expectedEffects(_from: string, event: EventObject, to: string): string[] {
    if (to === '"loading"') return ["call connectedExtensions"];
    if (event.type === "CONFIRM") return [`call disconnect ${CHROME.id}`];
    if (event.type === "xstate.done.actor.disconnect") return [`toast ${EXTENSION_SESSIONS_MESSAGES.disconnectedTitle}: ${DISCONNECTED}`];
    return [];
  }

  it("reaches every state, and disconnects only after a confirmation", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"loading"', '"loadFailed"', '"ready"', '"confirming"', '"disconnecting"', '"disconnectFailed"']),
    );
    for (const path of paths) {
      const types = path.steps.map((step) => step.event.type);
      if (types.includes("CONFIRM")) expect(types.indexOf("CONFIRM")).toBeGreaterThan(types.indexOf("DISCONNECT"));
    }
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideExtensionSessionsMachine({ gateway: new ControlledExtensionGateway(calls), notifier: recordingNotifier(log) });
    let disconnected = false;
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { list: "connectedExtensions", disconnect: "disconnect" },
        expectedEffects,
        assertStep: (snapshot, event) => {
          disconnected ||= event.type === "xstate.done.actor.disconnect";
          const view = extensionSessionsViewOf(snapshot as never);
          if (snapshot.matches("loading")) expect(view).toEqual({ kind: "loading" });
          else if (snapshot.matches("loadFailed")) expect(view).toEqual({ kind: "failed", error: loadMessage });
          else if (view.kind === "ready") {
            // A disconnected extension leaves the list at once; the other stays.
            expect(view.sessions).toEqual(disconnected ? [EDGE] : [CHROME, EDGE]);
            const pending = snapshot.matches("confirming") || snapshot.matches("disconnecting") || snapshot.matches("disconnectFailed");
            expect(view.confirming).toEqual(
              pending ? { sessionId: CHROME.id, disconnecting: snapshot.matches("disconnecting"), error: snapshot.matches("disconnectFailed") ? disconnectMessage : null } : null,
            );
          } else throw new Error(`unexpected view ${view.kind}`);
        },
      },
      path,
    );
  });
});
