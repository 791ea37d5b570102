import { jsonAnswers, otherAnswers, type Replies } from "../replies";
import { userIdOf } from "../authenticate";
import { answerTestReport } from "../presenters";
import { perAddressLimit, signedInOnly, type RoutePlugin } from "../routePlugin";
import { unsubscribePages } from "../unsubscribePages";
import { MAX_UNSUBSCRIBE_TOKEN_LENGTH } from "../../application/reports/unsubscribeTokens";
import { ACCOUNT_LIMITS } from "../../../src/domain/requestLimits";
import { limitPerAccount } from "../sharedRateLimit";

const tokenOf = (query: unknown): string | null => {
  const token = (query as { token?: unknown } | null)?.token;
  return typeof token === "string" && token.length > 0 && token.length <= MAX_UNSUBSCRIBE_TOKEN_LENGTH ? token : null;
};

/** The unsubscribe pages' answers: an HTML page, a link that is not ours a 400 page too. */
const unsubscribePageAnswers = (route: "GET /reports/unsubscribe" | "POST /reports/unsubscribe") =>
  otherAnswers(
    route,
    { status: 200, description: "An HTML page: the button that unsubscribes (GET), or that it is done (POST)." },
    { mediaType: "text/html", description: "An HTML page saying the link is not complete or not one of ours." },
  );

/**
 * The test report, and one-click unsubscribe (RFC 8058): GET shows a page with a button and changes nothing (link
 * scanners open every link in a mail), POST turns the email off without signing in; the signed token says whose and which.
 */
export const reportRoutes: RoutePlugin = async (app, { services }) => {
  const { reports, config, rateLimitCounter } = services;
  const rateLimit = perAddressLimit(config.authRateLimitPerMinute);

  // A mail client's one-click POST is a form (RFC 8058: urlencoded or multipart); the token in the address is all we
  // read. Parsed in this plugin alone: every other route takes JSON.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }

  app.get<{ Querystring: unknown }>("/reports/unsubscribe", { config: rateLimit, schema: { response: unsubscribePageAnswers("GET /reports/unsubscribe") } }, async (request, reply) => {
    const token = tokenOf(request.query);
    const purpose = token ? reports.purposeOf(token) : null;
    return token && purpose ? unsubscribePages.confirm(reply, token, purpose) : unsubscribePages.badLink(reply);
  });

  app.post<{ Querystring: unknown }>("/reports/unsubscribe", { config: rateLimit, schema: { response: unsubscribePageAnswers("POST /reports/unsubscribe") } }, async (request, reply) => {
    const token = tokenOf(request.query);
    const done = token ? await reports.unsubscribe(token) : null;
    return done ? unsubscribePages.done(reply, done.purpose) : unsubscribePages.badLink(reply);
  });

  await app.register(async (signedIn) => {
    signedInOnly(signedIn, services);

    // Each test report is an email: limited per account too, so that many addresses do not make many emails.
    signedIn.post<{ Reply: Replies<"POST /reports/test"> }>(
      "/reports/test",
      { config: rateLimit, preHandler: limitPerAccount(rateLimitCounter, ACCOUNT_LIMITS.testReport), schema: { response: jsonAnswers("POST /reports/test") } },
      async (request, reply) => answerTestReport(reply, await reports.sendTest(userIdOf(request))),
    );
  });
};
