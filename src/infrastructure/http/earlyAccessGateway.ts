import { EarlyAccessGateway, type EarlyAccessReply, type EarlyAccessRequest } from "../../application/ports/earlyAccess";
import { EarlyAccessResponseCodec } from "../../contract";
import type { HttpClient } from "./httpClient";

export class HttpEarlyAccessGateway extends EarlyAccessGateway {
  constructor(private readonly http: HttpClient) {
    super();
  }

  submit(request: EarlyAccessRequest): Promise<EarlyAccessReply> {
    // The form shows its own toasts for every outcome.
    return this.http.post("/early-access", EarlyAccessResponseCodec, { body: request, silent: true });
  }
}
