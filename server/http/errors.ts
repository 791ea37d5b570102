import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";

/** Every failure answers the same shape: a machine-readable code and a message a person can read. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ success: false, code, message });
}

/** The answer to a request whose session has ended or whose user is gone. */
export function sendSessionEnded(reply: FastifyReply) {
  return sendError(reply, 401, "unauthorized", "Your session has ended. Please sign in again.");
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const detail = error.validation[0];
      const field = detail?.instancePath ? detail.instancePath.slice(1).replace(/\//g, ".") : (detail?.params as { missingProperty?: string })?.missingProperty;
      const where = error.validationContext ?? "request";
      return sendError(reply, 400, "invalid_request", `Invalid ${where}${field ? ` field "${field}"` : ""}: ${detail?.message ?? error.message}.`);
    }
    if (error.statusCode === 429) return sendError(reply, 429, "rate_limited", "Too many requests. Please wait a minute and try again.");
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, "invalid_request", error.message);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, "internal_error", "Something went wrong on our side. Please try again.");
  });
}
