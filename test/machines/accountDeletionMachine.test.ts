import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import { accountDeletionMachine, provideAccountDeletionMachine } from "../../src/application/machines/accountDeletionMachine";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { ControlledSettingsGateway, recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const deletion = {
  message: "Your account and all its data were deleted, and Deal Finder's access to your Gmail was revoked.",
  googleAccessRevoked: true,
  deleted: { deals: 12, brands: 3 },
};

describe.each([
  { name: "the server says why", error: new RequestError(500, "internal", "Database is down", "Database is down"), message: "Database is down" },
  { name: "no answer", error: new RequestError(null, "network_error", "Network error occurred"), message: "Failed to delete your account. Please try again." },
])("account deletion machine, when deleting fails with $name: every simple path", ({ error, message }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [{ type: "REQUEST" }, { type: "CANCEL" }, { type: "CONFIRM" }, done("deleteAccount", deletion), failed("deleteAccount", error)];
  const paths = pathsWithOneMoreStep(accountDeletionMachine, events);

  function expectedEffects(_from: string, event: EventObject, to: string): string[] {
    if (event.type === "CONFIRM") return ["call deleteAccount (silent)"];
    if (to === '"deleted"') return ["end session", `toast Account deleted: ${deletion.message}`];
    return [];
  }

  it("reaches every state, and deletes only after a confirmation", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"idle"', '"confirming"', '"deleting"', '"failed"', '"deleted"']),
    );
    for (const path of paths.filter((p) => p.state.value === "deleted")) {
      const types = path.steps.map((step) => step.event.type);
      expect(types.indexOf("CONFIRM")).toBeGreaterThan(types.indexOf("REQUEST"));
    }
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const calls = new ControlledAuthGateway(log);
      const logic = provideAccountDeletionMachine({
        gateway: new ControlledSettingsGateway(calls),
        notifier: recordingNotifier(log),
        endSession: () => log.record("end session"),
      });
      await drivePath(
        {
          logic,
          gateway: calls,
          log,
          gatewayCallOf: { deleteAccount: "deleteAccount" },
          expectedEffects,
          assertStep: (snapshot) => expect(snapshot.context.error).toBe(snapshot.matches("failed") ? message : null),
        },
        path,
      );
    },
  );
});
