import { inject, injectable } from "inversify";
import { AppConfigSource, type AppConfig } from "../../application/ports/appConfig";
import { AppConfigCodec } from "./contract";
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
