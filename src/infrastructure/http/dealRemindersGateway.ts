import { DealReminderGateway, ShownDealReminders } from "../../application/ports/dealReminders";
import type { CallOptions } from "../../application/ports/settings";
import type { Dashboard } from "../../domain/dashboard";
import { ReminderAnswerCodec } from "../../contract";
import type { DataCache } from "../cache/dataCache";
import { DASHBOARD_KEY } from "./dashboardSource";
import type { HttpClient } from "./httpClient";

export class HttpDealReminderGateway extends DealReminderGateway {
  constructor(private readonly http: HttpClient) {
    super();
  }

  async setReminder(dealId: string, remind: boolean, options: CallOptions = {}): Promise<boolean> {
    const answer = await this.http.request("PUT", `/deals/${encodeURIComponent(dealId)}/reminder`, ReminderAnswerCodec, { ...options, body: { remind } });
    return answer.remind;
  }
}

/** Shows a star in the cached dashboard answer, which every view of the dashboard follows. */
export class CachedShownDealReminders extends ShownDealReminders {
  constructor(private readonly cache: DataCache) {
    super();
  }

  show(dealId: string, remind: boolean): void {
    void this.cache.update<Dashboard>([DASHBOARD_KEY], (dashboard) => ({
      ...dashboard,
      deals: dashboard.deals.map((deal) => (deal.id === dealId ? { ...deal, remind } : deal)),
    }));
  }
}
