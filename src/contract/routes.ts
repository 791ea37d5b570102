import * as t from "io-ts";
import { AlertRulesCodec } from "./alerts";
import { AppConfigCodec, AuthMeCodec, ConnectGmailCodec, ExtensionPairedHereCodec, GoogleAuthStartCodec, LoginResponseCodec, LogoutResponseCodec, RefreshResponseCodec } from "./auth";
import { DashboardCodec, DashboardDealsPageCodec, DiscoverPageCodec } from "./dashboard";
import { BrandPageCodec, DealCorrectionCodec, DealDetailCodec, DealStatusAnswerCodec, ReminderAnswerCodec } from "./deals";
import { ApiErrorCodec } from "./errors";
import { ExtensionCodesCodec, ExtensionDisconnectedCodec, ExtensionLogoutCodec, ExtensionSessionsCodec, ExtensionTokensCodec, PairingCodeCodec } from "./extension";
import { GmailLabelsCodec, StatusMessageCodec, SyncStatusCodec } from "./gmail";
import { HealthCodec, NotReadyCodec, ReadyCodec } from "./health";
import { SenderAnswerCodec, SendersCodec } from "./senders";
import { EarlyAccessResponseCodec } from "./earlyAccess";
import { AccountDeletionCodec, BrandToggleCodec, SettingsCodec, TestReportCodec, UserPreferencesCodec } from "./settings";

/** What a route answers: its 2xx body (null when that is no JSON: a redirect, an image) and its 4xx and 5xx body. */
interface RouteContract<Success extends t.Mixed | null, Failure extends t.Mixed> {
  success: Success;
  failure: Failure;
}

const answers = <Success extends t.Mixed | null, Failure extends t.Mixed = typeof ApiErrorCodec>(
  success: Success,
  failure: Failure = ApiErrorCodec as t.Mixed as Failure,
): RouteContract<Success, Failure> => ({ success, failure });

/**
 * Every route of the API, as "METHOD /path" below the API's base address (Fastify's notation for parameters), with
 * the codecs of its answers. The server types each route's replies with it and its tests check every reply against
 * it; the SPA's adapters decode with the same codecs.
 */
export const API_ROUTES = {
  "GET /app-config": answers(AppConfigCodec),
  /** Liveness, for a load balancer or an orchestrator: no database involved. */
  "GET /health": answers(HealthCodec),
  /** Readiness: 503 NotReady when the database does not answer (and, like every route, a 400 for a malformed request). */
  "GET /ready": answers(ReadyCodec, t.union([NotReadyCodec, ApiErrorCodec])),
  "POST /login": answers(LoginResponseCodec),
  "GET /google-signin": answers(GoogleAuthStartCodec),
  "GET /google-signup": answers(GoogleAuthStartCodec),
  "GET /google-gmail-signin": answers(GoogleAuthStartCodec),
  "GET /link-google-account": answers(GoogleAuthStartCodec),
  /** Google's redirect back: answered with a redirect to the SPA's /oauth-callback page. */
  "GET /google-signin/callback": answers(null),
  /** A spent or foreign sign-in code is a 400 in the login answer's own failure shape. */
  "POST /auth/complete": answers(LoginResponseCodec, t.union([LoginResponseCodec.types[1], ApiErrorCodec])),
  "GET /auth/me": answers(AuthMeCodec),
  "POST /auth/refresh": answers(RefreshResponseCodec),
  "POST /logout": answers(LogoutResponseCodec),
  "GET /connect-gmail": answers(ConnectGmailCodec),
  "POST /sync-gmail": answers(StatusMessageCodec),
  "GET /sync-gmail": answers(SyncStatusCodec),
  "GET /dashboard-products": answers(DashboardCodec),
  "GET /dashboard-products/deals": answers(DashboardDealsPageCodec),
  "GET /discover": answers(DiscoverPageCodec),
  "GET /settings": answers(SettingsCodec),
  "POST /api/toggle_brand/:id": answers(BrandToggleCodec),
  "POST /disconnect-gmail": answers(StatusMessageCodec),
  "GET /gmail/labels": answers(GmailLabelsCodec),
  "PUT /gmail/labels": answers(GmailLabelsCodec),
  "POST /gmail/sync": answers(StatusMessageCodec),
  "GET /user/settings": answers(UserPreferencesCodec),
  "PUT /user/settings": answers(UserPreferencesCodec),
  "DELETE /account": answers(AccountDeletionCodec),
  "POST /early-access": answers(EarlyAccessResponseCodec),
  /** An image from an email, through our proxy: the image's bytes. */
  "GET /images/*": answers(null),
  "GET /deals/:id": answers(DealDetailCodec),
  "PUT /deals/:id/status": answers(DealStatusAnswerCodec),
  "PUT /deals/:id/reminder": answers(ReminderAnswerCodec),
  /** What the person corrected of a deal; PUT corrects fields ({ code, endDate, category, brand, notADeal }), DELETE undoes them all. */
  "GET /deals/:id/correction": answers(DealCorrectionCodec),
  "PUT /deals/:id/correction": answers(DealCorrectionCodec),
  "DELETE /deals/:id/correction": answers(DealCorrectionCodec),
  "POST /reports/test": answers(TestReportCodec),
  /** One-click unsubscribe (RFC 8058) from a report or a reminder, signed token in the query: a small HTML page. */
  "GET /reports/unsubscribe": answers(null),
  "POST /reports/unsubscribe": answers(null),
  "GET /brands/:id": answers(BrandPageCodec),
  /** Shows or hides a brand, { active: boolean }: idempotent, unlike the flip of POST /api/toggle_brand/:id. */
  "PUT /brands/:id/state": answers(BrandToggleCodec),
  "POST /extension/pairing-codes": answers(PairingCodeCodec),
  "POST /extension/sessions": answers(ExtensionTokensCodec),
  "POST /extension/sessions/refresh": answers(ExtensionTokensCodec),
  "POST /extension/logout": answers(ExtensionLogoutCodec),
  "GET /extension/codes": answers(ExtensionCodesCodec),
  "GET /extension/sessions": answers(ExtensionSessionsCodec),
  "GET /extension/paired-here": answers(ExtensionPairedHereCodec),
  "DELETE /extension/sessions/:id": answers(ExtensionDisconnectedCodec),
  /** "Your senders": per sender, mails a week, deals found and used, money saved, and how to unsubscribe. */
  "GET /senders": answers(SendersCodec),
  /** A brand's sender, for its page's "Does this sender pay off?". */
  "GET /brands/:id/sender": answers(SenderAnswerCodec),
  /** One-click unsubscribe (RFC 8058) from a sender's list (:id is the sender's), POSTed by the server on the person's behalf. */
  "POST /senders/:id/unsubscribe": answers(SenderAnswerCodec),
  /** The person's alert rules; POST adds one ({ kind, minPercent?, brand }), DELETE removes one. */
  "GET /alert-rules": answers(AlertRulesCodec),
  "POST /alert-rules": answers(AlertRulesCodec),
  "DELETE /alert-rules/:id": answers(AlertRulesCodec),
} as const;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRoute = keyof ApiRoutes;

/** The body of a route's 2xx answer. */
export type SuccessBody<Route extends ApiRoute> = ApiRoutes[Route]["success"] extends t.Mixed ? t.TypeOf<ApiRoutes[Route]["success"]> : never;
/** The body of a route's 4xx and 5xx answers. */
export type FailureBody<Route extends ApiRoute> = t.TypeOf<ApiRoutes[Route]["failure"]>;

/** The contract of "METHOD /path", or undefined when the API has no such route. */
export function routeContract(route: string): RouteContract<t.Mixed | null, t.Mixed> | undefined {
  return Object.hasOwn(API_ROUTES, route) ? API_ROUTES[route as ApiRoute] : undefined;
}
