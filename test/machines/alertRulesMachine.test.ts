import { describe, expect, it } from "vitest";
import { createActor, waitFor, type EventObject } from "xstate";
import { RequestError } from "../../src/application/errors";
import { ALERT_RULES_MESSAGES, alertRulesMachine, alertRulesViewOf, provideAlertRulesMachine } from "../../src/application/machines/alertRulesMachine";
import { AlertRulesGateway, type AlertRulesOverview } from "../../src/application/ports/alertRules";
import type { AlertRule } from "../../src/domain/alertRules";
import { done, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

const EMPTY: AlertRulesOverview = { rules: [], maxRules: 10, brands: ["Nike"] };
const ONE: AlertRulesOverview = { ...EMPTY, rules: [{ id: "r1", kind: "code", brand: "Nike" }] };
const CODE_FROM_NIKE: AlertRule = { kind: "code", brand: "Nike" };

/** The rules as a fake server: answers from a queue of outcomes, and records each call. */
class ScriptedAlertRulesGateway extends AlertRulesGateway {
  readonly calls: string[] = [];
  constructor(private readonly outcomes: (AlertRulesOverview | Error)[]) {
    super();
  }
  private next(call: string): Promise<AlertRulesOverview> {
    this.calls.push(call);
    const outcome = this.outcomes.shift();
    if (!outcome) throw new Error(`No outcome scripted for ${call}`);
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
  }
  rules() {
    return this.next("rules");
  }
  add(rule: AlertRule) {
    return this.next(`add ${JSON.stringify(rule)}`);
  }
  remove(ruleId: string) {
    return this.next(`remove ${ruleId}`);
  }
}

describe("alert rules machine", () => {
  it("reaches every state by its events, and changes only from ready", () => {
    const events: EventObject[] = [
      { type: "RETRY" },
      { type: "ADD", rule: CODE_FROM_NIKE } as EventObject,
      { type: "REMOVE", ruleId: "r1" } as EventObject,
      done("load", EMPTY),
      failed("load", new Error("down")),
      done("save", ONE),
      failed("save", new Error("down")),
    ];
    const paths = pathsWithOneMoreStep(alertRulesMachine, events);
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(new Set(['"loading"', '"loadFailed"', '"ready"', '"saving"']));
    for (const path of paths) {
      for (const [index, step] of path.steps.entries()) {
        if (step.event.type === "ADD" || step.event.type === "REMOVE") expect(path.steps[index - 1]?.state.value ?? "loading").toBe("ready");
      }
    }
  });

  it("loads, adds, removes, and shows the server's refusal beside the form", async () => {
    const refusal = new RequestError(409, "alert_rule_duplicate", "Conflict", "You already have that alert.");
    const gateway = new ScriptedAlertRulesGateway([EMPTY, ONE, refusal, EMPTY]);
    const actor = createActor(provideAlertRulesMachine({ gateway })).start();
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(alertRulesViewOf(actor.getSnapshot())).toEqual({ kind: "ready", overview: EMPTY, saving: false, error: null });

    actor.send({ type: "ADD", rule: CODE_FROM_NIKE });
    expect(alertRulesViewOf(actor.getSnapshot())).toMatchObject({ kind: "ready", saving: true });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(alertRulesViewOf(actor.getSnapshot())).toEqual({ kind: "ready", overview: ONE, saving: false, error: null });

    actor.send({ type: "ADD", rule: CODE_FROM_NIKE });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(alertRulesViewOf(actor.getSnapshot())).toEqual({ kind: "ready", overview: ONE, saving: false, error: "You already have that alert." });

    actor.send({ type: "REMOVE", ruleId: "r1" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready") && snapshot.context.change === null);
    expect(alertRulesViewOf(actor.getSnapshot())).toEqual({ kind: "ready", overview: EMPTY, saving: false, error: null });
    expect(gateway.calls).toEqual(["rules", `add ${JSON.stringify(CODE_FROM_NIKE)}`, `add ${JSON.stringify(CODE_FROM_NIKE)}`, "remove r1"]);
    actor.stop();
  });

  it("says a load failed without an answer in its own words, and tries again", async () => {
    const gateway = new ScriptedAlertRulesGateway([new RequestError(null, "network_error", "Network error occurred"), EMPTY]);
    const actor = createActor(provideAlertRulesMachine({ gateway })).start();
    await waitFor(actor, (snapshot) => snapshot.matches("loadFailed"));
    expect(alertRulesViewOf(actor.getSnapshot())).toEqual({ kind: "failed", error: ALERT_RULES_MESSAGES.loadFailed });
    actor.send({ type: "RETRY" });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(gateway.calls).toEqual(["rules", "rules"]);
    actor.stop();
  });
});
