import { isLeft } from "fp-ts/lib/Either";
import type * as t from "io-ts";
import { PathReporter } from "io-ts/lib/PathReporter";
import { ExtensionCodesCodec, ExtensionLogoutCodec, ExtensionTokensCodec } from "../../../src/contract/extension";
import type { ExtensionCodesDto, ExtensionTokensDto } from "../../../src/contract/extension";
import { SessionEnded } from "../machines/sessionMachine";

/** The server's own words on a refusal ({ success: false, message }), or a plain one. */
function messageOf(body: unknown, status: number): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.length > 0 ? message : `Deal Finder answered ${status}.`;
}

/**
 * Deal Finder's extension API over fetch, every answer decoded with the wire contract. No request carries anything
 * about the pages the person visits: only the pairing code and the extension's own tokens.
 */
export class ExtensionApi {
  constructor(
    private readonly appUrl: string,
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  private async call<C extends t.Mixed>(codec: C, method: string, path: string, options: { token?: string; body?: unknown }): Promise<t.TypeOf<C>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await this.fetchFn(`${this.appUrl}/api${path}`, {
      method,
      headers,
      credentials: "omit",
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) throw new SessionEnded(messageOf(body, 401));
    if (!response.ok) throw new Error(messageOf(body, response.status));
    const decoded = codec.decode(body);
    if (isLeft(decoded)) throw new Error(`Deal Finder sent an answer this extension does not understand: ${PathReporter.report(decoded).join("; ")}`);
    return decoded.right;
  }

  pair(code: string): Promise<ExtensionTokensDto> {
    return this.call(ExtensionTokensCodec, "POST", "/extension/sessions", { body: { code } }).catch((error: unknown) => {
      // A refused pairing code is not an ended session: say why pairing failed.
      throw error instanceof SessionEnded ? new Error(error.message) : error;
    });
  }

  refresh(refreshToken: string): Promise<ExtensionTokensDto> {
    return this.call(ExtensionTokensCodec, "POST", "/extension/sessions/refresh", { body: { refreshToken } });
  }

  codes(accessToken: string): Promise<ExtensionCodesDto> {
    return this.call(ExtensionCodesCodec, "GET", "/extension/codes", { token: accessToken });
  }

  async logout(accessToken: string): Promise<void> {
    await this.call(ExtensionLogoutCodec, "POST", "/extension/logout", { token: accessToken });
  }
}
