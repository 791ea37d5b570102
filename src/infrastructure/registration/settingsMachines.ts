import { provideAlertRulesMachine } from "../../application/machines/alertRulesMachine";
import { provideEmailSettingsMachine } from "../../application/machines/emailSettingsMachine";
import { provideSettingsPageMachine } from "../../application/machines/settingsPageMachine";
import { provideSendersMachine } from "../../application/machines/sendersMachine";
import { SendersGateway } from "../../application/ports/senders";
import { AlertRulesGateway } from "../../application/ports/alertRules";
import { DashboardSource } from "../../application/ports/deals";
import { EmailSettingsGateway } from "../../application/ports/emailSettings";
import { Notifier } from "../../application/ports/notifications";
import { Navigation } from "../../application/ports/platform";
import { SessionStore } from "../../application/ports/session";
import { GmailGateway, SettingsGateway } from "../../application/ports/settings";
import { AuthSession, GoogleFlowLogic } from "../../application/services";
import type { Services } from "./binding";

// The adapter only the Emails card uses loads in the same chunk.
export { HttpEmailSettingsGateway } from "../http/emailSettingsGateway";
export { HttpSendersGateway } from "../http/sendersGateway";

/** "Your senders" and a brand page's sender card, wired to their port. */
export async function sendersLogic(s: Services) {
  return provideSendersMachine({ gateway: await s.getAsync(SendersGateway), notifier: s.get(Notifier) });
}

// And the Deal alerts card's.
export { HttpAlertRulesGateway } from "../http/alertRulesGateway";

/** Settings' "Deal alerts" card's machine wired to its port. */
export async function alertRulesLogic(s: Services) {
  return provideAlertRulesMachine({ gateway: await s.getAsync(AlertRulesGateway) });
}

/** Settings' "Emails" card's machine wired to its ports. */
export async function emailSettingsLogic(s: Services) {
  return provideEmailSettingsMachine({ gateway: await s.getAsync(EmailSettingsGateway), notifier: s.get(Notifier) });
}

/** The settings page machine: it ends the session after an account deletion, and makes cached deals stale. */
export async function settingsPageLogic(s: Services) {
  const [settings, gmail, connectGmail, deals] = await Promise.all([
    s.getAsync(SettingsGateway),
    s.getAsync(GmailGateway),
    s.getAsync(GoogleFlowLogic),
    s.getAsync(DashboardSource),
  ]);
  return provideSettingsPageMachine({
    settings,
    gmail,
    notifier: s.get(Notifier),
    connectGmail,
    dealsChanged: () => void deals.invalidate(),
    // The session machine is told after this machine's own step: an action that drives another actor's assign at
    // once is refused by XState ("Custom actions should not call assign() directly"). The way home is taken in the
    // same step as the session ends, so that the home page's guard never sees a signed-in person there.
    endSession: () => {
      s.get(SessionStore).clear();
      queueMicrotask(() => {
        s.get(Navigation).navigate("/", { replace: true });
        s.get(AuthSession).send({ type: "SESSION_EXPIRED" });
      });
    },
    userLoaded: (user) => queueMicrotask(() => s.get(AuthSession).send({ type: "USER_UPDATED", user })),
  });
}
