import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CookieSerializeOptions } from "@fastify/cookie";
import { OAUTH_STATE_TTL_MS, type StartedFlow } from "../application/auth/googleSignIn";
import type { ServerConfig } from "../config";

/** Where Google sends the browser back, under the API prefix. */
export const GOOGLE_CALLBACK_ROUTE = "/google-signin/callback";

export const SIGN_IN_BINDING_COOKIE = "signin_binding";

/**
 * The cookie that binds a Google flow to the browser that started it (see GoogleSignInService). HttpOnly, so no
 * script reads it; SameSite=Lax, so it comes back on Google's top-level redirect but on no cross-site subrequest;
 * sent only to the callback; and it lasts as long as the flow's state.
 */
export function signInBindingCookie(app: FastifyInstance, config: ServerConfig) {
  const publicUrl = new URL(config.publicUrl);
  const options: CookieSerializeOptions = {
    // The path the browser opens: PUBLIC_URL may sit under a path of its own behind a proxy.
    path: new URL(`${config.publicUrl}${app.prefix}${GOOGLE_CALLBACK_ROUTE}`).pathname,
    httpOnly: true,
    sameSite: "lax",
    secure: publicUrl.protocol === "https:",
  };
  return {
    /** Sets the flow's cookie on this browser and answers what the SPA may see of the flow. */
    bind(reply: FastifyReply, started: StartedFlow): { authUrl: string; state: string } {
      reply.setCookie(SIGN_IN_BINDING_COOKIE, started.browserBinding, { ...options, maxAge: OAUTH_STATE_TTL_MS / 1000 });
      return { authUrl: started.authUrl, state: started.state };
    },
    presentedBy(request: FastifyRequest): string | undefined {
      return request.cookies[SIGN_IN_BINDING_COOKIE];
    },
    clear(reply: FastifyReply): void {
      reply.clearCookie(SIGN_IN_BINDING_COOKIE, options);
    },
  };
}
