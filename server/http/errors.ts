import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../../src/contract";
import { GmailApiError } from "../application/ports";
import { GmailAccessWithdrawnError, GmailNotConnectedError } from "../application/gmail/gmailConnection";
import { UnknownLabelError } from "../application/gmail/gmailLabels";
import { SESSION_ENDED } from "../application/messages";
import { tryAgainIn } from "../../src/domain/requestLimits";
import { errorLogRecord } from "../application/errorLogRecord";
import { validationMessage } from "./validationMessage";

/** Every failure answers the same shape: a machine-readable code and a message a person can read. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  const body: ApiError = { success: false, code, message };
  return reply.code(status).send(body);
}

/** The answer to a request whose session has ended or whose user is gone. */
export function sendSessionEnded(reply: FastifyReply): FastifyReply {
  return sendError(reply, 401, "unauthorized", SESSION_ENDED);
}

/** Whether any string in a parsed request part, or any key, holds NUL. Iterative: no input can overflow the stack. */
function containsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (next !== null && typeof next === "object") {
      for (const [key, entry] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" };

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (malformed request line or header, headers over
 * the size limit, a request too slow to arrive) with our error shape, then closes the connection, as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "The request's headers are too large."]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "The request took too long to arrive."]
        : [400, "The request is not valid HTTP."];
  const body = JSON.stringify({ success: false, code: "invalid_request", message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The codes of a connection the client reset, closed or stopped reading, and of our writes to it afterwards. */
const CLIENT_CONNECTION_CODES: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ERR_STREAM_PREMATURE_CLOSE",
  "ERR_STREAM_DESTROYED",
  "ERR_STREAM_WRITE_AFTER_END",
]);

/** Whether an error of writing an answer is the client's connection failing (closed, reset, gone), not our code. */
export function isClientConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CLIENT_CONNECTION_CODES.has(code);
}

/**
 * Logs a failure that the client's own request or connection brought about, as that: one warning line with the
 * error's class and code and no stack, since anyone can cause one at will and there is nothing of ours to fix.
 */
export function logClientFailure(request: FastifyRequest, error: unknown, message: string): void {
  request.log.warn({ clientFailure: errorLogRecord(error) }, message);
}

/**
 * Whether the request's connection has already closed: no answer can reach its client any more. (The request stream
 * itself is destroyed as soon as its body has been read, so it cannot tell.)
 */
const connectionClosed = (request: FastifyRequest): boolean => request.raw.socket?.destroyed ?? true;

/** Answers what Fastify's router refuses before any route or hook runs: a malformed percent-encoding, an overlong path parameter. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === "FST_ERR_BAD_URL") {
    void sendError(reply, 400, "invalid_request", "The request path is not valid: it has a malformed percent-encoding.");
  } else if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    void sendError(reply, 414, "invalid_request", "A part of the request path is too long.");
  } else {
    void reply.send(error);
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL: refuse it with a 400 at the boundary instead of failing in the database.
  app.addHook("preValidation", async (request, reply) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      return sendError(reply, 400, "invalid_request", "Text in a request may not contain NUL characters.");
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const part = error.validationContext ?? "request";
      const refusal = request.routeOptions.config.refusals?.[part];
      if (refusal) return sendError(reply, 400, refusal.code, refusal.message);
      return sendError(reply, 400, "invalid_request", validationMessage(error.validation[0], part));
    }
    if (error instanceof GmailAccessWithdrawnError) return sendError(reply, 400, "gmail_access_withdrawn", error.message);
    if (error instanceof GmailNotConnectedError) return sendError(reply, 400, "gmail_not_connected", error.message);
    if (error instanceof UnknownLabelError) return sendError(reply, 400, "unknown_label", error.message);
    if (error instanceof GmailApiError) {
      request.log.warn({ err: error }, "Gmail failed");
      return sendError(reply, 502, "gmail_unavailable", `Gmail did not answer as expected (${error.status}). Please try again in a minute, or reconnect Gmail in Settings.`);
    }
    if (error.statusCode === 429) {
      // The limit has set Retry-After: the sentence says the same wait.
      const retryAfter = Number(reply.getHeader("retry-after"));
      return sendError(reply, 429, "rate_limited", `Too many requests. Please try again ${tryAgainIn(Number.isFinite(retryAfter) ? retryAfter : 60)}.`);
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return sendError(reply, 415, "invalid_request", "A request body must be JSON, sent with Content-Type: application/json.");
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, "invalid_request", error.message);
    }
    // A client that sends malformed HTTP or drops its connection mid-request is answered by Node or not at all; what
    // fails on such a request afterwards (a body that never came, a socket with no address) is its doing.
    if (connectionClosed(request)) {
      logClientFailure(request, error, "A request failed after its client's connection ended");
      return sendError(reply, 400, "invalid_request", "The request ended before it was complete.");
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, "internal_error", "Something went wrong on our side. Please try again.");
  });
}
