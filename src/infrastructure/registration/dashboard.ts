import { DashboardSource } from "../../application/ports/deals";
import { Notifier } from "../../application/ports/notifications";
import { Clipboard } from "../../application/ports/platform";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { DashboardLogic, GoogleFlowLogic } from "../../application/services";
import { DataCache } from "../cache/dataCache";
import { CachedDashboardSource } from "../http/dashboardSource";
import { HttpClient } from "../http/httpClient";
import type { ServiceRegistry } from "../serviceRegistry";

/** The deals dashboard and its cached data. */
export function registerDashboard(services: ServiceRegistry): void {
  services.bind(DashboardSource, (s) => new CachedDashboardSource(s.get(DataCache), s.get(HttpClient)));
  // The machines' code comes with the dashboard page's (it imports them too), not with the landing page's script.
  services.bind(DashboardLogic, async (s) => {
    // The data cache's code, which the dashboard's first request waits for, is fetched beside them, not after.
    const [{ provideDashboardMachine }, { provideSyncFollowerMachine }] = await Promise.all([
      import("../../application/machines/dashboardMachine"),
      import("../../application/machines/syncFollowerMachine"),
      s.get(DataCache).load(),
    ]);
    return provideDashboardMachine({
      source: s.get(DashboardSource),
      clipboard: s.get(Clipboard),
      settings: s.get(SettingsGateway),
      notifier: s.get(Notifier),
      connectGmail: s.get(GoogleFlowLogic),
      syncProgress: provideSyncFollowerMachine({ gateway: s.get(GmailGateway), dealsChanged: () => void s.get(DashboardSource).invalidate() }),
    });
  });
}
