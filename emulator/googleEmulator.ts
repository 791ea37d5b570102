import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { ACCOUNTS, DEMO_ACCOUNT_EMAIL, type EmulatorAccount } from "./accounts";
import { registerControlRoutes } from "./controlRoutes";
import { gmailErrors } from "./gmail/errors";
import { FaultInjector, type FaultSettings, validateFaultSettings } from "./gmail/faults";
import { Mailbox, MailboxError } from "./gmail/mailbox";
import { UserQuota } from "./gmail/quota";
import { registerGmailRoutes, sendApiError } from "./gmail/routes";
import { loadEmlFolder, loadMbox, type MailboxEntry } from "./mailboxLoader";
import { registerDemoImages } from "./demoImages";
import { registerMessageView } from "./messageView";
import { registerUnsubscribeRoutes, UnsubscribeLog } from "./unsubscribeRoutes";
import { AuthorizationServer } from "./oauth/authorizationServer";
import { errorPage } from "./oauth/pages";
import { registerOAuthRoutes } from "./oauth/routes";

export interface EmulatorClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** The app name shown on the account chooser and consent pages; defaults to the client id. */
  name?: string;
}

export interface GoogleEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = ephemeral. */
  port?: number;
  clients: EmulatorClient[];
  /** A Google Takeout mbox that replaces the demo account's shipped mailbox. */
  demoMboxPath?: string;
  /** Default 3600. */
  accessTokenTtlSeconds?: number;
  /** Clock, for tests. */
  now?: () => Date;
  log?: (line: string) => void;
  /**
   * Gmail quota in units per user per minute, 0 = unlimited. Default: Google's 6000, except with `demoMboxPath`, a
   * person's own mail imported locally, which is served without a quota unless one is asked for here.
   */
  quotaUnitsPerMinute?: number;
  /** Where what a person starting the emulator should know about their mbox goes; default console.warn. */
  warn?: (line: string) => void;
  /** Injected Gmail API failures from the start; default none. */
  faults?: FaultSettings;
  /** Accounts besides the shipped ones (tests that sign many people in). */
  extraAccounts?: readonly EmulatorAccount[];
}

export interface GoogleEmulator {
  /** e.g. http://127.0.0.1:8081 (no trailing slash); also the ID-token issuer. */
  baseUrl: string;
  close(): Promise<void>;
  /** Adds a message to an account's mailbox as Gmail delivery would; returns the new Gmail message id. */
  addMessage(email: string, raw: string | Uint8Array, labelIds: string[]): string;
  /** Adds and removes labels on a message (recorded in history as labelAdded / labelRemoved). */
  modifyMessageLabels(email: string, messageId: string, addLabelIds: string[], removeLabelIds: string[]): void;
  /** Deletes a message for good (recorded in history as messageDeleted); a later messages.get answers 404. */
  deleteMessage(email: string, messageId: string): void;
  /** Forgets an account's history: older startHistoryIds then answer 404, as after Google's retention window. */
  expireHistory(email: string): void;
  /** The account's current historyId. */
  historyId(email: string): string;
  /** Makes a share of Gmail API calls fail with 429/500/503; {rate: 0} turns it off. */
  setFaults(settings: FaultSettings): void;
  /** Units per user per minute; 0 = unlimited. */
  setQuota(unitsPerMinute: number): void;
  /** The person removes the app's access in their Google account; answers how many grants ended. */
  revokeAccess(email: string): number;
  /** What the demo account's mailbox holds. */
  demoMailbox: DemoMailboxSummary;
  /** The Gmail quota in force, units per user per minute; 0 = unlimited. */
  readonly quotaUnitsPerMinute: number;
}

export interface DemoMailboxSummary {
  /** The Takeout mbox served, or null for the shipped demo mailbox. */
  mboxPath: string | null;
  messages: number;
  /** Messages a sync reads: labelled Promotions, outside Spam and Trash. */
  promotions: number;
}

const GOOGLE_QUOTA_UNITS_PER_MINUTE = 6000;

// Beside this file in the sources; beside the compiled server in dist-server/, where scripts/build-server.mjs copies them.
function shippedMailboxFolder(account: EmulatorAccount): string | null {
  return account.mailboxFolder ? fileURLToPath(new URL(`./${account.mailboxFolder}/`, import.meta.url)) : null;
}

function promotionsCount(entries: readonly MailboxEntry[]): number {
  return entries.filter(({ labelIds }) => labelIds.includes("CATEGORY_PROMOTIONS") && !labelIds.some((label) => label === "SPAM" || label === "TRASH")).length;
}

/** Said at start rather than a sync finding nothing in silence. */
function noPromotionsWarning(summary: DemoMailboxSummary): string | null {
  if (summary.promotions > 0 || !summary.mboxPath) return null;
  return (
    `${summary.mboxPath} has ${summary.messages.toLocaleString("en-US")} messages but none is labelled Promotions ` +
    `(Takeout's X-Gmail-Labels header names it "Category Promotions"), so a sync finds no deals. ` +
    "Export all of your mail with Google Takeout (an export of chosen labels may leave the category out), " +
    'or add the header "X-Gmail-Labels: Category Promotions" to the messages to scan.'
  );
}

async function mailboxEntries(account: EmulatorAccount, options: GoogleEmulatorOptions, now: Date, origin: string): Promise<MailboxEntry[]> {
  if (account.email === DEMO_ACCOUNT_EMAIL && options.demoMboxPath) return loadMbox(options.demoMboxPath);
  const folder = shippedMailboxFolder(account);
  return folder ? loadEmlFolder(folder, now, origin) : [];
}

export async function startGoogleEmulator(options: GoogleEmulatorOptions): Promise<GoogleEmulator> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  // Unexpected failures are bugs of the emulator: say so even when no log was asked for.
  const logFailure = options.log ?? ((line: string) => console.error(`[google-emulator] ${line}`));
  let baseUrl = "";

  const mailboxes = new Map<string, Mailbox>();
  let sequence = 0;
  const nextSequence = () => sequence++;
  let demoMailbox: DemoMailboxSummary = { mboxPath: null, messages: 0, promotions: 0 };
  const accounts = [...ACCOUNTS, ...(options.extraAccounts ?? [])];
  const mailboxOf = (email: string): Mailbox => {
    const mailbox = mailboxes.get(email.toLowerCase());
    if (!mailbox) throw new MailboxError(404, `No account ${email}`);
    return mailbox;
  };

  const authorization = await AuthorizationServer.create({
    clients: options.clients,
    accounts,
    now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    issuer: () => baseUrl,
  });
  const quota = new UserQuota(options.quotaUnitsPerMinute ?? (options.demoMboxPath ? 0 : GOOGLE_QUOTA_UNITS_PER_MINUTE), now);
  const faults = new FaultInjector();
  const unsubscribes = new UnsubscribeLog();
  if (options.faults) faults.configure(options.faults);
  const appName = (clientId: string) => options.clients.find((client) => client.clientId === clientId)?.name ?? clientId;

  // Closing the stand-in for Google drops its connections at once, as Google going away would.
  const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024, forceCloseConnections: true });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  app.addHook("onResponse", async (request, reply) => {
    log(`${request.method} ${request.url.split("?")[0]} ${reply.statusCode}`);
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) logFailure(`error on ${request.method} ${request.url}: ${error.message ?? String(error)}`);
    const message = status === 500 ? "Internal error encountered." : (error.message ?? "Bad Request");
    if (request.url.startsWith("/gmail/")) {
      return sendApiError(reply, status === 500 ? gmailErrors.backendError() : gmailErrors.invalidArgument(message));
    }
    return reply.code(status).send({ error: status === 500 ? "server_error" : "invalid_request", error_description: message });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/gmail/")) return sendApiError(reply, gmailErrors.methodNotFound());
    return reply.code(404).type("text/html; charset=utf-8").send(errorPage(404, "not_found", `The requested URL ${request.url.split("?")[0]} was not found on this server.`));
  });

  registerOAuthRoutes(app, { authorization, accounts, appName, baseUrl: () => baseUrl });
  registerGmailRoutes(app, { authenticate: (token) => authorization.authenticate(token), mailbox: mailboxOf, quota, faults, now });
  registerControlRoutes(app, { mailboxOf, faults, quota, revokeAccountGrants: (email) => authorization.revokeAccountGrants(email) });
  registerDemoImages(app);
  registerUnsubscribeRoutes(app, unsubscribes);
  registerMessageView(app, { findMessage: (id) => [...mailboxes.values()].map((mailbox) => mailbox.message(id)).find(Boolean) });

  const host = options.host ?? "127.0.0.1";
  try {
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const publicHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  baseUrl = `http://${publicHost}:${port}`;

  // The mailboxes load once the emulator's origin is known: the shipped mail links to its images and endpoints
  // ({{emulator}}). Nobody can call before this function answers with the address.
  try {
    for (const account of accounts) {
      const mailbox = new Mailbox(account.email, now, nextSequence);
      const entries = await mailboxEntries(account, options, now(), baseUrl);
      for (const entry of entries) mailbox.add(entry.raw, entry.labelIds, entry.gmailId);
      mailbox.startHistoryHere();
      mailboxes.set(account.email, mailbox);
      log(`mailbox ${account.email}: ${entries.length} messages`);
      if (account.email === DEMO_ACCOUNT_EMAIL) {
        demoMailbox = { mboxPath: options.demoMboxPath ?? null, messages: entries.length, promotions: promotionsCount(entries) };
      }
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  const warning = noPromotionsWarning(demoMailbox);
  if (warning) (options.warn ?? console.warn)(warning);

  return {
    baseUrl,
    close: () => app.close(),
    addMessage: (email, raw, labelIds) => mailboxOf(email).add(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw, labelIds).id,
    modifyMessageLabels: (email, messageId, addLabelIds, removeLabelIds) => {
      mailboxOf(email).modifyLabels(messageId, addLabelIds, removeLabelIds);
    },
    deleteMessage: (email, messageId) => mailboxOf(email).remove(messageId),
    expireHistory: (email) => mailboxOf(email).expireHistory(),
    revokeAccess: (email) => authorization.revokeAccountGrants(email),
    historyId: (email) => String(mailboxOf(email).historyId),
    setFaults: (settings) => {
      const valid = validateFaultSettings(settings);
      if (typeof valid === "string") throw new Error(valid);
      faults.configure(valid);
    },
    setQuota: (unitsPerMinute) => quota.setLimit(unitsPerMinute),
    demoMailbox,
    get quotaUnitsPerMinute() {
      return quota.limit;
    },
  };
}
