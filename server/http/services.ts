import type { ServerConfig } from "../config";
import type { AccountService } from "../application/account";
import type { BrandPages, BrandService } from "../application/brands";
import type { DealCorrections } from "../application/dealCorrections";
import type { DealDetailsService } from "../application/dealDetails";
import type { DashboardService } from "../application/dashboard";
import type { DataVersions } from "../application/dataVersions";
import type { ExtensionPackage, ExtensionService } from "../application/extension";
import type { SettingsService } from "../application/settings";
import type { SendersService } from "../application/senders";
import type { SessionService } from "../application/auth/sessions";
import type { GoogleSignInService } from "../application/auth/googleSignIn";
import type { SignOut } from "../application/auth/signOut";
import type { GmailLabelsService } from "../application/gmail/gmailLabels";
import type { MailboxService } from "../application/gmail/mailbox";
import type { ImageProxy } from "../application/images/imageProxy";
import type { EarlyAccessRepository } from "../application/repositories";
import type { EmailReports } from "../application/reports/reports";
import type { DealReminders } from "../application/reports/dealReminders";
import type { DealAlerts } from "../application/alerts/dealAlerts";
import type { EncodedJsonCache } from "./cachedJson";
import type { RateLimitCounter } from "./sharedRateLimit";

/**
 * The use cases the HTTP layer calls, one per area; composed in server/compose.ts. Route plugins are given it as their
 * options, and depend on it, never on app.ts or on each other.
 */
export interface AppServices {
  config: ServerConfig;
  sessions: SessionService;
  signIn: GoogleSignInService;
  signOut: SignOut;
  accounts: AccountService;
  mailbox: MailboxService;
  gmailLabels: GmailLabelsService;
  brands: BrandService;
  brandPages: BrandPages;
  /** "Your senders": what each brand's mail gives, and one-click unsubscribe. */
  senders: SendersService;
  dealDetails: DealDetailsService;
  /** A person's corrections of their deals and brands. */
  dealCorrections: DealCorrections;
  settings: SettingsService;
  /** A port used as it is: storing a request is the whole use case. */
  earlyAccess: EarlyAccessRepository;
  dashboard: DashboardService;
  dataVersions: DataVersions;
  dashboardCache: EncodedJsonCache;
  images: ImageProxy;
  /** The browser extension's pairing, its read-only sessions and its codes. */
  extension: ExtensionService;
  /** The built extension, zipped for download. */
  extensionPackage: ExtensionPackage;
  /** The weekly report, the reminders and the test report (sent by workers), and one-click unsubscribe. */
  reports: EmailReports;
  /** The stars on deals ("Remind me"). */
  dealReminders: DealReminders;
  /** The person's alert rules, and the alert emails (sent by workers). */
  alerts: DealAlerts;
  /** The rate limits' counts, per address and per account, shared by every API process (see sharedRateLimit.ts). */
  rateLimitCounter: RateLimitCounter;
  /** Resolves when the database answers a trivial query (GET /api/ready). */
  checkDatabase(): Promise<void>;
}
