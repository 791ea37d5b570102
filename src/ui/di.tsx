import { createContext, use, useContext, useMemo, type ReactNode } from "react";
import type { ServiceKey, ServiceResolver } from "../application/services";

const ContainerContext = createContext<ServiceResolver | null>(null);

/** Holds the composition root's container; views below resolve their services from it, never from a global. */
export function ContainerProvider({ container, children }: { container: ServiceResolver; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

function useContainer(): ServiceResolver {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("useService needs a ContainerProvider above it");
  return container;
}

export function useService<T>(key: ServiceKey<T>): T {
  const container = useContainer();
  return useMemo(() => container.get(key), [container, key]);
}

/**
 * Each container's answer for a service that loads on demand, kept: a suspended render keeps no state of its own, and
 * React's `use` must be handed the same promise again when it retries.
 */
const loading = new WeakMap<ServiceResolver, Map<ServiceKey<unknown>, Promise<unknown>>>();

/** The promise of a service whose code loads on demand, the same one at every render; `use` it to wait for it. */
export function useServicePromise<T>(key: ServiceKey<Promise<T>>): Promise<T> {
  const container = useContainer();
  let promises = loading.get(container);
  if (!promises) loading.set(container, (promises = new Map()));
  let promise = promises.get(key) as Promise<T> | undefined;
  // The container awaits the service's promise, so what it answers is the service itself.
  if (!promise) promises.set(key, (promise = container.getAsync(key) as Promise<unknown> as Promise<T>));
  return promise;
}

/** A service whose code loads on demand (a signed-in screen's machine): suspends until it is there. */
export function useLoadedService<T>(key: ServiceKey<Promise<T>>): T {
  return use(useServicePromise(key));
}
