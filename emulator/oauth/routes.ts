import { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { type EmulatorAccount, fullName } from "../accounts";
import { type AuthorizationServer, type AuthorizationStep } from "./authorizationServer";
import { CHOOSE_ACCOUNT_PATH, CONSENT_PATH, chooseAccountPage, consentPage, errorPage } from "./pages";
import { hasScope } from "./scopes";

export interface OAuthRouteDependencies {
  authorization: AuthorizationServer;
  accounts: readonly EmulatorAccount[];
  /** The app name the pages show for a client. */
  appName(clientId: string): string;
  /** The emulator's origin, known once it listens. */
  baseUrl(): string;
}

function searchParams(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, "http://emulator.invalid").searchParams;
}

function formBody(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-cache, no-store, max-age=0, must-revalidate").header("pragma", "no-cache");
}

/** Google's OpenID Connect endpoints at Google's own paths: discovery, keys, the sign-in pages, token, revoke, userinfo. */
export function registerOAuthRoutes(app: FastifyInstance, deps: OAuthRouteDependencies): void {
  const { authorization } = deps;

  app.get("/.well-known/openid-configuration", async () => {
    const baseUrl = deps.baseUrl();
    return {
      issuer: baseUrl,
      authorization_endpoint: `${baseUrl}/o/oauth2/v2/auth`,
      token_endpoint: `${baseUrl}/token`,
      userinfo_endpoint: `${baseUrl}/v1/userinfo`,
      revocation_endpoint: `${baseUrl}/revoke`,
      tokeninfo_endpoint: `${baseUrl}/tokeninfo`,
      jwks_uri: `${baseUrl}/oauth2/v3/certs`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: ["openid", "email", "profile"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      claims_supported: ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "sub"],
      code_challenge_methods_supported: ["plain", "S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    };
  });
  app.get("/oauth2/v3/certs", async (_request, reply) => reply.header("cache-control", "public, max-age=3600").send(authorization.jwks()));

  // The browser part: account chooser and consent, with the pending request kept server-side by id.
  const showStep = (reply: FastifyReply, step: AuthorizationStep) => {
    noStore(reply)
      .header("x-frame-options", "DENY")
      // The pages load nothing from anywhere: inline styles only.
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    switch (step.kind) {
      case "redirect":
        return reply.code(302).header("location", step.location).send();
      case "error-page":
        return reply.code(step.status).type("text/html; charset=utf-8").send(errorPage(step.status, step.error, step.detail));
      case "choose-account":
        return reply.type("text/html; charset=utf-8").send(chooseAccountPage(step.request, deps.accounts, deps.appName(step.request.client.clientId)));
      case "consent":
        return reply.type("text/html; charset=utf-8").send(consentPage(step.request, deps.appName(step.request.client.clientId)));
    }
  };
  app.get("/o/oauth2/v2/auth", async (request, reply) => showStep(reply, authorization.beginAuthorization(searchParams(request))));
  app.post(CHOOSE_ACCOUNT_PATH, async (request, reply) => {
    const form = formBody(request);
    return showStep(reply, authorization.chooseAccount(form.get("request"), form.get("account")));
  });
  app.post(CONSENT_PATH, async (request, reply) => {
    const form = formBody(request);
    return showStep(reply, authorization.decide(form.get("request"), form.get("decision") === "allow", form.getAll("scope")));
  });

  app.post("/token", async (request, reply) => {
    if (!(request.body instanceof URLSearchParams)) {
      return noStore(reply).code(400).send({ error: "invalid_request", error_description: "Request must be application/x-www-form-urlencoded." });
    }
    const answer = await authorization.token(request.body, request.headers.authorization);
    return noStore(reply).code(answer.status).send(answer.body);
  });

  const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = authorization.revoke(formBody(request).get("token") ?? searchParams(request).get("token"));
    return reply.code(answer.status).send(answer.body);
  };
  app.post("/revoke", revoke);
  app.get("/revoke", revoke);

  app.get("/tokeninfo", async (request, reply) => {
    const query = searchParams(request);
    const answer = await authorization.tokenInfo(query.get("access_token"), query.get("id_token"));
    return reply.code(answer.status).send(answer.body);
  });

  app.get("/v1/userinfo", async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    const caller = match ? authorization.authenticate(match[1]!) : null;
    if (!caller) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="https://accounts.google.com/", error="invalid_token"')
        .send({ error: "invalid_request", error_description: "Invalid Credentials" });
    }
    const { account, scopes } = caller;
    const info: Record<string, unknown> = { sub: account.sub };
    if (hasScope(scopes, "profile")) Object.assign(info, { name: fullName(account), given_name: account.givenName, family_name: account.familyName });
    if (hasScope(scopes, "email")) Object.assign(info, { email: account.email, email_verified: account.emailVerified });
    return info;
  });
}
