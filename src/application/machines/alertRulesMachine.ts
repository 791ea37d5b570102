import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import type { AlertRule } from "../../domain/alertRules";
import { serverMessageOr } from "../errors";
import type { AlertRulesGateway, AlertRulesOverview } from "../ports/alertRules";

export const ALERT_RULES_MESSAGES = {
  loadFailed: "Could not load your alerts",
  saveFailed: "Your alerts could not be changed. Please try again.",
} as const;

export type AlertRulesEvent = { type: "RETRY" } | { type: "ADD"; rule: AlertRule } | { type: "REMOVE"; ruleId: string };

/** One change on its way: a rule to add, or the id of one to remove. */
type AlertRulesChange = { kind: "add"; rule: AlertRule } | { kind: "remove"; ruleId: string };

interface AlertRulesContext {
  overview: AlertRulesOverview | null;
  change: AlertRulesChange | null;
  loadError: string | null;
  /** Why the last change was refused, in the server's words when it gave them. */
  changeError: string | null;
}

/**
 * Settings' "Deal alerts" card: the person's rules, adding one and removing one. One change at a time (the buttons
 * wait while one is on its way); the server's answer is the list shown, and a refusal says why beside the form.
 */
export const alertRulesMachine = setup({
  types: { context: {} as AlertRulesContext, events: {} as AlertRulesEvent },
  actors: {
    load: fromPromise<AlertRulesOverview>(async () => {
      throw new Error("load is provided at the composition root");
    }),
    save: fromPromise<AlertRulesOverview, AlertRulesChange>(async () => {
      throw new Error("save is provided at the composition root");
    }),
  },
}).createMachine({
  id: "alertRules",
  context: { overview: null, change: null, loadError: null, changeError: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: assign({ overview: ({ event }) => event.output, loadError: null }) },
        onError: { target: "loadFailed", actions: assign({ loadError: ({ event }) => serverMessageOr(event.error, ALERT_RULES_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: { on: { RETRY: "loading" } },
    ready: {
      on: {
        ADD: { target: "saving", actions: assign({ change: ({ event }) => ({ kind: "add" as const, rule: event.rule }), changeError: null }) },
        REMOVE: { target: "saving", actions: assign({ change: ({ event }) => ({ kind: "remove" as const, ruleId: event.ruleId }), changeError: null }) },
      },
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => context.change!,
        onDone: { target: "ready", actions: assign({ overview: ({ event }) => event.output, change: null }) },
        onError: { target: "ready", actions: assign({ changeError: ({ event }) => serverMessageOr(event.error, ALERT_RULES_MESSAGES.saveFailed), change: null }) },
      },
    },
  },
});

export function provideAlertRulesMachine(ports: { gateway: AlertRulesGateway }) {
  // Silent: the card says itself what failed.
  return alertRulesMachine.provide({
    actors: {
      load: fromPromise(() => ports.gateway.rules({ silent: true })),
      save: fromPromise(({ input }) => (input.kind === "add" ? ports.gateway.add(input.rule, { silent: true }) : ports.gateway.remove(input.ruleId, { silent: true }))),
    },
  });
}

/** What the card shows, from the machine's state. */
export type AlertRulesView =
  | { kind: "loading" }
  | { kind: "failed"; error: string }
  | { kind: "ready"; overview: AlertRulesOverview; saving: boolean; error: string | null };

export function alertRulesViewOf(snapshot: SnapshotFrom<typeof alertRulesMachine>): AlertRulesView {
  const { overview, loadError, changeError } = snapshot.context;
  if (snapshot.matches("loadFailed")) return { kind: "failed", error: loadError ?? ALERT_RULES_MESSAGES.loadFailed };
  if (snapshot.matches("loading") || !overview) return { kind: "loading" };
  return { kind: "ready", overview, saving: snapshot.matches("saving"), error: changeError };
}
