import { inject, injectable } from "inversify";
import { ShownDealFields, type DealOwnFields } from "../../application/ports/dealDetails";
import type { Dashboard } from "../../domain/dashboard";
import { DataCache } from "./dataCache";
import { DASHBOARD_KEY } from "../http/dashboardSource";

/** Shows a deal's own fields (its status, its star) in the cached dashboard answer, which every view of it follows. */
@injectable()
export class CachedShownDealFields extends ShownDealFields {
  constructor(@inject(DataCache) private readonly cache: DataCache) {
    super();
  }

  show(dealId: string, fields: DealOwnFields): void {
    void this.cache.update<Dashboard>([DASHBOARD_KEY], (dashboard) => ({
      ...dashboard,
      deals: dashboard.deals.map((deal) => (deal.id === dealId ? { ...deal, ...fields } : deal)),
    }));
  }
}
