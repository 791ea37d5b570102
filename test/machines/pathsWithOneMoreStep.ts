import { getNextSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from "xstate";
import { simplePathsOf } from "./pathDriver";

/**
 * Every simple path, and every simple path followed by one more event its last state accepts. A simple path never
 * returns to a state it visited, so transitions back (a refetch, a retry, a toggle settling) are only driven by the
 * extra step; with it every transition of every reachable state is taken at least once.
 */
export function pathsWithOneMoreStep<TLogic extends AnyStateMachine>(
  logic: TLogic,
  events: readonly EventObject[],
  input?: unknown,
  serializeState?: (snapshot: SnapshotFrom<TLogic>) => string,
) {
  const simple = simplePathsOf(logic, events, input, serializeState);
  const extended = simple.flatMap((path) =>
    events
      .filter((event) => (path.state as SnapshotFrom<AnyStateMachine>).can(event as never))
      .map((event) => {
        const next = getNextSnapshot(logic, path.state as never, event as never);
        return { ...path, state: next, steps: [...path.steps, { state: next, event }] } as typeof path;
      }),
  );
  return [...simple, ...extended];
}
