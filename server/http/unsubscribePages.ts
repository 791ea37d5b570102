import type { FastifyReply } from "fastify";
import { escapeHtml } from "../infrastructure/mail/emailText";
import type { UnsubscribePurpose } from "../application/reports/unsubscribeTokens";

const WHAT: Readonly<Record<UnsubscribePurpose, string>> = {
  "weekly-report": "the weekly report",
  reminders: "the expiry reminders",
  alerts: "the deal alerts",
};

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

/** The pages of one-click unsubscribe (RFC 8058), which a person opens from a mail rather than from the app. */
export const unsubscribePages = {
  badLink: (reply: FastifyReply) =>
    sendPage(reply, 400, "This link does not work", "<p>This unsubscribe link is not complete or not one of ours. Open Settings in Deal Finder to turn the emails off.</p>"),

  /** The button that unsubscribes, posting the token back to the same address. */
  confirm: (reply: FastifyReply, token: string, purpose: UnsubscribePurpose) =>
    sendPage(
      reply,
      200,
      `Unsubscribe from ${WHAT[purpose]}`,
      `<p>Press the button to stop ${escapeHtml(WHAT[purpose])}. You can turn it on again in Settings.</p>
<form method="post" action="${escapeHtml(`?${new URLSearchParams({ token }).toString()}`)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    ),

  done: (reply: FastifyReply, purpose: UnsubscribePurpose) =>
    sendPage(reply, 200, "You are unsubscribed", `<p>You will get no more of ${escapeHtml(WHAT[purpose])}. You can turn it on again in Settings.</p>`),
};
