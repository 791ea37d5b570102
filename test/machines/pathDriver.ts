import { createActor, type AnyActorLogic, type AnyStateMachine, type EventObject, type SnapshotFrom } from "xstate";
import { getSimplePaths } from "xstate/graph";
import { expect, vi } from "vitest";
import type { ControlledAuthGateway, EffectLog } from "./fakePorts";

/** Serializes a snapshot by its state value only, so growing context cannot blow up the path search. */
export const byValue = (snapshot: { value: unknown; status?: string }) => JSON.stringify(snapshot.value);

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;
const DELAYED_EVENT = /^xstate\.after\.([^.]+)\./;

/** A test event for "the actor finished with this output". */
export const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, output });
/** A test event for "the actor failed". */
export const failed = (actorId: string, error: unknown = new Error("boom")) => ({ type: `xstate.error.actor.${actorId}`, error });

export interface PathCase<TLogic extends AnyActorLogic> {
  /** The machine as the composition root wires it, here with fake ports. */
  logic: TLogic;
  input?: unknown;
  /** Which gateway call each invoked actor id makes; machines that invoke nothing leave both out. */
  gatewayCallOf?: Record<string, string>;
  gateway?: ControlledAuthGateway;
  /** How long each named delay of the machine lasts; numeric delays need no entry. */
  delays?: Record<string, number>;
  log: EffectLog;
  /** The side effects a step must cause, from the step's state before, its event and its state after. */
  expectedEffects: (from: string, event: EventObject, to: string) => string[];
  /** Further checks of the snapshot after every step, e.g. the message a view will show. */
  assertStep?: (snapshot: SnapshotFrom<AnyStateMachine>, event: EventObject) => void;
}

/**
 * Drives the real (provided) machine along one path found by getSimplePaths on the same machine: actor outcomes are
 * produced by settling the fake gateway's pending calls, delays by advancing fake timers. At every step the state
 * value and the side effects recorded by the fake ports are compared with what the path and the case expect.
 */
export async function drivePath<TLogic extends AnyStateMachine>(
  testCase: PathCase<TLogic>,
  path: ReturnType<typeof getSimplePaths<TLogic>>[number],
): Promise<void> {
  const actor = createActor(testCase.logic, { input: testCase.input } as never);
  actor.start();
  await flush();
  const [first, ...rest] = path.steps;
  expect(byValue(actor.getSnapshot())).toBe(byValue(first!.state));
  let from = byValue(first!.state);
  expect(testCase.log.takeNew()).toEqual(testCase.expectedEffects("", first!.event, from));
  testCase.assertStep?.(actor.getSnapshot(), first!.event);
  for (const step of rest) {
    await deliver(testCase, actor as never, step.event);
    const to = byValue(actor.getSnapshot() as SnapshotFrom<TLogic>);
    expect(to, `after ${step.event.type} from ${from}`).toBe(byValue(step.state));
    expect(testCase.log.takeNew(), `effects of ${step.event.type} from ${from}`).toEqual(
      testCase.expectedEffects(from, step.event, to),
    );
    testCase.assertStep?.(actor.getSnapshot(), step.event);
    from = to;
  }
  actor.stop();
}

async function deliver(
  testCase: PathCase<AnyActorLogic>,
  actor: { send: (event: EventObject) => void },
  event: EventObject & { output?: unknown; error?: unknown },
): Promise<void> {
  const actorEvent = ACTOR_EVENT.exec(event.type);
  const delayed = DELAYED_EVENT.exec(event.type);
  if (actorEvent) {
    const call = testCase.gatewayCallOf?.[actorEvent[2]!];
    if (!call || !testCase.gateway) throw new Error(`No gateway call for actor ${actorEvent[2]}`);
    testCase.gateway.settle(call, actorEvent[1] === "done" ? { output: event.output } : { error: event.error });
    await flush();
  } else if (delayed) {
    const delay = testCase.delays?.[delayed[1]!] ?? Number(delayed[1]);
    if (Number.isNaN(delay)) throw new Error(`No duration for the delay ${delayed[1]}`);
    await vi.advanceTimersByTimeAsync(delay);
  } else {
    actor.send(event);
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

/**
 * All simple paths of a machine, with its state serialized by value, or by a serializer that also tells apart what of
 * the context the paths must cover (a small set of values: the state space must stay finite).
 */
export function simplePathsOf<TLogic extends AnyStateMachine>(
  logic: TLogic,
  events: readonly EventObject[],
  input?: unknown,
  serializeState: (snapshot: SnapshotFrom<TLogic>) => string = byValue,
) {
  return getSimplePaths(logic, {
    events: events as never,
    input: input as never,
    serializeState: serializeState as never,
  });
}
