import type { AuthActor } from "./machines/authMachine";
import type { OAuthCallback } from "./machines/oauthCallbackMachine";
import type { provideEarlyAccessMachine } from "./machines/earlyAccessMachine";
import type { provideDashboardMachine } from "./machines/dashboardMachine";
import type { ProvidedGoogleFlowMachine } from "./machines/googleFlowMachine";
import type { provideSettingsPageMachine } from "./machines/settingsPageMachine";
import type { ProvidedDealCorrectionMachine } from "./machines/dealCorrectionMachine";
import type { ProvidedDealDetailMachine } from "./machines/dealDetailMachine";
import type { ProvidedDealStatusMachine } from "./machines/dealStatusMachine";
import type { ProvidedDealReminderMachine } from "./machines/dealReminderMachine";
import type { provideBrandPageMachine } from "./machines/brandPageMachine";
import type { provideExtensionPairingMachine } from "./machines/extensionPairingMachine";
import type { provideExtensionSessionsMachine } from "./machines/extensionSessionsMachine";
import type { provideSendersMachine } from "./machines/sendersMachine";
import type { provideEmailSettingsMachine } from "./machines/emailSettingsMachine";
import type { provideAlertRulesMachine } from "./machines/alertRulesMachine";

declare const serviceType: unique symbol;

/**
 * Names a service that has no class of its own to name it: a symbol, as the container takes it, that carries the
 * service's type so that a token and what it resolves to cannot disagree.
 */
export type ServiceToken<T> = symbol & { readonly [serviceType]?: T };

export function serviceToken<T>(description: string): ServiceToken<T> {
  return Symbol(description) as ServiceToken<T>;
}

/** A service is asked for by its port (an abstract class, or any class) or by a typed token. */
export type ServiceKey<T> = ServiceToken<T> | (abstract new (...args: never[]) => T);

/** What views and composition code resolve services from (the container, seen through our typed keys). */
export interface ServiceResolver {
  get<T>(key: ServiceKey<T>): T;
  /** A service whose making waits for code that loads on demand. */
  getAsync<T>(key: ServiceKey<T>): Promise<T>;
}

/** The running auth machine, shared by the whole app. */
export const AuthSession = serviceToken<AuthActor>("AuthSession");

/** Each visit of /oauth-callback starts one machine from this; its code loads with the page. */
export const OAuthCallbackLogic = serviceToken<Promise<OAuthCallback>>("OAuthCallbackLogic");

/** The early-access form machine wired to its ports. */
export const EarlyAccessLogic = serviceToken<ReturnType<typeof provideEarlyAccessMachine>>("EarlyAccessLogic");

// The signed-in screens' machines are resolved as promises: their code loads with the lazily loaded page that runs
// them (useLoadedService), so that the landing page's script does not carry it.

/** The dashboard machine wired to its ports; each visit of /dashboard starts one from it. */
export const DashboardLogic = serviceToken<Promise<ReturnType<typeof provideDashboardMachine>>>("DashboardLogic");

/** "Continue with Google" and "Connect Gmail": each button runs one machine from this, its flow given as input. */
export const GoogleFlowLogic = serviceToken<Promise<ProvidedGoogleFlowMachine>>("GoogleFlowLogic");

/** The settings page machine wired to its ports; each visit of /settings starts one from it. */
export const SettingsPageLogic = serviceToken<Promise<ReturnType<typeof provideSettingsPageMachine>>>("SettingsPageLogic");

/** The /extension page's machine wired to its ports; each visit starts one from it. */
export const ExtensionPairingLogic = serviceToken<Promise<ReturnType<typeof provideExtensionPairingMachine>>>("ExtensionPairingLogic");

/** Settings' "Browser extension" card's machine wired to its ports. */
export const ExtensionSessionsLogic = serviceToken<Promise<ReturnType<typeof provideExtensionSessionsMachine>>>("ExtensionSessionsLogic");

/** "Your senders" in Settings and a brand page's sender card: each starts one machine from this, its brand as input. */
export const SendersLogic = serviceToken<Promise<ReturnType<typeof provideSendersMachine>>>("SendersLogic");

/** Settings' "Emails" card's machine wired to its ports: the weekly report, the reminders, the test report. */
export const EmailSettingsLogic = serviceToken<Promise<ReturnType<typeof provideEmailSettingsMachine>>>("EmailSettingsLogic");

/** Settings' "Deal alerts" card's machine wired to its port: the person's alert rules. */
export const AlertRulesLogic = serviceToken<Promise<ReturnType<typeof provideAlertRulesMachine>>>("AlertRulesLogic");

/** A deal's detail dialog; each page that opens details starts one machine from this. */
export const DealDetailLogic = serviceToken<Promise<ProvidedDealDetailMachine>>("DealDetailLogic");

/** A person's corrections of the deal open in Details; each page that opens details starts one machine from this. */
export const DealCorrectionLogic = serviceToken<Promise<ProvidedDealCorrectionMachine>>("DealCorrectionLogic");

/** "Used it" and "Didn't work", with their undo; each page that marks deals starts one machine from this. */
export const DealStatusLogic = serviceToken<Promise<ProvidedDealStatusMachine>>("DealStatusLogic");

/** "Remind me" stars on deals that end; each page that shows them starts one machine from this. */
export const DealReminderLogic = serviceToken<Promise<ProvidedDealReminderMachine>>("DealReminderLogic");

/** The brand page machine wired to its ports; each visit of /brands/:id starts one from it. */
export const BrandPageLogic = serviceToken<Promise<ReturnType<typeof provideBrandPageMachine>>>("BrandPageLogic");
