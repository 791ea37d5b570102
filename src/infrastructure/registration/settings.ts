import { DashboardSource } from "../../application/ports/deals";
import { Notifier } from "../../application/ports/notifications";
import { Navigation } from "../../application/ports/platform";
import { SessionStore } from "../../application/ports/session";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { AuthSession, GoogleFlowLogic, SettingsPageLogic } from "../../application/services";
import { HttpClient } from "../http/httpClient";
import { HttpGmailGateway, HttpSettingsGateway } from "../http/settingsGateway";
import type { ServiceRegistry } from "../serviceRegistry";

/** The settings page: brands, the Gmail connection and its sync, the account. */
export function registerSettings(services: ServiceRegistry): void {
  services.bind(SettingsGateway, (s) => new HttpSettingsGateway(s.get(HttpClient)));
  services.bind(GmailGateway, (s) => new HttpGmailGateway(s.get(HttpClient)));
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
