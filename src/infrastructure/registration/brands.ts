import { ContainerModule } from "inversify";
import { BrandPageGateway, DealDetailsGateway, ShownDealFields } from "../../application/ports/dealDetails";
import { DealCorrectionGateway } from "../../application/ports/dealCorrections";
import { DealReminderGateway } from "../../application/ports/dealReminders";
import { BrandPageLogic, DealCorrectionLogic, DealDetailLogic, DealReminderLogic, DealStatusLogic } from "../../application/services";
import { bindFactory, bindLoaded } from "./binding";

const machines = () => import("./brandsMachines");

/** A deal's detail, the person's status of it, their reminders and corrections, and brand pages. */
export const dealsAndBrandsModule = new ContainerModule(({ bind }) => {
  // Only these screens' machines use these ports, so their adapters (and their codecs) load with the machines.
  bindLoaded(bind, DealDetailsGateway, () => machines().then((module) => module.HttpDealDetailsGateway));
  bindLoaded(bind, BrandPageGateway, () => machines().then((module) => module.HttpBrandPageGateway));
  bindLoaded(bind, ShownDealFields, () => machines().then((module) => module.CachedShownDealFields));
  bindLoaded(bind, DealReminderGateway, () => machines().then((module) => module.HttpDealReminderGateway));
  bindLoaded(bind, DealCorrectionGateway, () => machines().then((module) => module.HttpDealCorrectionGateway));
  bindFactory(bind, DealCorrectionLogic, (s) => machines().then((module) => module.dealCorrectionLogic(s)));
  bindFactory(bind, DealDetailLogic, (s) => machines().then((module) => module.dealDetailLogic(s)));
  bindFactory(bind, DealStatusLogic, (s) => machines().then((module) => module.dealStatusLogic(s)));
  bindFactory(bind, DealReminderLogic, (s) => machines().then((module) => module.dealReminderLogic(s)));
  bindFactory(bind, BrandPageLogic, (s) => machines().then((module) => module.brandPageLogic(s)));
});
