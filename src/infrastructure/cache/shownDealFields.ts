import { ShownDealFields, type DealOwnFields } from "../../application/ports/dealDetails";
import type { Dashboard } from "../../domain/dashboard";
import type { DataCache } from "./dataCache";
import { DASHBOARD_KEY } from "../http/dashboardSource";

/** Shows a deal's own fields (its status, its star) in the cached dashboard answer, which every view of it follows. */
export class CachedShownDealFields extends ShownDealFields {
  constructor(private readonly cache: DataCache) {
    super();
  }

  show(dealId: string, fields: DealOwnFields): void {
    void this.cache.update<Dashboard>([DASHBOARD_KEY], (dashboard) => ({
      ...dashboard,
      deals: dashboard.deals.map((deal) => (deal.id === dealId ? { ...deal, ...fields } : deal)),
    }));
  }
}
