import { provideBrandPageMachine } from "../../application/machines/brandPageMachine";
import { provideDealCorrectionMachine } from "../../application/machines/dealCorrectionMachine";
import { provideDealDetailMachine } from "../../application/machines/dealDetailMachine";
import { provideDealReminderMachine } from "../../application/machines/dealReminderMachine";
import { provideDealStatusMachine } from "../../application/machines/dealStatusMachine";
import { BrandPageGateway, DealDetailsGateway, ShownDealFields } from "../../application/ports/dealDetails";
import { DealCorrectionGateway } from "../../application/ports/dealCorrections";
import { DealReminderGateway } from "../../application/ports/dealReminders";
import { DashboardSource } from "../../application/ports/deals";
import { Notifier } from "../../application/ports/notifications";
import { Clipboard } from "../../application/ports/platform";
import { SettingsGateway } from "../../application/ports/settings";
import type { Services } from "./binding";

// The adapters only these machines use load in the same chunk.
export { CachedShownDealFields } from "../cache/shownDealFields";
export { HttpBrandPageGateway, HttpDealDetailsGateway } from "../http/dealDetailsGateway";
export { HttpDealCorrectionGateway } from "../http/dealCorrectionGateway";
export { HttpDealReminderGateway } from "../http/dealRemindersGateway";

/** A deal's detail dialog's machine wired to its port. */
export async function dealDetailLogic(s: Services) {
  return provideDealDetailMachine({ gateway: await s.getAsync(DealDetailsGateway) });
}

/** A person's corrections of a deal; each saved one makes the cached deals stale and fetches them again. */
export async function dealCorrectionLogic(s: Services) {
  const [gateway, deals] = await Promise.all([s.getAsync(DealCorrectionGateway), s.getAsync(DashboardSource)]);
  return provideDealCorrectionMachine({ gateway, notifier: s.get(Notifier), dealsChanged: () => void deals.invalidate() });
}

/** "Used it" and "Didn't work", with their undo, and the savings prompt; a recorded saving fetches the totals again. */
export async function dealStatusLogic(s: Services) {
  const [gateway, shown, deals] = await Promise.all([s.getAsync(DealDetailsGateway), s.getAsync(ShownDealFields), s.getAsync(DashboardSource)]);
  return provideDealStatusMachine({ gateway, shown, notifier: s.get(Notifier), dealsChanged: () => void deals.invalidate() });
}

/** The "Remind me" stars. */
export async function dealReminderLogic(s: Services) {
  const [gateway, shown] = await Promise.all([s.getAsync(DealReminderGateway), s.getAsync(ShownDealFields)]);
  return provideDealReminderMachine({ gateway, shown, notifier: s.get(Notifier) });
}

/** A brand's page, its switch and its codes; showing or hiding the brand makes cached deals stale. */
export async function brandPageLogic(s: Services) {
  const [gateway, settings, deals] = await Promise.all([s.getAsync(BrandPageGateway), s.getAsync(SettingsGateway), s.getAsync(DashboardSource)]);
  return provideBrandPageMachine({
    gateway,
    settings,
    clipboard: s.get(Clipboard),
    notifier: s.get(Notifier),
    dealsChanged: () => void deals.invalidate(),
  });
}
