import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionService, Authenticated } from "../application/auth/sessions";
import type { ExtensionService } from "../application/extension";
import { sendError, sendSessionEnded } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(request: FastifyRequest): string | null {
  return /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? null;
}

/**
 * An onRequest hook that admits only requests with a valid bearer access token of a live session. It runs before
 * the body is read, so a caller without a session learns nothing about the body and gets its 401 whatever it sent.
 */
export function requireAuth(sessions: SessionService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const auth = token ? await sessions.authenticate(token) : null;
    if (!auth) return sendSessionEnded(reply);
    request.auth = auth;
  };
}

/**
 * The browser extension's counterpart of requireAuth: only a live extension session's bearer token, whose scope is
 * reading the user's codes. A user's own access token is refused here, as an extension token is by requireAuth.
 */
export function requireExtensionAuth(extension: ExtensionService, sessionEndedMessage: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const auth = token ? await extension.authenticate(token) : null;
    if (!auth) return sendError(reply, 401, "unauthorized", sessionEndedMessage);
    request.auth = auth;
  };
}

/** The signed-in user's id; only call behind requireAuth. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new Error("requireAuth must run before this handler.");
  return request.auth.userId;
}
