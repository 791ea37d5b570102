import { provideDashboardMachine } from "../../application/machines/dashboardMachine";
import { provideSyncFollowerMachine } from "../../application/machines/syncFollowerMachine";
import { DashboardAddressBar } from "../../application/ports/dashboardAddress";
import { DashboardSource } from "../../application/ports/deals";
import { Notifier } from "../../application/ports/notifications";
import { Clipboard } from "../../application/ports/platform";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { GoogleFlowLogic } from "../../application/services";
import type { Services } from "./binding";
import { registerServiceWorkerWhenIdle } from "../platform/serviceWorker";

/**
 * The dashboard machine wired to its ports; loaded with the dashboard page, which imports the machines too. The
 * dashboard is what opens offline, so its wiring also readies the service worker (after the page has loaded).
 */
export async function dashboardLogic(s: Services) {
  registerServiceWorkerWhenIdle();
  const [source, address, settings, gmail, connectGmail] = await Promise.all([
    s.getAsync(DashboardSource),
    s.getAsync(DashboardAddressBar),
    s.getAsync(SettingsGateway),
    s.getAsync(GmailGateway),
    s.getAsync(GoogleFlowLogic),
  ]);
  return provideDashboardMachine({
    source,
    address,
    clipboard: s.get(Clipboard),
    settings,
    notifier: s.get(Notifier),
    connectGmail,
    syncProgress: provideSyncFollowerMachine({ gateway: gmail, dealsChanged: () => void source.invalidate() }),
  });
}
