import type * as t from "io-ts";
import { isLeft } from "fp-ts/Either";
import { PathReporter } from "io-ts/PathReporter";
import { RequestError } from "../../application/errors";
import type { RefreshResult } from "../../application/machines/tokenRefreshMachine";
import { inject, injectable } from "inversify";
import { SessionStore } from "../../application/ports/session";
import { Notifier } from "../../application/ports/notifications";
import { Navigation } from "../../application/ports/platform";
import { serviceToken } from "../../application/services";
import { REQUEST_FAILED_TITLE, SESSION_EXPIRED_TITLE } from "../../application/messages";
import { decodeAnswer } from "./decodeAnswer";
import { takeEarlyResponse } from "./earlyRequests";

export const HTTP_TIMEOUT_MS = 30_000;
export const NETWORK_ERROR_MESSAGE = "Network error occurred";

export interface HttpConfig {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

export const HTTP_CONFIG = serviceToken<HttpConfig>("HttpConfig");
/** The browser's fetch; tests give a fake API's. */
export const FETCH = serviceToken<typeof fetch>("fetch");
/** Asks the token refresh machine for a refresh (or joins the running one), and tells how it ended. */
export type RefreshSession = () => Promise<RefreshResult>;
export const REFRESH_SESSION = serviceToken<RefreshSession>("RefreshSession");

type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The caller shows its own message, so no 'Request failed' toast (a session's end is still said). */
  silent?: boolean;
}

/** Calls whose 401 means "these credentials are wrong", not "the access token expired". */
const NO_REFRESH_PATHS = ["/auth/refresh", "/auth/complete"];
/**
 * Signing out refreshes an expired access token like any call, so that the server still ends the session (and the
 * extension paired from it); a 401 after that means the session had already ended, which is what was asked for.
 */
const SIGN_OUT_PATH = "/logout";

/** Arrays repeat their key without index brackets (a=1&a=2); empty values are left out. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The one way the SPA talks to the API: JSON over fetch with a timeout, the bearer token when one is stored, one
 * refresh and retry on 401, every answer decoded with its wire codec, every failure a RequestError.
 */
@injectable()
export class HttpClient {
  constructor(
    @inject(HTTP_CONFIG) private readonly config: HttpConfig,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(Navigation) private readonly navigation: Navigation,
    @inject(REFRESH_SESSION) private readonly refreshSession: RefreshSession,
  ) {}

  get<A>(path: string, codec: t.Decoder<unknown, A>, options: RequestOptions = {}): Promise<A> {
    return this.request("GET", path, codec, options);
  }

  post<A>(path: string, codec: t.Decoder<unknown, A>, options: RequestOptions = {}): Promise<A> {
    return this.request("POST", path, codec, options);
  }

  async request<A>(method: string, path: string, codec: t.Decoder<unknown, A>, options: RequestOptions): Promise<A> {
    // Signed out here (or the account deleted) while this request was on its way: its 401 is expected.
    let endedHere = false;
    try {
      let sent = await this.send(method, path, options);
      if (sent.response.status === 401 && !NO_REFRESH_PATHS.includes(path)) {
        const stored = this.session.accessToken();
        endedHere = stored === null && sent.token !== null;
        // A refresh that finished while this request was in flight already stored a new token: just retry.
        const retry = endedHere ? false : stored !== null && stored !== sent.token ? true : await this.refreshed();
        if (retry) sent = await this.send(method, path, options);
      }
      return await this.decode(method, path, sent.response, codec);
    } catch (error) {
      const failure =
        error instanceof RequestError ? error : new RequestError(null, "network_error", NETWORK_ERROR_MESSAGE);
      // A 401 that survived the refresh means the session has ended, not that this one request failed.
      const sessionEnded = failure.status === 401 && !NO_REFRESH_PATHS.includes(path) && path !== SIGN_OUT_PATH && !endedHere;
      if (this.shouldToast(path, options, sessionEnded) && !endedHere) {
        const title = sessionEnded ? SESSION_EXPIRED_TITLE : REQUEST_FAILED_TITLE;
        this.notifier.notify({ title, description: failure.message, variant: "destructive" });
      }
      throw failure;
    }
  }

  /**
   * Whether a refresh stored a new token. One that could not be made (no answer, a server fault) kept the session, and
   * this request fails as the refresh did, not as a session that ended.
   */
  private async refreshed(): Promise<boolean> {
    const result = await this.refreshSession();
    if (result.kind === "unavailable") throw result.failure;
    return result.kind === "refreshed";
  }

  private shouldToast(path: string, options: RequestOptions, sessionEnded: boolean): boolean {
    if (path.startsWith("/auth/") || this.navigation.currentPath() === "/oauth-callback") return false;
    // A silent caller says itself that its request failed; the session's end is the whole app's news.
    return !options.silent || sessionEnded;
  }

  private async send(method: string, path: string, options: RequestOptions) {
    const token = this.session.accessToken();
    // The page's own script may have asked already (earlyRequests.ts); if that failed, this asks again.
    const early = method === "GET" && token && options.query === undefined ? takeEarlyResponse(path, token) : null;
    const answered = early && (await early.catch(() => null));
    if (answered) return { response: answered, token };
    const headers: Record<string, string> = { Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.config.timeoutMs);
    try {
      const response = await this.config.fetch(`${this.config.baseUrl}${path}${toQueryString(options.query)}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        // Our API authenticates with bearer tokens. Its one cookie binds a Google flow to this browser: set by the
        // flow's start answer (which "omit" would drop) and sent only to the callback, a top-level navigation.
        // Cross-origin calls neither send nor store cookies.
        credentials: "same-origin",
        signal: controller.signal,
      });
      return { response, token };
    } catch {
      throw new RequestError(null, controller.signal.aborted ? "timeout" : "network_error", NETWORK_ERROR_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
  }

  private async decode<A>(method: string, path: string, response: Response, codec: t.Decoder<unknown, A>): Promise<A> {
    const text = await response.text().catch(() => null);
    // The status came and the body did not (the connection cut, or the page left while it was on its way): a success
    // so cut is no answer at all rather than a wrong one, and fails as unreachable, which ends no session.
    if (text === null && response.ok) throw new RequestError(null, "network_error", NETWORK_ERROR_MESSAGE);
    const body = parsedJson(text);
    if (!response.ok) {
      const error = body as { code?: unknown; message?: unknown; error?: unknown } | undefined;
      const serverMessage =
        typeof error?.message === "string" && error.message
          ? error.message
          : typeof error?.error === "string" && error.error
            ? error.error
            : null;
      throw new RequestError(
        response.status,
        typeof error?.code === "string" ? error.code : "http_error",
        serverMessage ?? NETWORK_ERROR_MESSAGE,
        serverMessage,
      );
    }
    const decoded = decodeAnswer(codec, body);
    if (isLeft(decoded)) {
      const problems = PathReporter.report(decoded).slice(0, 3).join("; ");
      throw new RequestError(response.status, "bad_response", `Unexpected response from ${method} ${path}: ${problems}`);
    }
    return decoded.right;
  }
}

/** The JSON a body holds, or undefined when it holds none (empty, not JSON, or not read). */
function parsedJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
