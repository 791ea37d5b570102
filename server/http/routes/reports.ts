import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppServices } from "../services";
import type { Replies } from "../replies";
import { requireAuth, userIdOf } from "../authenticate";
import { sendError } from "../errors";
import { escapeHtml } from "../../infrastructure/mail/emailText";
import { MAX_UNSUBSCRIBE_TOKEN_LENGTH, type UnsubscribePurpose } from "../../application/reports/unsubscribeTokens";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";
import { limitPerAccount } from "../sharedRateLimit";

const WHAT: Readonly<Record<UnsubscribePurpose, string>> = { "weekly-report": "the weekly report", reminders: "the expiry reminders" };

/** A small page of our own: no script, no style (the CSP allows neither inline), the form posting to this same address. */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Deal Finder</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(page(title, body));
}

const badLink = (reply: FastifyReply) =>
  sendPage(reply, 400, "This link does not work", "<p>This unsubscribe link is not complete or not one of ours. Open Settings in Deal Finder to turn the emails off.</p>");

const tokenOf = (query: unknown): string | null => {
  const token = (query as { token?: unknown } | null)?.token;
  return typeof token === "string" && token.length > 0 && token.length <= MAX_UNSUBSCRIBE_TOKEN_LENGTH ? token : null;
};

/**
 * The test report, and one-click unsubscribe (RFC 8058): GET shows a page with a button and changes nothing (link
 * scanners open every link in a mail), POST turns the email off without signing in; the signed token says whose and which.
 */
export function registerReportRoutes(app: FastifyInstance, services: AppServices): void {
  const { sessions, reports, config, rateLimitCounter } = services;
  const rateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } };
  // Each test report is an email: limited per account too, so that many addresses do not make many emails.
  const perAccount = limitPerAccount(rateLimitCounter, ACCOUNT_LIMITS.testReport);

  // A mail client's one-click POST is a form (RFC 8058: urlencoded or multipart); the token in the address is all we read.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }

  app.post<{ Reply: Replies<"POST /reports/test"> }>("/reports/test", { onRequest: requireAuth(sessions), preHandler: perAccount, config: rateLimit }, async (request, reply) => {
    const outcome = await reports.sendTest(userIdOf(request));
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
  });

  app.get<{ Querystring: unknown }>("/reports/unsubscribe", { config: rateLimit }, async (request, reply) => {
    const token = tokenOf(request.query);
    if (!token) return badLink(reply);
    const purpose = services.reports.purposeOf(token);
    if (!purpose) return badLink(reply);
    const action = `?${new URLSearchParams({ token }).toString()}`;
    return sendPage(
      reply,
      200,
      `Unsubscribe from ${WHAT[purpose]}`,
      `<p>Press the button to stop ${escapeHtml(WHAT[purpose])}. You can turn it on again in Settings.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post<{ Querystring: unknown }>("/reports/unsubscribe", { config: rateLimit }, async (request, reply) => {
    const token = tokenOf(request.query);
    const done = token ? await reports.unsubscribe(token) : null;
    if (!done) return badLink(reply);
    return sendPage(reply, 200, "You are unsubscribed", `<p>You will get no more of ${escapeHtml(WHAT[done.purpose])}. You can turn it on again in Settings.</p>`);
  });
}
