import { injectable } from "inversify";
import { navigate } from "wouter/use-browser-location";
import { DashboardAddressBar, type HistoryStep } from "../../application/ports/dashboardAddress";
import { dashboardQuery, readDashboardAddress, type DashboardAddress } from "../../domain/dashboardAddress";

// wouter announces its own pushState and replaceState as events of these names; popstate is Back and Forward.
const ADDRESS_EVENTS = ["popstate", "pushState", "replaceState"] as const;

/** The dashboard's address in the page's URL, moved through wouter's history so routes re-render. */
@injectable()
export class BrowserDashboardAddressBar extends DashboardAddressBar {
  /** The query last written here, so that its own history events are not reported back as a change. */
  private written: string | null = null;

  read(): DashboardAddress {
    return readDashboardAddress(window.location.search);
  }

  write(address: DashboardAddress, step: HistoryStep): void {
    const query = dashboardQuery(address);
    this.written = query;
    navigate(query ? `${window.location.pathname}?${query}` : window.location.pathname, { replace: step === "replace" });
  }

  back(): void {
    window.history.back();
  }

  watch(onChange: (address: DashboardAddress) => void): () => void {
    const path = window.location.pathname;
    let seen = window.location.search;
    const check = () => {
      // Leaving the dashboard is the router's business, not a change of its view.
      if (window.location.pathname !== path || window.location.search === seen) return;
      seen = window.location.search;
      if (seen.replace(/^\?/u, "") === this.written) return;
      this.written = null;
      onChange(readDashboardAddress(seen));
    };
    for (const type of ADDRESS_EVENTS) window.addEventListener(type, check);
    return () => {
      for (const type of ADDRESS_EVENTS) window.removeEventListener(type, check);
    };
  }
}
