import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionService, Authenticated } from "../application/auth/sessions";
import { sendSessionEnded } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/**
 * An onRequest hook that admits only requests with a valid bearer access token of a live session. It runs before
 * the body is read, so a caller without a session learns nothing about the body and gets its 401 whatever it sent.
 */
export function requireAuth(sessions: SessionService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer (\S+)$/i.exec(header);
    const auth = match ? await sessions.authenticate(match[1]!) : null;
    if (!auth) return sendSessionEnded(reply);
    request.auth = auth;
  };
}

/** The signed-in user's id; only call behind requireAuth. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new Error("requireAuth must run before this handler.");
  return request.auth.userId;
}
