import type { SenderView } from "../application/senders";
import { MAX_ALERT_RULES } from "../../src/domain/alertRules";
import type { FastifyReply } from "fastify";
import { SYNC_ALREADY_RUNNING, type SuccessBody, type UserDto } from "../../src/contract";
import type { AccountDeletion } from "../application/account";
import type { AlertRulesOverview } from "../application/alerts/dealAlerts";
import type { CallbackOutcome } from "../application/auth/googleSignIn";
import type { SyncReport } from "../application/gmail/mailbox";
import type { StartOutcome } from "../application/gmail/syncEngine";
import type { SettingsOverview } from "../application/settings";
import type { Preferences, UserRecord } from "../application/repositories";
import type { ReminderAnswer } from "../application/reports/dealReminders";
import type { TestReportOutcome } from "../application/reports/reports";
import type { ExtensionSessionRecord, ExtensionTokens } from "../application/extension";
import { GMAIL_NOT_CONNECTED, SYNC_STARTED } from "../application/messages";
import { sendError } from "./errors";

/** Use cases' answers in the wire contract's shapes. Only routes use these (lint enforces it). */

/** What the SPA stores of a user (docs/product.md, "User"): never the Google subject or anything else of the record. */
export function publicUser(user: UserRecord): UserDto {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    gmail_connected: Boolean(user.gmail_connected),
  };
}

/** What POST /sync-gmail and POST /gmail/sync answer once a sync was asked for. */
export function answerSyncStart(reply: FastifyReply, outcome: StartOutcome): SuccessBody<"POST /sync-gmail"> | FastifyReply {
  if (outcome === "already-running") {
    return sendError(reply, SYNC_ALREADY_RUNNING.status, SYNC_ALREADY_RUNNING.code, SYNC_ALREADY_RUNNING.message);
  }
  if (outcome === "not-connected") return sendError(reply, 400, "gmail_not_connected", GMAIL_NOT_CONNECTED);
  return { status: "success", message: SYNC_STARTED };
}

export function syncStatus(state: SyncReport): SuccessBody<"GET /sync-gmail"> {
  return {
    status: "success",
    gmail_sync_status: state.status,
    gmail_sync_progress: state.progressMessage,
    outcome: syncOutcomeOf(state),
    progress: state.total > 0 || state.status === "syncing" ? { processed: state.processed, total: state.total } : null,
    last_sync_at: state.lastSyncAt?.toISOString() ?? null,
    last_sync_failed: state.status === "idle" && state.lastError !== null,
    next_sync_at: state.nextSyncAt?.toISOString() ?? null,
  };
}

/** A failure is the last word until a sync completes; before any sync there is nothing to say. */
function syncOutcomeOf(state: SyncReport): SuccessBody<"GET /sync-gmail">["outcome"] {
  if (state.status === "syncing") return "running";
  if (state.lastError !== null) return "failed";
  return state.lastSyncAt ? "completed" : "none";
}

export function settingsOverview(overview: SettingsOverview): SuccessBody<"GET /settings"> {
  return {
    status: "success",
    data: {
      brands: overview.brands,
      gmailLabels: overview.gmailLabels,
      gmailConnected: overview.linkedAccount !== null,
      lastSync: overview.lastSyncAt?.toISOString() ?? null,
      linkedAccount: overview.linkedAccount,
      user: publicUser(overview.user),
    },
  };
}

/** The answer of the flip (POST /api/toggle_brand/:id) and of the set state (PUT /brands/:id/state). */
export function brandToggled(isActive: boolean): SuccessBody<"POST /api/toggle_brand/:id"> & SuccessBody<"PUT /brands/:id/state"> {
  return { status: "success", is_active: isActive, message: isActive ? "Brand included again." : "Brand hidden from your dashboard." };
}

export function accountDeleted({ deleted, googleAccessRevoked }: AccountDeletion): SuccessBody<"DELETE /account"> {
  return {
    success: true,
    deleted,
    googleAccessRevoked,
    message: googleAccessRevoked
      ? "Your account and all its data were deleted, and Deal Finder's access to your Gmail was revoked."
      : "Your account and all its data were deleted. Google could not be reached to revoke access: remove Deal Finder at myaccount.google.com/permissions.",
  };
}

/** The query of the SPA's /oauth-callback page that Google's redirect ends on. */
export function oauthCallbackQuery(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case "signed-in":
      return new URLSearchParams({ success: "true", action: outcome.action, tokens: outcome.tokens }).toString();
    case "gmail-connected":
      return new URLSearchParams({ success: "true", action: "gmail_connected" }).toString();
    case "failed":
      return new URLSearchParams({ error: outcome.error, ...(outcome.message ? { message: outcome.message } : {}) }).toString();
  }
}

/** The preferences as the wire contract has them (the stop's time as ISO 8601). */
export function preferencesAnswer({ emailsStopped, ...preferences }: Preferences): SuccessBody<"GET /user/settings">["settings"] {
  return { ...preferences, emailsStopped: emailsStopped ? { reason: emailsStopped.reason, at: emailsStopped.at.toISOString() } : null };
}

/** A star set or taken off; the refusals (no such deal, no end date) are the route's to answer. */
export function reminderSet(answer: Extract<ReminderAnswer, { kind: "set" }>): SuccessBody<"PUT /deals/:id/reminder"> {
  return { remind: answer.remind, remindAt: answer.remindAt?.toISOString() ?? null };
}

/** What POST /reports/test answers for each outcome of the test report. */
export function answerTestReport(reply: FastifyReply, outcome: TestReportOutcome): SuccessBody<"POST /reports/test"> | FastifyReply {
  switch (outcome.kind) {
    case "sent":
      return { success: true, message: `Test report sent to ${outcome.email}.` };
    case "queued":
      return { success: true, message: `Your test report is on its way to ${outcome.email}.` };
    case "nothing":
      return sendError(reply, 409, "nothing_to_report", "You have no deals to report yet. Once a sync finds some, the test report lists them.");
    case "refused":
      return sendError(reply, 422, "mail_refused", `The mail server refused to deliver to ${outcome.email}. Settings says more.`);
    case "unavailable":
      return sendError(reply, 409, "mail_not_configured", "This server has no mail server set up (SMTP_URL), so it sends no emails.");
  }
}

/** An extension session's tokens, as pairing and refreshing answer them. */
export function extensionTokens(tokens: ExtensionTokens): SuccessBody<"POST /extension/sessions"> {
  return {
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
    refreshToken: tokens.refreshToken,
    sessionId: tokens.sessionId,
  };
}

/** Settings' list of connected extensions. */
export function extensionSessions(sessions: readonly ExtensionSessionRecord[]): SuccessBody<"GET /extension/sessions"> {
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
      userAgent: session.userAgent,
    })),
  };
}

/** A sender of "Your senders", as the contract says it (instants as ISO strings). */
export function senderAnswer(sender: SenderView): SuccessBody<"GET /brands/:id/sender">["sender"] {
  return { ...sender, unsubscribedAt: sender.unsubscribedAt?.toISOString() ?? null };
}

/** A person's alert rules, how many they may keep, and the brands a rule may name. */
export function alertRulesAnswer({ rules, brands }: AlertRulesOverview): SuccessBody<"GET /alert-rules"> {
  return { rules, maxRules: MAX_ALERT_RULES, brands };
}
