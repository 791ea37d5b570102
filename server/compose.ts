import type { ServerConfig } from "./config";
import { systemClock, type Clock } from "./application/ports";
import { SendersService } from "./application/senders";
import { SqlSendersRepository } from "./infrastructure/db/sendersRepository";
import { HttpOneClickUnsubscriber } from "./infrastructure/net/oneClickUnsubscriber";
import { SessionService } from "./application/auth/sessions";
import { GoogleSignInService } from "./application/auth/googleSignIn";
import { SignOut } from "./application/auth/signOut";
import { GmailConnection } from "./application/gmail/gmailConnection";
import { SyncEngine } from "./application/gmail/syncEngine";
import type { JobArea, JobQueue } from "./application/jobs/jobQueue";
import { startPgBossQueue } from "./infrastructure/queue/pgBossQueue";
import { errorLogRecord } from "./application/errorLogRecord";
import { DashboardService } from "./application/dashboard";
import { PersonDays } from "./application/personDay";
import { ImageLinks } from "./application/images/imageLinks";
import { ImageProxy } from "./application/images/imageProxy";
import { BrandLogoChecks } from "./application/images/brandLogoChecks";
import { logoCheckJobs } from "./application/images/logoCheckJobs";
import { SqlLogoChecksRepository } from "./infrastructure/db/logoChecksRepository";
import { openDatabase, type Database } from "./infrastructure/db/database";
import { migrate } from "./infrastructure/db/migrate";
import { SqlUsersRepository } from "./infrastructure/db/usersRepository";
import { SqlSessionsRepository } from "./infrastructure/db/sessionsRepository";
import { SqlOAuthStatesRepository } from "./infrastructure/db/oauthStatesRepository";
import { SqlLoginCodesRepository } from "./infrastructure/db/loginCodesRepository";
import { SqlGmailGrantsRepository } from "./infrastructure/db/gmailGrantsRepository";
import { SqlSyncRepository } from "./infrastructure/db/syncRepository";
import { SqlDealsRepository } from "./infrastructure/db/dealsRepository";
import { SqlDataVersions } from "./infrastructure/db/dataVersionsRepository";
import { SqlBrandsRepository } from "./infrastructure/db/brandsRepository";
import { SqlEarlyAccessRepository } from "./infrastructure/db/earlyAccessRepository";
import { SqlPreferencesRepository } from "./infrastructure/db/preferencesRepository";
import { GmailLabelsService } from "./application/gmail/gmailLabels";
import { BackgroundSync, SyncSchedule } from "./application/gmail/backgroundSync";
import { syncJobs } from "./application/gmail/syncJobs";
import { Housekeeping, housekeepingJobs } from "./application/housekeeping";
import { SqlHousekeepingRepository } from "./infrastructure/db/housekeepingRepository";
import { EncodedJsonCache } from "./http/cachedJson";
import { GoogleOAuthHttp } from "./infrastructure/google/googleOAuthHttp";
import { GmailHttp } from "./infrastructure/google/gmailHttp";
import { SecretBox } from "./infrastructure/security/secretBox";
import { makeDataFolderPrivate } from "./infrastructure/security/privateFolder";
import { ExtractionPool } from "./infrastructure/workerThreads/extractionPool";
import { HttpImageFetcher } from "./infrastructure/images/httpImageFetcher";
import { buildApp, type AppOptions } from "./http/app";
import type { AppServices } from "./http/services";
import { AccountService } from "./application/account";
import { BrandPages, BrandService } from "./application/brands";
import { DealCorrections } from "./application/dealCorrections";
import { SqlDealCorrectionsRepository } from "./infrastructure/db/dealCorrectionsRepository";
import { DealDetailsService, emulatorMessageLink, gmailMessageLink } from "./application/dealDetails";
import { SavedTotalsReader } from "./application/savings";
import { SqlBrandPagesRepository, SqlDealDetailsRepository } from "./infrastructure/db/dealDetailsRepository";
import { SettingsService } from "./application/settings";
import { MailboxService } from "./application/gmail/mailbox";
import type { SyncRepository, UsersRepository } from "./application/repositories";
import { gracefulCloser } from "./http/gracefulClose";
import { ExtensionService } from "./application/extension";
import { SqlExtensionSessionsRepository } from "./infrastructure/db/extensionSessionsRepository";
import { SqlExtensionDealsRepository } from "./infrastructure/db/extensionDealsRepository";
import { NO_EXTENSION_PACKAGE, ZippedExtensionFolder } from "./infrastructure/extensionZip";
import { SqlRateLimitCounter } from "./infrastructure/db/rateLimitCounter";
import { EmailReports } from "./application/reports/reports";
import { reportJobs } from "./application/reports/reportJobs";
import { DealReminders } from "./application/reports/dealReminders";
import { UnsubscribeTokens } from "./application/reports/unsubscribeTokens";
import { SqlReportsRepository } from "./infrastructure/db/reportsRepository";
import { SqlSavingsRepository } from "./infrastructure/db/savingsRepository";
import { SqlRemindersRepository } from "./infrastructure/db/remindersRepository";
import { SqlEmailRecipientsRepository, SqlEmailSendsRepository } from "./infrastructure/db/emailSendsRepository";
import { HtmlReportEmails } from "./infrastructure/mail/reportEmails";
import { NodemailerMailSender } from "./infrastructure/mail/nodemailerSender";
import { DealAlerts } from "./application/alerts/dealAlerts";
import { alertJobs } from "./application/alerts/alertJobs";
import { SqlAlertsRepository } from "./infrastructure/db/alertsRepository";

/** How long a stopping process waits for its jobs to end (syncs give themselves back after their current group commit). */
const JOBS_STOP_TIMEOUT_MS = 30_000;
/** A send that hangs is given up after this, so its job is retried rather than held. */
const SMTP_TIMEOUT_MS = 20_000;
/** Memory for proxied images and refusals, in all. */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface ComposedServer {
  /** The use cases, and the two repositories tests and benchmarks read state through. */
  services: AppServices & { users: UsersRepository; syncState: SyncRepository };
  db: Database;
  extraction: ExtractionPool;
  /** The durable job queue (pg-boss, on the same database). */
  jobs: JobQueue;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Stops background work and closes the HTTP server and the database. */
  close(): Promise<void>;
}

/**
 * A worker's part, for every area's jobs alike: what each runs before taking jobs, its handlers, its schedules and what
 * it sends at start, and its timers (the lease monitor that resumes syncs whose worker died). Answers what stops the timers.
 */
async function runJobs(queue: JobQueue, areas: readonly JobArea[], log: ((message: string, detail?: unknown) => void) | undefined): Promise<() => Promise<void>> {
  for (const area of areas) await area.beforeWork?.();
  const jobs = areas.flatMap((area) => area.jobs);
  for (const job of jobs) if (job.runsHere !== false) await queue.work(job);
  for (const job of jobs) {
    if (job.schedule) await queue.schedule(job.name, job.schedule);
    else if (job.schedule === null) await queue.unschedule(job.name);
    if (job.sendAtStart) await queue.send(job.name, {}, { key: job.sendAtStart });
  }
  const running = new Set<Promise<unknown>>();
  const timers = areas.flatMap(({ every }) => {
    if (!every) return [];
    const timer = setInterval(() => {
      const run = every.run().catch((error: unknown) => log?.(every.failure, errorLogRecord(error)));
      running.add(run);
      void run.finally(() => running.delete(run));
    }, every.intervalMs);
    timer.unref();
    return [timer];
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}

/** The composition root: adapters built from configuration and handed to the use cases. */
export async function composeServer(
  config: ServerConfig,
  options: { clock?: Clock; logger?: AppOptions["logger"]; checkReplies?: boolean; log?: (message: string, detail?: unknown) => void } = {},
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
  // The embedded database runs no autovacuum, so nothing else gathers the statistics the planner needs to read the
  // dashboard's pages from its index (without them a 50,000-deal first page sorts every deal: 58 ms instead of 4).
  if (db.kind === "pglite") await db.exec("ANALYZE");

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
  const dataVersions = new SqlDataVersions(db);
  // Each thread reads the optional language model (LLM_BASE_URL and LLM_MODEL) from the environment.
  const extraction = new ExtractionPool(config.extractionThreads, config.extractionTimeLimitMs);
  const gmailApi = new GmailHttp(config.google.endpoints.gmailApi, config.sync);
  const runsJobs = config.role !== "api";
  const queue = await startPgBossQueue(db, { worker: runsJobs, ...(options.log ? { log: options.log } : {}) });
  const sync = new SyncEngine(
    syncState,
    gmailApi,
    gmailConnection,
    (raw, extractionOptions) => extraction.extract(raw, extractionOptions),
    clock,
    queue,
    {
      fetchConcurrency: config.sync.fetchConcurrency,
      commitBatchSize: config.sync.commitBatchSize,
      commitDelayMs: config.sync.commitDelayMs,
      leaseMs: config.sync.leaseSeconds * 1000,
      onUserDataChanged: async (userId) => {
        await dataVersions.bump(userId);
        // Deals were stored: the alerts look at them soon rather than at their next five-minute tick, and the brands'
        // new logos are checked. Syncs run only after composition, so `alerts` and `logoChecks` are there by then.
        await alerts.afterSync();
        await logoChecks.afterStore(userId);
      },
    },
    options.log,
  );
  // With the background sync off (0), the interval people see is the usual default.
  const preferences = new SqlPreferencesRepository(db, config.sync.backgroundIntervalMinutes || undefined);
  const signIn = new GoogleSignInService(google, users, new SqlOAuthStatesRepository(db), new SqlLoginCodesRepository(db), sessions, gmailConnection, sync, clock, preferences);
  const imageLinks = new ImageLinks(config.sessionSigningKey);
  // One proxy, so a brand's logo is checked through the very fetch, rules and cache that serve it.
  const images = new ImageProxy(imageLinks, new HttpImageFetcher(config.imageProxyAllowedHosts), { cacheBytes: IMAGE_CACHE_BYTES });
  const logoChecks = new BrandLogoChecks(new SqlLogoChecksRepository(db), images, dataVersions, queue, clock, options.log);
  const personDays = new PersonDays(preferences, clock);
  const savings = new SqlSavingsRepository(db);
  const savedTotals = new SavedTotalsReader(savings);
  const dashboard = new DashboardService(new SqlDealsRepository(db), personDays, imageLinks, savedTotals);
  const brands = new SqlBrandsRepository(db);
  const gmailLabels = new GmailLabelsService(gmailApi, gmailConnection, syncState);
  // Only workers send; an API process queues the test report for them.
  const mailSender = runsJobs && config.mail.smtpUrl ? new NodemailerMailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, timeoutMs: SMTP_TIMEOUT_MS }) : null;
  if (!config.mail.smtpUrl) options.log?.("No SMTP_URL is set: the weekly reports and the expiry reminders are off.");
  const reminders = new SqlRemindersRepository(db);
  const emailSends = new SqlEmailSendsRepository(db);
  const reportEmails = new HtmlReportEmails();
  const unsubscribeTokens = new UnsubscribeTokens(config.sessionSigningKey);
  const reports = new EmailReports(
    users,
    preferences,
    new SqlReportsRepository(db),
    savings,
    reminders,
    emailSends,
    new SqlEmailRecipientsRepository(db),
    reportEmails,
    unsubscribeTokens,
    queue,
    mailSender,
    clock,
    { publicUrl: config.publicUrl, mailConfigured: config.mail.smtpUrl !== null, leaseMs: config.mail.leaseSeconds * 1000 },
    options.log,
  );
  // The alerts go out in the reports' sender, under the same sent log and unsubscribe tokens.
  const alerts = new DealAlerts(
    new SqlAlertsRepository(db),
    users,
    preferences,
    emailSends,
    reportEmails,
    unsubscribeTokens,
    queue,
    mailSender,
    clock,
    { publicUrl: config.publicUrl, leaseMs: config.mail.leaseSeconds * 1000 },
    options.log,
  );
  const extension = new ExtensionService(
    new SqlExtensionSessionsRepository(db),
    new SqlExtensionDealsRepository(db),
    syncState,
    clock,
    config.refreshTokenTtlDays,
    personDays,
  );
  // Every area's jobs, declared beside their use cases: an API process creates their queues to send to, a worker runs them.
  const jobAreas = [
    syncJobs({
      engine: sync,
      background: new BackgroundSync(sync, preferences, clock, config.sync.backgroundIntervalMinutes, options.log),
      concurrentSyncs: config.sync.concurrentSyncs,
      embeddedDatabase: db.kind === "pglite",
      leaseMs: config.sync.leaseSeconds * 1000,
    }),
    reportJobs({ reports, retryDelaySeconds: config.mail.retryDelaySeconds }),
    alertJobs({ alerts, retryDelaySeconds: config.mail.retryDelaySeconds }),
    housekeepingJobs(new Housekeeping(new SqlHousekeepingRepository(db), clock, options.log)),
    logoCheckJobs(logoChecks),
  ];
  await queue.declare(jobAreas.flatMap((area) => area.jobs));
  const services: ComposedServer["services"] = {
    config,
    users,
    syncState,
    sessions,
    signIn,
    signOut: new SignOut(sessions, extension),
    accounts: new AccountService(users, sessions, gmailConnection, sync, dataVersions, options.log),
    mailbox: new MailboxService(sync, syncState, gmailLabels, gmailConnection, new SyncSchedule(preferences, config.sync.backgroundIntervalMinutes)),
    gmailLabels,
    brands: new BrandService(brands, dataVersions),
    brandPages: new BrandPages(new SqlBrandPagesRepository(db), imageLinks, personDays),
    senders: new SendersService(new SqlSendersRepository(db), new HttpOneClickUnsubscriber(config.unsubscribeAllowedHosts), clock),
    // In demo mode a message opens in the Google emulator's own view of it: Gmail has never seen it.
    dealDetails: new DealDetailsService(
      new SqlDealDetailsRepository(db),
      dataVersions,
      imageLinks,
      config.demoMode ? emulatorMessageLink(config.google.endpoints.gmailApi) : gmailMessageLink,
      clock,
    ),
    dealCorrections: new DealCorrections(new SqlDealCorrectionsRepository(db), dataVersions, clock),
    settings: new SettingsService(users, brands, gmailLabels, gmailConnection, syncState, preferences, options.log),
    earlyAccess: new SqlEarlyAccessRepository(db),
    dashboard,
    dataVersions,
    dashboardCache: new EncodedJsonCache(),
    images,
    extension,
    extensionPackage: config.extensionDir ? new ZippedExtensionFolder(config.extensionDir) : NO_EXTENSION_PACKAGE,
    rateLimitCounter: new SqlRateLimitCounter(db),
    reports,
    dealReminders: new DealReminders(reminders, preferences, dataVersions, clock),
    alerts,
    checkDatabase: async () => {
      await db.query("SELECT 1");
    },
  };
  const app = await buildApp(services, { logger: options.logger ?? false, checkReplies: options.checkReplies ?? false });
  const closeApp = gracefulCloser(app);
  const stopJobs = runsJobs ? await runJobs(queue, jobAreas, options.log) : async () => {};

  return {
    services,
    db,
    extraction,
    jobs: queue,
    app,
    async close() {
      await closeApp();
      // A worker stores what its syncs have read and gives them back to the queue, for another worker to resume.
      await Promise.all([queue.stop(JOBS_STOP_TIMEOUT_MS), sync.stop()]);
      await stopJobs();
      mailSender?.close();
      await extraction.close();
      await db.close();
    },
  };
}
