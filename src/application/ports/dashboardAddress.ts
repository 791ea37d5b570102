import type { DashboardAddress } from "../../domain/dashboardAddress";

/** How a change of the view enters the browser's history: a step of its own that Back undoes, or the current step changed. */
export type HistoryStep = "push" | "replace";

/**
 * The dashboard's address in the browser (docs/product.md, "The dashboard's address"): read at the start of a visit,
 * written as the person changes the view, and followed when Back, Forward or a link changes it.
 */
export abstract class DashboardAddressBar {
  abstract read(): DashboardAddress;
  abstract write(address: DashboardAddress, step: HistoryStep): void;
  /** One step back in the browser's history (closing Details opened here leaves the step they added). */
  abstract back(): void;
  /** Calls back with the new address when something other than `write` changed it; answers the way to stop. */
  abstract watch(onChange: (address: DashboardAddress) => void): () => void;
}
