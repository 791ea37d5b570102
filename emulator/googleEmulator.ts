import { fileURLToPath } from "node:url";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { ACCOUNTS, DEMO_ACCOUNT_EMAIL, type EmulatorAccount, fullName } from "./accounts";
import { gmailErrors } from "./gmail/errors";
import { FaultInjector, type FaultSettings, validateFaultSettings } from "./gmail/faults";
import { Mailbox, MailboxError } from "./gmail/mailbox";
import { UserQuota } from "./gmail/quota";
import { registerGmailRoutes, sendApiError } from "./gmail/routes";
import { loadEmlFolder, loadMbox, type MailboxEntry } from "./mailboxLoader";
import { AuthorizationServer } from "./oauth/authorizationServer";
import { CHOOSE_ACCOUNT_PATH, CONSENT_PATH, chooseAccountPage, consentPage, errorPage } from "./oauth/pages";
import { hasScope } from "./oauth/scopes";

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
  /** Gmail quota in units per user per minute; default 6000, 0 = unlimited. */
  quotaUnitsPerMinute?: number;
  /** Injected Gmail API failures from the start; default none. */
  faults?: FaultSettings;
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
}

const DEFAULT_QUOTA_UNITS_PER_MINUTE = 6000;
const CONTROL_PREFIX = "/__emulator";

function shippedMailboxFolder(account: EmulatorAccount): string | null {
  return account.mailboxFolder ? fileURLToPath(new URL(`./${account.mailboxFolder}/`, import.meta.url)) : null;
}

async function mailboxEntries(account: EmulatorAccount, options: GoogleEmulatorOptions, now: Date): Promise<MailboxEntry[]> {
  if (account.email === DEMO_ACCOUNT_EMAIL && options.demoMboxPath) return loadMbox(options.demoMboxPath);
  const folder = shippedMailboxFolder(account);
  return folder ? loadEmlFolder(folder, now) : [];
}

function formBody(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-cache, no-store, max-age=0, must-revalidate").header("pragma", "no-cache");
}

export async function startGoogleEmulator(options: GoogleEmulatorOptions): Promise<GoogleEmulator> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  let baseUrl = "";

  const mailboxes = new Map<string, Mailbox>();
  let sequence = 0;
  const nextSequence = () => sequence++;
  for (const account of ACCOUNTS) {
    const mailbox = new Mailbox(account.email, now, nextSequence);
    for (const entry of await mailboxEntries(account, options, now())) mailbox.add(entry.raw, entry.labelIds, entry.gmailId);
    mailbox.startHistoryHere();
    mailboxes.set(account.email, mailbox);
    log(`mailbox ${account.email}: ${mailbox.allMessages().length} messages`);
  }
  const mailboxOf = (email: string): Mailbox => {
    const mailbox = mailboxes.get(email.toLowerCase());
    if (!mailbox) throw new MailboxError(404, `No account ${email}`);
    return mailbox;
  };

  const authorization = await AuthorizationServer.create({
    clients: options.clients,
    accounts: ACCOUNTS,
    now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    issuer: () => baseUrl,
  });
  const quota = new UserQuota(options.quotaUnitsPerMinute ?? DEFAULT_QUOTA_UNITS_PER_MINUTE, now);
  const faults = new FaultInjector();
  if (options.faults) faults.configure(options.faults);
  const appName = (clientId: string) => options.clients.find((client) => client.clientId === clientId)?.name ?? clientId;

  const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  app.addHook("onResponse", async (request, reply) => {
    log(`${request.method} ${request.url.split("?")[0]} ${reply.statusCode}`);
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) log(`error on ${request.method} ${request.url}: ${error.message ?? String(error)}`);
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

  // OpenID Connect discovery and keys.
  app.get("/.well-known/openid-configuration", async () => ({
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/o/oauth2/v2/auth`,
    token_endpoint: `${baseUrl}/token`,
    userinfo_endpoint: `${baseUrl}/v1/userinfo`,
    revocation_endpoint: `${baseUrl}/revoke`,
    tokeninfo_endpoint: `${baseUrl}/tokeninfo`,
    jwks_uri: `${baseUrl}/oauth2/v3/certs`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "profile"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    claims_supported: ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "sub"],
    code_challenge_methods_supported: ["plain", "S256"],
    grant_types_supported: ["authorization_code", "refresh_token"],
  }));
  app.get("/oauth2/v3/certs", async (_request, reply) => reply.header("cache-control", "public, max-age=3600").send(authorization.jwks()));

  // The browser part: account chooser and consent, with the pending request kept server-side by id.
  const showStep = (reply: FastifyReply, step: ReturnType<AuthorizationServer["beginAuthorization"]>) => {
    noStore(reply)
      .header("x-frame-options", "DENY")
      // The pages load nothing from anywhere: inline styles only.
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    switch (step.kind) {
      case "redirect":
        return reply.code(302).header("location", step.location).send();
      case "error-page":
        return reply.code(step.status).type("text/html; charset=utf-8").send(errorPage(step.status, step.error, step.detail));
      case "choose-account":
        return reply.type("text/html; charset=utf-8").send(chooseAccountPage(step.request, ACCOUNTS, appName(step.request.client.clientId)));
      case "consent":
        return reply.type("text/html; charset=utf-8").send(consentPage(step.request, appName(step.request.client.clientId)));
    }
  };
  app.get("/o/oauth2/v2/auth", async (request, reply) =>
    showStep(reply, authorization.beginAuthorization(new URL(request.url, "http://emulator.invalid").searchParams)),
  );
  app.post(CHOOSE_ACCOUNT_PATH, async (request, reply) => {
    const form = formBody(request);
    return showStep(reply, authorization.chooseAccount(form.get("request"), form.get("account")));
  });
  app.post(CONSENT_PATH, async (request, reply) => {
    const form = formBody(request);
    return showStep(reply, authorization.decide(form.get("request"), form.get("decision") === "allow", form.getAll("scope")));
  });

  app.post("/token", async (request, reply) => {
    if (!(request.body instanceof URLSearchParams)) {
      return noStore(reply).code(400).send({ error: "invalid_request", error_description: "Request must be application/x-www-form-urlencoded." });
    }
    const answer = await authorization.token(request.body, request.headers.authorization);
    return noStore(reply).code(answer.status).send(answer.body);
  });

  const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = formBody(request).get("token") ?? new URL(request.url, "http://emulator.invalid").searchParams.get("token");
    const answer = authorization.revoke(token);
    return reply.code(answer.status).send(answer.body);
  };
  app.post("/revoke", revoke);
  app.get("/revoke", revoke);

  app.get("/tokeninfo", async (request, reply) => {
    const query = new URL(request.url, "http://emulator.invalid").searchParams;
    const answer = await authorization.tokenInfo(query.get("access_token"), query.get("id_token"));
    return reply.code(answer.status).send(answer.body);
  });

  app.get("/v1/userinfo", async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    const caller = match ? authorization.authenticate(match[1]!) : null;
    if (!caller) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="https://accounts.google.com/", error="invalid_token"')
        .send({ error: "invalid_request", error_description: "Invalid Credentials" });
    }
    const { account, scopes } = caller;
    const info: Record<string, unknown> = { sub: account.sub };
    if (hasScope(scopes, "profile")) Object.assign(info, { name: fullName(account), given_name: account.givenName, family_name: account.familyName });
    if (hasScope(scopes, "email")) Object.assign(info, { email: account.email, email_verified: true });
    return info;
  });

  registerGmailRoutes(app, { authenticate: (token) => authorization.authenticate(token), mailbox: mailboxOf, quota, faults, now });

  const addMessage = (email: string, raw: string | Uint8Array, labelIds: string[]): string =>
    mailboxOf(email).add(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw, labelIds).id;

  // Control endpoints for tests. They exist only here: Google has nothing like them.
  app.post(`${CONTROL_PREFIX}/mailboxes/:email/messages`, async (request, reply) => {
    const { email } = request.params as { email: string };
    const body = request.body as { raw?: unknown; labelIds?: unknown } | undefined;
    if (!body || typeof body.raw !== "string" || body.raw === "") return reply.code(400).send({ error: "raw (base64) is required" });
    const labelIds = body.labelIds ?? ["INBOX", "UNREAD"];
    if (!Array.isArray(labelIds) || !labelIds.every((label) => typeof label === "string")) return reply.code(400).send({ error: "labelIds must be an array of strings" });
    try {
      return { id: addMessage(email, Buffer.from(body.raw.replace(/-/g, "+").replace(/_/g, "/"), "base64"), labelIds) };
    } catch (error) {
      if (error instanceof MailboxError) return reply.code(error.status).send({ error: error.message });
      throw error;
    }
  });
  app.post(`${CONTROL_PREFIX}/mailboxes/:email/messages/:id/labels`, async (request, reply) => {
    const { email, id } = request.params as { email: string; id: string };
    const body = (request.body ?? {}) as { add?: unknown; remove?: unknown };
    const add = body.add ?? [];
    const remove = body.remove ?? [];
    const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");
    if (!isStrings(add) || !isStrings(remove)) return reply.code(400).send({ error: "add and remove must be arrays of label ids" });
    try {
      const message = mailboxOf(email).modifyLabels(id, add, remove);
      return { id: message.id, labelIds: message.labelIds, historyId: String(message.historyId) };
    } catch (error) {
      if (error instanceof MailboxError) return reply.code(error.status).send({ error: error.message });
      throw error;
    }
  });
  app.delete(`${CONTROL_PREFIX}/mailboxes/:email/messages/:id`, async (request, reply) => {
    const { email, id } = request.params as { email: string; id: string };
    try {
      mailboxOf(email).remove(id);
      return reply.code(204).send();
    } catch (error) {
      if (error instanceof MailboxError) return reply.code(error.status).send({ error: error.message });
      throw error;
    }
  });
  app.post(`${CONTROL_PREFIX}/mailboxes/:email/history/expire`, async (request, reply) => {
    const mailbox = mailboxes.get((request.params as { email: string }).email.toLowerCase());
    if (!mailbox) return reply.code(404).send({ error: "No such account" });
    mailbox.expireHistory();
    return { historyId: String(mailbox.historyId) };
  });
  app.post(`${CONTROL_PREFIX}/faults`, async (request, reply) => {
    const settings = validateFaultSettings(request.body);
    if (typeof settings === "string") return reply.code(400).send({ error: settings });
    faults.configure(settings);
    return settings;
  });
  app.post(`${CONTROL_PREFIX}/quota`, async (request, reply) => {
    const units = (request.body as { unitsPerMinute?: unknown } | undefined)?.unitsPerMinute;
    if (typeof units !== "number" || !Number.isFinite(units) || units < 0) return reply.code(400).send({ error: "unitsPerMinute must be a number >= 0" });
    quota.setLimit(units);
    return { unitsPerMinute: units };
  });

  const host = options.host ?? "127.0.0.1";
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const publicHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  baseUrl = `http://${publicHost}:${port}`;

  return {
    baseUrl,
    close: () => app.close(),
    addMessage,
    modifyMessageLabels: (email, messageId, addLabelIds, removeLabelIds) => {
      mailboxOf(email).modifyLabels(messageId, addLabelIds, removeLabelIds);
    },
    deleteMessage: (email, messageId) => mailboxOf(email).remove(messageId),
    expireHistory: (email) => mailboxOf(email).expireHistory(),
    historyId: (email) => String(mailboxOf(email).historyId),
    setFaults: (settings) => {
      const valid = validateFaultSettings(settings);
      if (typeof valid === "string") throw new Error(valid);
      faults.configure(valid);
    },
    setQuota: (unitsPerMinute) => quota.setLimit(unitsPerMinute),
  };
}
