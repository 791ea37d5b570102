import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { earlyAccessMachine, provideEarlyAccessMachine } from "../../src/application/machines/earlyAccessMachine";
import { EarlyAccessGateway, type EarlyAccessReply, type EarlyAccessRequest } from "../../src/application/ports/earlyAccess";
import { RequestError } from "../../src/application/errors";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { done, drivePath, failed, simplePathsOf } from "./pathDriver";

const complete = { name: "  Ada ", email: " ada@example.com ", frequency: "weekly" };

/** The early-access gateway as a controlled fake: each submission waits for the test to settle it. */
class ControlledEarlyAccess extends EarlyAccessGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  submit(request: EarlyAccessRequest): Promise<EarlyAccessReply> {
    return this.calls.call("submit", ` ${JSON.stringify(request)}`);
  }
}

interface Scenario {
  name: string;
  reply: EventObject;
  /** The toast the reply must cause. */
  toast: string;
}

const scenarios: Scenario[] = [
  { name: "server refuses with a message", reply: done("submit", { success: false, message: "Already on the list" }), toast: "Submission Failed: Already on the list" },
  { name: "server refuses without a message", reply: done("submit", { success: false, message: "" }), toast: "Submission Failed: Failed to submit request. Please try again." },
  { name: "server refuses with no message field", reply: done("submit", { success: false }), toast: "Submission Failed: Failed to submit request. Please try again." },
  { name: "400 with a message", reply: failed("submit", new RequestError(400, "invalid_email", "Email is invalid", "Email is invalid")), toast: "Submission Failed: Email is invalid" },
  { name: "400 without a message", reply: failed("submit", new RequestError(400, "http_error", "Network error occurred", null)), toast: "Submission Failed: Invalid request data. Please check your information." },
  { name: "network failure", reply: failed("submit", new RequestError(null, "network_error", "Network error occurred")), toast: "Network Error: Failed to submit request. Please check your connection and try again." },
];

describe.each(scenarios)("early access machine, $name: every simple path", ({ reply, toast }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "SUBMIT", form: complete } as EventObject,
    { type: "SUBMIT", form: { ...complete, name: "   " } } as EventObject,
    { type: "SUBMIT", form: { ...complete, frequency: "" } } as EventObject,
    done("submit", { success: true, message: "ok" }),
    reply,
  ];
  const paths = simplePathsOf(earlyAccessMachine, events);

  function expectedEffects(from: string, event: EventObject, to: string): string[] {
    if (event.type === "xstate.init") return [];
    if (event.type === "SUBMIT") {
      if (to === '"invalid"') return ["toast Validation Error: Please fill in all required fields."];
      if (from === '"submitting"') return [];
      return [`call submit {"name":"Ada","email":"ada@example.com","shopping_frequency":"weekly"}`];
    }
    if (to === '"succeeded"') return ["toast Success: Request sent successfully! We'll be in touch soon."];
    return [`toast ${toast}`];
  }

  it("reaches every outcome", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toEqual(new Set(['"idle"', '"invalid"', '"submitting"', '"succeeded"', to(reply)]));
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))(
    "%s",
    async (_name, path) => {
      const log = new EffectLog();
      const calls = new ControlledAuthGateway(log);
      const logic = provideEarlyAccessMachine({
        gateway: new ControlledEarlyAccess(calls),
        notifier: { notify: (request) => log.record(`toast ${request.title}: ${request.description}`) },
      });
      await drivePath({ logic, gateway: calls, log, gatewayCallOf: { submit: "submit" }, expectedEffects }, path);
    },
  );
});

function to(reply: EventObject): string {
  return reply.type.includes("error") && !(reply as unknown as { error: RequestError }).error.status ? '"failed"' : '"refused"';
}

describe("early access form reset", () => {
  it("changes the form key only after a success", async () => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const actor = createActor(
      provideEarlyAccessMachine({ gateway: new ControlledEarlyAccess(calls), notifier: { notify: () => undefined } }),
    ).start();
    actor.send({ type: "SUBMIT", form: complete });
    calls.settle("submit", { output: { success: false, message: "" } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("refused"));
    expect(actor.getSnapshot().context.formKey).toBe(0);
    actor.send({ type: "SUBMIT", form: complete });
    calls.settle("submit", { output: { success: true, message: "ok" } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("succeeded"));
    expect(actor.getSnapshot().context.formKey).toBe(1);
  });
});
