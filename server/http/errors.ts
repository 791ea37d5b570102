import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { GmailApiError } from "../application/ports";
import { GmailAccessWithdrawnError, GmailNotConnectedError } from "../application/gmail/gmailConnection";

/** Every failure answers the same shape: a machine-readable code and a message a person can read. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ success: false, code, message });
}

/** The answer to a request whose session has ended or whose user is gone. */
export function sendSessionEnded(reply: FastifyReply) {
  return sendError(reply, 401, "unauthorized", "Your session has ended. Please sign in again.");
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, entry]) => key.includes("\u0000") || containsNul(entry));
  return false;
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
      const detail = error.validation[0];
      const params = detail?.params as { missingProperty?: string; additionalProperty?: string } | undefined;
      const path = detail?.instancePath ? detail.instancePath.slice(1).replace(/\//g, ".") : "";
      const named = params?.missingProperty ?? params?.additionalProperty;
      const field = [path, named].filter(Boolean).join(".");
      const where = error.validationContext ?? "request";
      return sendError(reply, 400, "invalid_request", `Invalid ${where}${field ? ` field "${field}"` : ""}: ${detail?.message ?? error.message}.`);
    }
    if (error instanceof GmailAccessWithdrawnError) return sendError(reply, 400, "gmail_access_withdrawn", error.message);
    if (error instanceof GmailNotConnectedError) return sendError(reply, 400, "gmail_not_connected", "Gmail is not connected. Connect Gmail first.");
    if (error instanceof GmailApiError) {
      request.log.warn({ err: error }, "Gmail failed");
      return sendError(reply, 502, "gmail_unavailable", `Gmail did not answer as expected (${error.status}). Please try again in a minute, or reconnect Gmail in Settings.`);
    }
    if (error.statusCode === 429) return sendError(reply, 429, "rate_limited", "Too many requests. Please wait a minute and try again.");
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, "invalid_request", error.message);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, "internal_error", "Something went wrong on our side. Please try again.");
  });
}
