import type { FastifyInstance, FastifyReply } from "fastify";
import type { StartOutcome } from "../../application/gmail/syncEngine";
import type { AppServices } from "../app";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError, sendSessionEnded } from "../errors";
import { publicUser } from "./auth";
import { signInBindingCookie } from "../signInBinding";

const SYNC_IN_PROGRESS = "Sync is already in progress. Please wait for it to complete.";

/** What POST /sync-gmail and POST /gmail/sync answer once a sync was asked for. */
export function answerSyncStart(reply: FastifyReply, outcome: StartOutcome) {
  if (outcome === "already-running") return sendError(reply, 409, "sync_in_progress", SYNC_IN_PROGRESS);
  if (outcome === "not-connected") return sendError(reply, 400, "gmail_not_connected", "Gmail is not connected. Connect Gmail first.");
  return { status: "success", message: "Gmail sync started." };
}

export function registerGmailRoutes(app: FastifyInstance, services: AppServices): void {
  const { sessions, users, signIn, sync, syncState, config } = services;
  const authenticated = requireAuth(sessions);
  const binding = signInBindingCookie(app, config);

  app.get("/connect-gmail", { onRequest: authenticated }, async (request, reply) => {
    const user = await users.findById(userIdOf(request));
    if (!user) return sendSessionEnded(reply);
    return { success: true, ...binding.bind(reply, await signIn.start("connect_gmail", user)), user_data: publicUser(user) };
  });

  app.post("/sync-gmail", { onRequest: authenticated }, async (request, reply) =>
    answerSyncStart(reply, await sync.start(userIdOf(request))),
  );

  app.get("/sync-gmail", { onRequest: authenticated }, async (request) => {
    const state = await syncState.state(userIdOf(request));
    return {
      status: "success",
      gmail_sync_status: state.status,
      gmail_sync_progress: state.progressMessage,
      progress: state.total > 0 || state.status === "syncing" ? { processed: state.processed, total: state.total } : null,
    };
  });
}
