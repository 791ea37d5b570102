import { ContainerModule } from "inversify";
import { DashboardAddressBar } from "../../application/ports/dashboardAddress";
import { DashboardSource } from "../../application/ports/deals";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { DashboardLogic, GoogleFlowLogic } from "../../application/services";
import { DataCache } from "../cache/dataCache";
import { bindFactory, bindLoaded } from "./binding";
import { OFFLINE_STATE } from "../../application/offlineStateKey";
import type { CachedDashboardSource } from "../http/dashboardSource";

/** The deals dashboard and its cached data. */
export const dashboardModule = new ContainerModule(({ bind }) => {
  bindLoaded(bind, DashboardSource, () => import("../http/dashboardSource").then((module) => module.CachedDashboardSource));
  // Whether the dashboard shown is the copy kept for offline reading: its source knows, and loads with the dashboard.
  bindFactory(bind, OFFLINE_STATE, (s) => s.getAsync(DashboardSource).then((source) => (source as CachedDashboardSource).offline));
  bindLoaded(bind, DashboardAddressBar, () => import("../platform/dashboardAddressBar").then((module) => module.BrowserDashboardAddressBar));
  // The machines' wiring and code load with the dashboard page, not with the landing page's script. What the
  // dashboard's first request waits for (the data cache's code, the adapters' and the Google flow's) is fetched beside
  // them, not after: the wiring then finds those services made.
  bindFactory(bind, DashboardLogic, (s) =>
    Promise.all([
      import("./dashboardMachines"),
      s.get(DataCache).load(),
      s.getAsync(DashboardSource),
      s.getAsync(DashboardAddressBar),
      s.getAsync(SettingsGateway),
      s.getAsync(GmailGateway),
      s.getAsync(GoogleFlowLogic),
    ]).then(([module]) => module.dashboardLogic(s)),
  );
});
