import { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { type AuthenticatedCaller } from "../oauth/authorizationServer";
import { GMAIL_READ_SCOPES } from "../oauth/scopes";
import { gmailErrors, type GoogleApiError } from "./errors";
import { type FaultInjector } from "./faults";
import { type HistoryRecord, type Mailbox, MailboxError, type StoredMessage } from "./mailbox";
import { decodeBody } from "./mime";
import { parseQuery } from "./query";
import { type GmailMethod, type UserQuota } from "./quota";
import { findPart, labelResource, messageResource, type MessageFormat } from "./resources";

export interface GmailApiDependencies {
  authenticate(accessToken: string): AuthenticatedCaller | null;
  mailbox(email: string): Mailbox;
  quota: UserQuota;
  faults: FaultInjector;
  now: () => Date;
}

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 500;
const HISTORY_TYPES = ["messageAdded", "messageDeleted", "labelAdded", "labelRemoved"] as const;

class ApiFailure extends Error {
  constructor(readonly failure: GoogleApiError) {
    super(failure.body.error.message);
  }
}

export function sendApiError(reply: FastifyReply, failure: GoogleApiError): FastifyReply {
  if (failure.headers) reply.headers(failure.headers);
  return reply.code(failure.httpStatus).type("application/json; charset=UTF-8").send(failure.body);
}

function searchParams(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, "http://emulator.invalid").searchParams;
}

function pageSize(params: URLSearchParams): number {
  const value = params.get("maxResults");
  if (value === null || value === "") return DEFAULT_PAGE_SIZE;
  if (!/^\d+$/.test(value)) throw new ApiFailure(gmailErrors.invalidArgument(`Invalid value at 'max_results' (TYPE_UINT32), "${value}"`));
  const size = Number(value);
  return size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE);
}

function encodePageToken(value: string): string {
  return Buffer.from(value).toString("base64url");
}

function decodePageToken(token: string | null, pattern: RegExp): RegExpExecArray | null {
  if (token === null || token === "") return null;
  const match = pattern.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!match) throw new ApiFailure(gmailErrors.invalidArgument("Invalid pageToken"));
  return match;
}

type ListPosition = Pick<StoredMessage, "internalDate" | "id">;

/** Newest first, as Gmail lists; ties broken by id so paging is stable. */
function newestFirst(a: ListPosition, b: ListPosition): number {
  return b.internalDate - a.internalDate || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

function messageRef(message: StoredMessage): { id: string; threadId: string } {
  return { id: message.id, threadId: message.threadId };
}

function historyEntry(record: HistoryRecord): Record<string, unknown> {
  const message = { ...messageRef(record.message), labelIds: [...record.labelIdsAtChange] };
  const entry: Record<string, unknown> = { id: String(record.id), messages: [messageRef(record.message)] };
  if ("labelIds" in record) entry[record.kind === "labelAdded" ? "labelsAdded" : "labelsRemoved"] = [{ message, labelIds: [...record.labelIds] }];
  else entry[record.kind === "messageAdded" ? "messagesAdded" : "messagesDeleted"] = [{ message }];
  return entry;
}

/** Gmail REST API v1 under /gmail/v1/users/{userId}/..., answering only bearer tokens this emulator issued. */
export function registerGmailRoutes(app: FastifyInstance, deps: GmailApiDependencies): void {
  /** Authentication, scope, user, injected faults and quota: what Google checks before it runs a method. */
  const guard = (request: FastifyRequest, method: GmailMethod): Mailbox => {
    const authorization = request.headers.authorization;
    const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
    if (!match) throw new ApiFailure(gmailErrors.loginRequired());
    const caller = deps.authenticate(match[1]!);
    if (!caller) throw new ApiFailure(gmailErrors.invalidCredentials());
    if (!caller.scopes.some((scope) => GMAIL_READ_SCOPES.includes(scope))) throw new ApiFailure(gmailErrors.insufficientScopes());
    const userId = (request.params as { userId?: string }).userId ?? "";
    if (userId !== "me" && userId.toLowerCase() !== caller.account.email.toLowerCase()) throw new ApiFailure(gmailErrors.delegationDenied(userId));
    const fault = deps.faults.next();
    if (fault === 429) throw new ApiFailure(gmailErrors.rateLimitExceeded());
    if (fault === 500) throw new ApiFailure(gmailErrors.backendError());
    if (fault === 503) throw new ApiFailure(gmailErrors.unavailable());
    const quota = deps.quota.consume(caller.account.email, method);
    if (!quota.allowed) {
      const retryAt = new Date(deps.now().getTime() + quota.retryAfterSeconds * 1000);
      throw new ApiFailure(gmailErrors.userRateLimitExceeded(retryAt, quota.retryAfterSeconds));
    }
    return deps.mailbox(caller.account.email);
  };

  const handle =
    (method: GmailMethod, run: (mailbox: Mailbox, request: FastifyRequest) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const latency = deps.faults.latencyMs();
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      try {
        const mailbox = guard(request, method);
        return reply.type("application/json; charset=UTF-8").send(run(mailbox, request));
      } catch (error) {
        if (error instanceof ApiFailure) return sendApiError(reply, error.failure);
        if (error instanceof MailboxError) return sendApiError(reply, error.status === 404 ? gmailErrors.notFound() : gmailErrors.invalidArgument(error.message));
        throw error;
      }
    };

  const base = "/gmail/v1/users/:userId";

  app.get(`${base}/profile`, handle("getProfile", (mailbox) => {
    const messages = mailbox.allMessages();
    return {
      emailAddress: mailbox.email,
      messagesTotal: messages.length,
      threadsTotal: new Set(messages.map((message) => message.threadId)).size,
      historyId: String(mailbox.historyId),
    };
  }));

  app.get(`${base}/labels`, handle("labels.list", (mailbox) => ({ labels: mailbox.allLabels().map((label) => labelResource(label)) })));

  app.get(`${base}/labels/:labelId`, handle("labels.get", (mailbox, request) => {
    const label = mailbox.label((request.params as { labelId: string }).labelId);
    if (!label) throw new ApiFailure(gmailErrors.notFound());
    return labelResource(label, mailbox);
  }));

  app.get(`${base}/messages`, handle("messages.list", (mailbox, request) => {
    const params = searchParams(request);
    const size = pageSize(params);
    const labelIds = params.getAll("labelIds").flatMap((value) => value.split(",")).filter(Boolean);
    const query = parseQuery(params.get("q") ?? "", mailbox, deps.now);
    const includeSpamTrash = params.get("includeSpamTrash") === "true" || query.mentionsSpamOrTrash;
    const after = decodePageToken(params.get("pageToken"), /^m:(\d+):([0-9a-f]+)$/);
    const matching = mailbox
      .allMessages()
      .filter((message) => labelIds.every((label) => message.labelIds.includes(label)))
      .filter((message) => includeSpamTrash || !message.labelIds.some((label) => label === "SPAM" || label === "TRASH"))
      .filter(query.matches)
      .sort(newestFirst);
    const lastSeen: ListPosition | null = after ? { internalDate: Number(after[1]), id: after[2]! } : null;
    const remaining = lastSeen ? matching.filter((message) => newestFirst(message, lastSeen) > 0) : matching;
    const page = remaining.slice(0, size);
    const body: Record<string, unknown> = {};
    if (page.length > 0) body.messages = page.map(messageRef);
    if (remaining.length > size) {
      const last = page[page.length - 1]!;
      body.nextPageToken = encodePageToken(`m:${last.internalDate}:${last.id}`);
    }
    body.resultSizeEstimate = matching.length;
    return body;
  }));

  app.get(`${base}/messages/:id`, handle("messages.get", (mailbox, request) => {
    const { id } = request.params as { id: string };
    if (!/^[0-9a-f]{1,24}$/i.test(id)) throw new ApiFailure(gmailErrors.invalidArgument("Invalid id value"));
    const message = mailbox.message(id.toLowerCase());
    if (!message) throw new ApiFailure(gmailErrors.notFound());
    const params = searchParams(request);
    const format = (params.get("format") ?? "full").toLowerCase();
    if (!["full", "metadata", "minimal", "raw"].includes(format)) {
      throw new ApiFailure(gmailErrors.invalidArgument(`Invalid value at 'format' (type.googleapis.com/google.apps.gmail.v1.GetMessageRequest.Format), "${format}"`));
    }
    return messageResource(message, format as MessageFormat, params.getAll("metadataHeaders").flatMap((value) => value.split(",")).filter(Boolean));
  }));

  app.get(`${base}/messages/:id/attachments/:attachmentId`, handle("attachments.get", (mailbox, request) => {
    const { id, attachmentId } = request.params as { id: string; attachmentId: string };
    const message = mailbox.message(id.toLowerCase());
    const [messageId, partId] = Buffer.from(attachmentId, "base64url").toString("utf8").split(":");
    const part = message && messageId === message.id && partId !== undefined ? findPart(message.mime, partId) : undefined;
    if (!part || part.children.length > 0) throw new ApiFailure(gmailErrors.notFound());
    const bytes = decodeBody(part);
    return { size: bytes.length, data: Buffer.from(bytes).toString("base64url") };
  }));

  app.get(`${base}/history`, handle("history.list", (mailbox, request) => {
    const params = searchParams(request);
    const start = params.get("startHistoryId");
    if (start === null || start === "") throw new ApiFailure(gmailErrors.invalidArgument("Missing required parameter startHistoryId"));
    if (!/^\d+$/.test(start)) throw new ApiFailure(gmailErrors.invalidArgument(`Invalid value at 'start_history_id' (TYPE_UINT64), "${start}"`));
    const size = pageSize(params);
    const types = params.getAll("historyTypes").flatMap((value) => value.split(",")).filter(Boolean);
    const unknownType = types.find((type) => !(HISTORY_TYPES as readonly string[]).includes(type));
    if (unknownType) throw new ApiFailure(gmailErrors.invalidArgument(`Invalid value at 'history_types', "${unknownType}"`));
    const labelId = params.get("labelId");
    const after = decodePageToken(params.get("pageToken"), /^h:(\d+)$/);
    const records = mailbox
      .historySince(Number(start))
      .filter((record) => types.length === 0 || types.includes(record.kind))
      .filter((record) => !labelId || record.labelIdsAtChange.includes(labelId) || ("labelIds" in record && record.labelIds.includes(labelId)))
      .filter((record) => !after || record.id > Number(after[1]));
    const page = records.slice(0, size);
    const body: Record<string, unknown> = {};
    if (page.length > 0) body.history = page.map(historyEntry);
    if (records.length > size) body.nextPageToken = encodePageToken(`h:${page[page.length - 1]!.id}`);
    body.historyId = String(mailbox.historyId);
    return body;
  }));
}
