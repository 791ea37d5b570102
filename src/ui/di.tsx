import { createContext, use, useContext, useMemo, type ReactNode } from "react";
import type { ServiceKey, ServiceResolver } from "../application/services";

const ContainerContext = createContext<ServiceResolver | null>(null);

/** Holds the composition root's container; views below resolve their services from it, never from a global. */
export function ContainerProvider({ container, children }: { container: ServiceResolver; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useService<T>(key: ServiceKey<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("useService needs a ContainerProvider above it");
  return useMemo(() => container.get(key), [container, key]);
}

/** A service whose code loads on demand (a signed-in screen's machine): suspends until it is there. */
export function useLoadedService<T>(key: ServiceKey<Promise<T>>): T {
  return use(useService(key));
}
