import { BrandPageGateway, DealDetailsGateway, ShownDealFields } from "../../application/ports/dealDetails";
import { DashboardSource } from "../../application/ports/deals";
import { Notifier } from "../../application/ports/notifications";
import { Clipboard } from "../../application/ports/platform";
import { SettingsGateway } from "../../application/ports/settings";
import { BrandPageLogic, DealDetailLogic, DealReminderLogic, DealStatusLogic } from "../../application/services";
import { DataCache } from "../cache/dataCache";
import { CachedShownDealFields } from "../cache/shownDealFields";
import { HttpBrandPageGateway, HttpDealDetailsGateway } from "../http/dealDetailsGateway";
import { HttpClient } from "../http/httpClient";
import type { ServiceRegistry } from "../serviceRegistry";

/** A deal's detail, the person's status of it and their reminders, and brand pages. */
export function registerDealsAndBrands(services: ServiceRegistry): void {
  services.bind(DealDetailsGateway, (s) => new HttpDealDetailsGateway(s.get(HttpClient)));
  services.bind(ShownDealFields, (s) => new CachedShownDealFields(s.get(DataCache)));
  services.bind(BrandPageGateway, (s) => new HttpBrandPageGateway(s.get(HttpClient)));
  services.bind(DealDetailLogic, async (s) => {
    const { provideDealDetailMachine } = await import("../../application/machines/dealDetailMachine");
    return provideDealDetailMachine({ gateway: s.get(DealDetailsGateway) });
  });
  services.bind(DealStatusLogic, async (s) => {
    const { provideDealStatusMachine } = await import("../../application/machines/dealStatusMachine");
    return provideDealStatusMachine({ gateway: s.get(DealDetailsGateway), shown: s.get(ShownDealFields), notifier: s.get(Notifier) });
  });
  // The stars' adapters load with their machine, so the landing page's script does not carry them.
  services.bind(DealReminderLogic, async (s) => {
    const [{ provideDealReminderMachine }, { HttpDealReminderGateway }] = await Promise.all([
      import("../../application/machines/dealReminderMachine"),
      import("../http/dealRemindersGateway"),
    ]);
    return provideDealReminderMachine({
      gateway: new HttpDealReminderGateway(s.get(HttpClient)),
      shown: s.get(ShownDealFields),
      notifier: s.get(Notifier),
    });
  });
  services.bind(BrandPageLogic, async (s) => {
    const { provideBrandPageMachine } = await import("../../application/machines/brandPageMachine");
    return provideBrandPageMachine({
      gateway: s.get(BrandPageGateway),
      settings: s.get(SettingsGateway),
      clipboard: s.get(Clipboard),
      notifier: s.get(Notifier),
      dealsChanged: () => void s.get(DashboardSource).invalidate(),
    });
  });
}
