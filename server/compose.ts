import { fileURLToPath } from "node:url";
import type { ServerConfig } from "./config";
import { systemClock, type Clock } from "./application/ports";
import { SessionService } from "./application/auth/sessions";
import { GoogleSignInService } from "./application/auth/googleSignIn";
import { GmailConnection } from "./application/gmail/gmailConnection";
import { SyncEngine } from "./application/gmail/syncEngine";
import { DashboardService } from "./application/dashboard";
import { ImageLinks } from "./application/images/imageLinks";
import { ImageProxy } from "./application/images/imageProxy";
import { openDatabase, type Database } from "./infrastructure/db/database";
import { migrate } from "./infrastructure/db/migrate";
import { SqlUsersRepository } from "./infrastructure/db/usersRepository";
import { SqlSessionsRepository } from "./infrastructure/db/sessionsRepository";
import { SqlOAuthStatesRepository } from "./infrastructure/db/oauthStatesRepository";
import { SqlLoginCodesRepository } from "./infrastructure/db/loginCodesRepository";
import { SqlGmailGrantsRepository } from "./infrastructure/db/gmailGrantsRepository";
import { SqlSyncRepository } from "./infrastructure/db/syncRepository";
import { SqlDealsRepository } from "./infrastructure/db/dealsRepository";
import { SqlBrandsRepository } from "./infrastructure/db/brandsRepository";
import { SqlEarlyAccessRepository } from "./infrastructure/db/earlyAccessRepository";
import { SqlPreferencesRepository } from "./infrastructure/db/preferencesRepository";
import { GmailLabelsService } from "./application/gmail/gmailLabels";
import { BackgroundSync, SyncSchedule } from "./application/gmail/backgroundSync";
import { Housekeeping } from "./application/housekeeping";
import { SqlHousekeepingRepository } from "./infrastructure/db/housekeepingRepository";
import { DataVersions } from "./application/dataVersions";
import { EncodedJsonCache } from "./http/cachedJson";
import { GoogleOAuthHttp } from "./infrastructure/google/googleOAuthHttp";
import { GmailHttp } from "./infrastructure/google/gmailHttp";
import { SecretBox } from "./infrastructure/security/secretBox";
import { makeDataFolderPrivate } from "./infrastructure/security/privateFolder";
import { ExtractionPool } from "./infrastructure/workerThreads/extractionPool";
import { HttpImageFetcher } from "./infrastructure/images/httpImageFetcher";
import { buildApp } from "./http/app";
import type { AppServices } from "./http/services";
import { AccountService } from "./application/account";
import { BrandPages, BrandService } from "./application/brands";
import { DealDetailsService, emulatorMessageLink, gmailMessageLink } from "./application/dealDetails";
import { SqlBrandPagesRepository, SqlDealDetailsRepository } from "./infrastructure/db/dealDetailsRepository";
import { SettingsService } from "./application/settings";
import { MailboxService } from "./application/gmail/mailbox";
import type { SyncRepository, UsersRepository } from "./application/repositories";
import { gracefulCloser } from "./http/gracefulClose";
import { ExtensionService } from "./application/extension";
import { SqlExtensionSessionsRepository } from "./infrastructure/db/extensionSessionsRepository";
import { SqlExtensionDealsRepository } from "./infrastructure/db/extensionDealsRepository";
import { ZippedExtensionFolder } from "./infrastructure/extensionZip";

/** Where `npm run build:extension` writes the unpacked browser extension. */
const EXTENSION_BUILD_DIR = fileURLToPath(new URL("../extension/dist", import.meta.url));
/** Memory for proxied images and refusals, in all. */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface ComposedServer {
  /** The use cases, and the two repositories tests and benchmarks read state through. */
  services: AppServices & { users: UsersRepository; syncState: SyncRepository };
  db: Database;
  extraction: ExtractionPool;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Stops background work and closes the HTTP server and the database. */
  close(): Promise<void>;
}

/** The composition root: adapters built from configuration and handed to the use cases. */
export async function composeServer(
  config: ServerConfig,
  options: { clock?: Clock; logger?: boolean; checkReplies?: boolean; log?: (message: string, detail?: unknown) => void } = {},
): Promise<ComposedServer> {
  const clock = options.clock ?? systemClock;
  const loosened = makeDataFolderPrivate(config.dataDir);
  if (loosened.length > 0) {
    options.log?.(`DATA_DIR was open to other users: made ${loosened.length} of its folders and files private (0700 folders, 0600 files).`);
  }
  const db = await openDatabase(config.database);
  // The embedded database creates its folders open to all on first use.
  makeDataFolderPrivate(config.dataDir);
  await migrate(db);

  const users = new SqlUsersRepository(db);
  const syncState = new SqlSyncRepository(db);
  const google = new GoogleOAuthHttp(
    config.google.clientId,
    config.google.clientSecret,
    `${config.publicUrl}/api/google-signin/callback`,
    config.google.endpoints,
    clock,
  );
  const sessions = new SessionService(new SqlSessionsRepository(db), users, config.sessionSigningKey, clock, config.accessTokenTtlSeconds, config.refreshTokenTtlDays);
  const gmailConnection = new GmailConnection(new SqlGmailGrantsRepository(db), google, new SecretBox(config.encryptionKey), clock);
  const dataVersions = new DataVersions();
  // Each thread reads the optional language model (LLM_BASE_URL and LLM_MODEL) from the environment.
  const extraction = new ExtractionPool(config.extractionThreads, config.extractionTimeLimitMs);
  const gmailApi = new GmailHttp(config.google.endpoints.gmailApi, config.sync);
  const sync = new SyncEngine(
    syncState,
    gmailApi,
    gmailConnection,
    (raw, extractionOptions) => extraction.extract(raw, extractionOptions),
    clock,
    {
      fetchConcurrency: config.sync.fetchConcurrency,
      commitBatchSize: config.sync.commitBatchSize,
      commitDelayMs: config.sync.commitDelayMs,
      onUserDataChanged: (userId) => dataVersions.bump(userId),
    },
    options.log,
  );
  const signIn = new GoogleSignInService(google, users, new SqlOAuthStatesRepository(db), new SqlLoginCodesRepository(db), sessions, gmailConnection, sync, clock);
  const imageLinks = new ImageLinks(config.sessionSigningKey);
  const dashboard = new DashboardService(new SqlDealsRepository(db), clock, imageLinks);

  const preferences = new SqlPreferencesRepository(db);
  const brands = new SqlBrandsRepository(db);
  const gmailLabels = new GmailLabelsService(gmailApi, gmailConnection, syncState);
  const services: ComposedServer["services"] = {
    config,
    users,
    syncState,
    sessions,
    signIn,
    accounts: new AccountService(users, sessions, gmailConnection, sync, dataVersions, options.log),
    mailbox: new MailboxService(sync, syncState, gmailLabels, gmailConnection, new SyncSchedule(preferences, config.sync.backgroundIntervalMinutes)),
    gmailLabels,
    brands: new BrandService(brands, dataVersions),
    brandPages: new BrandPages(new SqlBrandPagesRepository(db), imageLinks, clock),
    // In demo mode a message opens in the Google emulator's own view of it: Gmail has never seen it.
    dealDetails: new DealDetailsService(
      new SqlDealDetailsRepository(db),
      dataVersions,
      imageLinks,
      config.demoMode ? emulatorMessageLink(config.google.endpoints.gmailApi) : gmailMessageLink,
      clock,
    ),
    settings: new SettingsService(users, brands, gmailLabels, gmailConnection, syncState, preferences, options.log),
    earlyAccess: new SqlEarlyAccessRepository(db),
    dashboard,
    dataVersions,
    dashboardCache: new EncodedJsonCache(),
    images: new ImageProxy(imageLinks, new HttpImageFetcher(config.imageProxyAllowedHosts), { cacheBytes: IMAGE_CACHE_BYTES }),
    extension: new ExtensionService(
      new SqlExtensionSessionsRepository(db),
      new SqlExtensionDealsRepository(db),
      syncState,
      clock,
      config.refreshTokenTtlDays,
    ),
    extensionPackage: new ZippedExtensionFolder(EXTENSION_BUILD_DIR),
  };
  const app = await buildApp(services, { logger: options.logger ?? false, checkReplies: options.checkReplies ?? false });
  const closeApp = gracefulCloser(app);
  await sync.resumeInterrupted();
  const background = new BackgroundSync(sync, preferences, clock, config.sync.backgroundIntervalMinutes, options.log);
  background.start();
  const housekeeping = new Housekeeping(new SqlHousekeepingRepository(db), clock, options.log);
  housekeeping.start();

  return {
    services,
    db,
    extraction,
    app,
    async close() {
      background.stop();
      await housekeeping.stop();
      await closeApp();
      await sync.drain();
      await extraction.close();
      await db.close();
    },
  };
}
