import { ContainerModule } from "inversify";
import { DashboardSource } from "../../application/ports/deals";
import { DashboardLogic } from "../../application/services";
import { DataCache } from "../cache/dataCache";
import { bindFactory, bindLoaded } from "./binding";

/** The deals dashboard and its cached data. */
export const dashboardModule = new ContainerModule(({ bind }) => {
  bindLoaded(bind, DashboardSource, () => import("../http/dashboardSource").then((module) => module.CachedDashboardSource));
  // The machines' wiring and code load with the dashboard page, not with the landing page's script; the data cache's
  // code, which the dashboard's first request waits for, is fetched beside them, not after.
  bindFactory(bind, DashboardLogic, (s) =>
    Promise.all([import("./dashboardMachines"), s.get(DataCache).load()]).then(([module]) => module.dashboardLogic(s)),
  );
});
