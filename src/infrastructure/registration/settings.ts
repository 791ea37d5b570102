import { DashboardSource } from "../../application/ports/deals";
import { Notifier } from "../../application/ports/notifications";
import { Navigation } from "../../application/ports/platform";
import { SessionStore } from "../../application/ports/session";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { AuthSession, EmailSettingsLogic, GoogleFlowLogic, SettingsPageLogic } from "../../application/services";
import { HttpClient } from "../http/httpClient";
import { HttpGmailGateway, HttpSettingsGateway } from "../http/settingsGateway";
import type { ServiceRegistry } from "../serviceRegistry";

/** The settings page: brands, the Gmail connection and its sync, the account, the emails. */
export function registerSettings(services: ServiceRegistry): void {
  services.bind(SettingsGateway, (s) => new HttpSettingsGateway(s.get(HttpClient)));
  services.bind(GmailGateway, (s) => new HttpGmailGateway(s.get(HttpClient)));
  // The card's adapter loads with its machine, so the landing page's script does not carry it.
  services.bind(EmailSettingsLogic, async (s) => {
    const [{ provideEmailSettingsMachine }, { HttpEmailSettingsGateway }] = await Promise.all([
      import("../../application/machines/emailSettingsMachine"),
      import("../http/emailSettingsGateway"),
    ]);
    return provideEmailSettingsMachine({ gateway: new HttpEmailSettingsGateway(s.get(HttpClient)), notifier: s.get(Notifier) });
  });
  // Its machines end the session after an account deletion, and make cached deals stale.
  services.bind(SettingsPageLogic, async (s) => {
    const { provideSettingsPageMachine } = await import("../../application/machines/settingsPageMachine");
    return provideSettingsPageMachine({
      settings: s.get(SettingsGateway),
      gmail: s.get(GmailGateway),
      notifier: s.get(Notifier),
      connectGmail: s.get(GoogleFlowLogic),
      dealsChanged: () => void s.get(DashboardSource).invalidate(),
      endSession: () => {
        s.get(SessionStore).clear();
        s.get(Navigation).navigate("/", { replace: true });
        s.get(AuthSession).send({ type: "SESSION_EXPIRED" });
      },
      userLoaded: (user) => s.get(AuthSession).send({ type: "USER_UPDATED", user }),
    });
  });
}
