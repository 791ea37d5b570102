import { inject, injectable } from "inversify";
import { EarlyAccessGateway, type EarlyAccessReply, type EarlyAccessRequest } from "../../application/ports/earlyAccess";
import { EarlyAccessResponseCodec } from "../../contract/earlyAccess";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpEarlyAccessGateway extends EarlyAccessGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  submit(request: EarlyAccessRequest): Promise<EarlyAccessReply> {
    // The form shows its own toasts for every outcome.
    return this.http.post("/early-access", EarlyAccessResponseCodec, { body: request, silent: true });
  }
}
