import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Container, ServiceIdentifier } from "inversify";

const ContainerContext = createContext<Container | null>(null);

/** Holds the composition root's container; views below resolve their services from it, never from a global. */
export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useService<T>(id: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("useService needs a ContainerProvider above it");
  return useMemo(() => container.get<T>(id), [container, id]);
}
