import { inject, injectable } from "inversify";
import { ExtensionGateway, type ConnectedExtension } from "../../application/ports/extension";
import { ExtensionDisconnectedCodec, ExtensionSessionsCodec, PairingCodeCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpExtensionGateway extends ExtensionGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  async createPairingCode(): Promise<string> {
    // The page says why pairing could not start.
    return (await this.http.post("/extension/pairing-codes", PairingCodeCodec, { silent: true })).code;
  }

  async connectedExtensions(): Promise<ConnectedExtension[]> {
    return (await this.http.get("/extension/sessions", ExtensionSessionsCodec, { silent: true })).sessions;
  }

  async disconnect(sessionId: string): Promise<string> {
    const answer = await this.http.request("DELETE", `/extension/sessions/${encodeURIComponent(sessionId)}`, ExtensionDisconnectedCodec, { silent: true });
    return answer.message;
  }
}
