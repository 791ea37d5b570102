import { ContainerModule } from "inversify";
import { AlertRulesGateway } from "../../application/ports/alertRules";
import { EmailSettingsGateway } from "../../application/ports/emailSettings";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { SendersGateway } from "../../application/ports/senders";
import { AlertRulesLogic, EmailSettingsLogic, SendersLogic, SettingsPageLogic } from "../../application/services";
import { bindFactory, bindLoaded } from "./binding";

const machines = () => import("./settingsMachines");

/** The settings page: brands, the Gmail connection and its sync, the account, the emails. */
export const settingsModule = new ContainerModule(({ bind }) => {
  // Only signed-in screens use these, so their code (and their codecs) load with those screens' machines.
  bindLoaded(bind, SettingsGateway, () => import("../http/settingsGateway").then((module) => module.HttpSettingsGateway));
  bindLoaded(bind, GmailGateway, () => import("../http/settingsGateway").then((module) => module.HttpGmailGateway));
  bindLoaded(bind, EmailSettingsGateway, () => machines().then((module) => module.HttpEmailSettingsGateway));
  bindFactory(bind, EmailSettingsLogic, (s) => machines().then((module) => module.emailSettingsLogic(s)));
  bindLoaded(bind, SendersGateway, () => machines().then((module) => module.HttpSendersGateway));
  bindFactory(bind, SendersLogic, (s) => machines().then((module) => module.sendersLogic(s)));
  bindFactory(bind, SettingsPageLogic, (s) => machines().then((module) => module.settingsPageLogic(s)));
  bindLoaded(bind, AlertRulesGateway, () => machines().then((module) => module.HttpAlertRulesGateway));
  bindFactory(bind, AlertRulesLogic, (s) => machines().then((module) => module.alertRulesLogic(s)));
});
