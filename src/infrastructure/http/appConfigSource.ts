import { isRight } from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { AppConfigSource, type AppConfig } from "../../application/ports/appConfig";
import { AppConfigCodec } from "../../contract/auth";
import { HttpClient } from "./httpClient";

/** GET /app-config, asked once per page load. */
@injectable()
export class HttpAppConfigSource extends AppConfigSource {
  private loaded: Promise<AppConfig> | null = null;

  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  load(): Promise<AppConfig> {
    this.loaded ??= this.http.get("/app-config", AppConfigCodec, { silent: true }).catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }
}

/** The configuration the server wrote into the page (server/http/staticFiles.ts): known at once, nothing fetched. */
export class InlineAppConfigSource extends AppConfigSource {
  constructor(private readonly config: AppConfig) {
    super();
  }

  load(): Promise<AppConfig> {
    return Promise.resolve(this.config);
  }
}

/** The page's `<script id="app-config" type="application/json">`, decoded with the wire contract; null when absent or malformed. */
export function readInlineAppConfig(document: Document): AppConfig | null {
  const text = document.getElementById("app-config")?.textContent;
  if (!text) return null;
  try {
    const decoded = AppConfigCodec.decode(JSON.parse(text));
    return isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
}
