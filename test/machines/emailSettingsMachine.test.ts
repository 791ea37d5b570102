import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventObject } from "xstate";
import { RequestError } from "../../src/application/errors";
import {
  EMAIL_SETTINGS_MESSAGES,
  EMAIL_SETTINGS_TOASTS,
  emailSettingsMachine,
  emailSettingsViewOf,
  provideEmailSettingsMachine,
} from "../../src/application/machines/emailSettingsMachine";
import { EmailSettingsGateway, type EmailPreferences, type EmailPreferencesChange } from "../../src/application/ports/emailSettings";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";
import { recordingNotifier } from "./settingsFakes";

/** The email settings calls as a controlled fake: each stays pending until the path settles it. */
class ControlledEmailSettingsGateway extends EmailSettingsGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  preferences(): Promise<EmailPreferences> {
    return this.calls.call("preferences");
  }
  update(change: EmailPreferencesChange): Promise<EmailPreferences> {
    return this.calls.call("update", ` ${JSON.stringify(change)}`);
  }
  sendTestReport(): Promise<string> {
    return this.calls.call("sendTestReport");
  }
}

/** Emails stopped after a refusal; turning the reminders on resumes them, and the server's answer says so. */
const STOPPED: EmailPreferences = {
  weeklyReport: false,
  reportWeekday: 1,
  reportHour: 8,
  timeZone: "Europe/Berlin",
  expiryReminders: false,
  reminderLeadDays: 1,
  dealAlerts: false,
  emailsStopped: { reason: "550 mailbox unavailable", at: "2026-11-20T09:00:00.000Z" },
};
const TURN_ON: EmailPreferencesChange = { expiryReminders: true };
const RESUMED: EmailPreferences = { ...STOPPED, expiryReminders: true, emailsStopped: null };
const SENT = "Test report sent to alice@example.com.";

describe.each([
  {
    name: "the server says why",
    error: new RequestError(429, "rate_limited", "Too many", "Please wait a minute before sending another test report."),
    loadMessage: "Please wait a minute before sending another test report.",
    testMessage: "Please wait a minute before sending another test report.",
  },
  {
    name: "no answer",
    error: new RequestError(null, "network_error", "Network error occurred"),
    loadMessage: EMAIL_SETTINGS_MESSAGES.loadFailed,
    testMessage: EMAIL_SETTINGS_MESSAGES.testFailed,
  },
])("email settings machine, when a call fails with $name: every simple path", ({ error, loadMessage, testMessage }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "RETRY" },
    { type: "CHANGE", change: TURN_ON } as EventObject,
    { type: "SEND_TEST" },
    done("load", STOPPED),
    failed("load", error),
    done("save", RESUMED),
    failed("save", error),
    done("sendTest", SENT),
    failed("sendTest", error),
  ];
  const paths = pathsWithOneMoreStep(emailSettingsMachine, events);

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (to === '"loading"') return ["call preferences"];
    // A change made during a save waits for it.
    if (event.type === "CHANGE") return from.includes('"saving":"idle"') ? [`call update ${JSON.stringify(TURN_ON)}`] : [];
    if (event.type === "SEND_TEST") return ["call sendTestReport"];
    if (event.type === "xstate.error.actor.save") return [`toast ${EMAIL_SETTINGS_TOASTS.saveFailed.title}: ${EMAIL_SETTINGS_TOASTS.saveFailed.description}`];
    return [];
  }

  it("reaches every state of the card", () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toContain('"loadFailed"');
    for (const saving of ["idle", "saving"]) {
      for (const testReport of ["idle", "sending", "sent", "failed"]) {
        expect(values).toContain(JSON.stringify({ ready: { saving, testReport } }));
      }
    }
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideEmailSettingsMachine({ gateway: new ControlledEmailSettingsGateway(calls), notifier: recordingNotifier(log) });
    // What the card must show: a change at once, the server's answer once saved, the saved value again after a refusal.
    let expected: EmailPreferences | null = null;
    let saved: EmailPreferences | null = null;
    await drivePath(
      {
        logic,
        gateway: calls,
        log,
        gatewayCallOf: { load: "preferences", save: "update", sendTest: "sendTestReport" },
        expectedEffects,
        assertStep: (snapshot, event) => {
          if (event.type === "xstate.done.actor.load") expected = saved = STOPPED;
          if (event.type === "CHANGE") expected = { ...expected!, ...TURN_ON };
          if (event.type === "xstate.done.actor.save") expected = saved = RESUMED;
          if (event.type === "xstate.error.actor.save") expected = saved;
          const view = emailSettingsViewOf(snapshot as never);
          if (snapshot.matches("loading")) return expect(view).toEqual({ kind: "loading" });
          if (snapshot.matches("loadFailed")) return expect(view).toEqual({ kind: "failed", error: loadMessage });
          if (view.kind !== "ready") throw new Error(`unexpected view ${view.kind}`);
          expect(view.preferences).toEqual(expected);
          expect(view.saving).toBe(snapshot.matches({ ready: { saving: "saving" } }));
          const testReport = (snapshot.value as { ready: { testReport: string } }).ready.testReport;
          const phases = { idle: { kind: "idle" }, sending: { kind: "sending" }, sent: { kind: "sent", message: SENT }, failed: { kind: "failed", error: testMessage } };
          expect(view.testReport).toEqual(phases[testReport as keyof typeof phases]);
        },
      },
      path,
    );
  });
});

describe("email settings machine, changes made while a save is on its way", () => {
  it("sends them together after it, and shows the server's answer under them", async () => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const { createActor } = await import("xstate");
    const actor = createActor(provideEmailSettingsMachine({ gateway: new ControlledEmailSettingsGateway(calls), notifier: recordingNotifier(log) })).start();
    calls.settle("preferences", { output: STOPPED });
    await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
    actor.send({ type: "CHANGE", change: { weeklyReport: true } });
    actor.send({ type: "CHANGE", change: { reportHour: 18 } });
    actor.send({ type: "CHANGE", change: { timeZone: "Asia/Tokyo" } });
    expect(emailSettingsViewOf(actor.getSnapshot())).toMatchObject({ preferences: { weeklyReport: true, reportHour: 18, timeZone: "Asia/Tokyo" }, saving: true });
    calls.settle("update", { output: { ...STOPPED, weeklyReport: true, emailsStopped: null } });
    await vi.waitFor(() => expect(log.entries.filter((entry) => entry.startsWith("call update"))).toHaveLength(2));
    // The first answer does not undo the two later changes, which go out in one call.
    expect(emailSettingsViewOf(actor.getSnapshot())).toMatchObject({ preferences: { weeklyReport: true, reportHour: 18, timeZone: "Asia/Tokyo", emailsStopped: null } });
    expect(log.entries).toEqual(["call preferences", 'call update {"weeklyReport":true}', 'call update {"reportHour":18,"timeZone":"Asia/Tokyo"}']);
    calls.settle("update", { error: new RequestError(500, "internal", "Boom") });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { saving: "idle" } })).toBe(true));
    // Refused: back to what the server last said it holds.
    expect(emailSettingsViewOf(actor.getSnapshot())).toMatchObject({ preferences: { weeklyReport: true, reportHour: 8, timeZone: "Europe/Berlin" } });
    actor.stop();
  });
});
