import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import { SENDERS_MESSAGES, provideSendersMachine, sendersMachine, sendersViewOf } from "../../src/application/machines/sendersMachine";
import { RequestError } from "../../src/application/errors";
import { SendersGateway, type Sender } from "../../src/application/ports/senders";
import { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { recordingNotifier } from "./settingsFakes";
import { done, drivePath, failed } from "./pathDriver";
import { pathsWithOneMoreStep } from "./pathsWithOneMoreStep";

class ControlledSendersGateway extends SendersGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  list(): Promise<Sender[]> {
    return this.calls.call("list");
  }
  ofBrand(brandId: string): Promise<Sender> {
    return this.calls.call("ofBrand", ` ${brandId}`);
  }
  unsubscribe(senderId: string): Promise<Sender> {
    return this.calls.call("unsubscribe", ` ${senderId}`);
  }
}

const sender = (id: string, name: string, mailsPerWeek: number, unsubscribe: Sender["unsubscribe"]): Sender => ({
  id,
  brandId: `brand-of-${id}`,
  name,
  domain: `${id}.example`,
  mails: mailsPerWeek * 4,
  mailsPerWeek,
  dealsFound: 1,
  dealsUsed: 0,
  saved: [],
  unsubscribe,
  unsubscribedAt: null,
});
/** A sender whose mail never gave a deal: no brand, so the machine names it by its own id. */
const ONE_CLICK: Sender = { ...sender("quill", "Quillfern", 2, { kind: "one-click" }), brandId: null, dealsFound: 0 };
const MAILTO = sender("zinnia", "Zinnia Goods", 5, { kind: "mailto", url: "mailto:leave@zinnia.example" });
const LEFT: Sender = { ...ONE_CLICK, unsubscribedAt: "2026-11-27T09:00:00.000Z" };

describe.each([
  {
    name: "the server says why",
    error: new RequestError(422, "unsubscribe_address_refused", "Refused", "We did not contact this sender."),
    loadMessage: "We did not contact this sender.",
    unsubscribeMessage: "We did not contact this sender.",
  },
  {
    name: "no answer",
    error: new RequestError(null, "network_error", "Network error occurred"),
    loadMessage: SENDERS_MESSAGES.loadFailed,
    unsubscribeMessage: SENDERS_MESSAGES.unsubscribeFailed,
  },
])("senders machine, when a call fails with $name: every simple path", ({ error, loadMessage, unsubscribeMessage }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events: EventObject[] = [
    { type: "RETRY" },
    { type: "SORT", sort: "mailsPerWeek" } as EventObject,
    { type: "UNSUBSCRIBE", senderId: ONE_CLICK.id } as EventObject,
    // A mailto: sender has no one-click: the machine does not ask.
    { type: "UNSUBSCRIBE", senderId: MAILTO.id } as EventObject,
    { type: "CANCEL" },
    { type: "CONFIRM" },
    done("list", [ONE_CLICK, MAILTO]),
    failed("list", error),
    done("unsubscribe", LEFT),
    failed("unsubscribe", error),
  ];
  const input = { brandId: null };
  const paths = pathsWithOneMoreStep(sendersMachine, events, input);

  function expectedEffects(_from: string, event: EventObject, to: string): string[] {
    if (to === '"loading"') return ["call list"];
    if (event.type === "CONFIRM") return [`call unsubscribe ${ONE_CLICK.id}`];
    if (event.type === "xstate.done.actor.unsubscribe") return [`toast ${SENDERS_MESSAGES.unsubscribedTitle}: Quillfern was asked to stop sending you mail.`];
    return [];
  }

  it("reaches every state, and unsubscribes only a one-click sender, only after a confirmation", () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"loading"', '"loadFailed"', '"ready"', '"confirming"', '"unsubscribing"', '"unsubscribeFailed"']),
    );
    for (const path of paths) {
      const steps = path.steps.map((step) => step.event as EventObject & { senderId?: string });
      if (steps.some((step) => step.type === "CONFIRM")) {
        expect(steps.findIndex((step) => step.type === "CONFIRM")).toBeGreaterThan(steps.findIndex((step) => step.senderId === ONE_CLICK.id));
      }
    }
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > "), path] as const))("%s", async (_name, path) => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideSendersMachine({ gateway: new ControlledSendersGateway(calls), notifier: recordingNotifier(log) });
    let left = false;
    let sorted = false;
    await drivePath(
      {
        logic,
        input,
        gateway: calls,
        log,
        gatewayCallOf: { list: "list", unsubscribe: "unsubscribe" },
        expectedEffects,
        assertStep: (snapshot, event) => {
          left ||= event.type === "xstate.done.actor.unsubscribe";
          sorted ||= event.type === "SORT";
          const view = sendersViewOf(snapshot as never);
          if (snapshot.matches("loading")) expect(view).toEqual({ kind: "loading" });
          else if (snapshot.matches("loadFailed")) expect(view).toEqual({ kind: "failed", error: loadMessage });
          else if (view.kind === "ready") {
            const quill = left ? LEFT : ONE_CLICK;
            // Money saved (none here) ties, so by name; mails a week puts Zinnia Goods (5) first.
            expect(view.senders).toEqual(sorted ? [MAILTO, quill] : [MAILTO, quill].sort((a, b) => a.name.localeCompare(b.name)));
            const pending = snapshot.matches("confirming") || snapshot.matches("unsubscribing") || snapshot.matches("unsubscribeFailed");
            expect(view.confirming).toEqual(
              pending
                ? { sender: quill, unsubscribing: snapshot.matches("unsubscribing"), error: snapshot.matches("unsubscribeFailed") ? unsubscribeMessage : null }
                : null,
            );
          } else throw new Error(`unexpected view ${view.kind}`);
        },
      },
      path,
    );
  });
});

describe("senders machine on a brand page (input: the brand)", () => {
  it("loads the brand's sender, and unsubscribes it by the sender's own id", async () => {
    const log = new EffectLog();
    const calls = new ControlledAuthGateway(log);
    const logic = provideSendersMachine({ gateway: new ControlledSendersGateway(calls), notifier: recordingNotifier(log) });
    const brandSender = sender("cobble", "Cobblestone", 4, { kind: "one-click" });
    const actor = createActor(logic, { input: { brandId: brandSender.brandId } }).start();
    expect(log.takeNew()).toEqual([`call ofBrand ${brandSender.brandId}`]);
    calls.settle("ofBrand", { output: brandSender });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    expect(sendersViewOf(actor.getSnapshot())).toMatchObject({ kind: "ready", senders: [brandSender] });
    actor.send({ type: "UNSUBSCRIBE", senderId: brandSender.id });
    actor.send({ type: "CONFIRM" });
    expect(log.takeNew()).toEqual([`call unsubscribe ${brandSender.id}`]);
    actor.stop();
  });
});
