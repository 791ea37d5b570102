import { inject, injectable } from "inversify";
import { DealCorrectionGateway } from "../../application/ports/dealCorrections";
import type { CallOptions } from "../../application/ports/settings";
import type { CorrectionRequest, DealCorrection } from "../../domain/dealCorrection";
import { DealCorrectionCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpDealCorrectionGateway extends DealCorrectionGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  private path(dealId: string): string {
    return `/deals/${encodeURIComponent(dealId)}/correction`;
  }

  correction(dealId: string, options: CallOptions = {}): Promise<DealCorrection> {
    return this.http.get(this.path(dealId), DealCorrectionCodec, options);
  }

  correct(dealId: string, request: CorrectionRequest, options: CallOptions = {}): Promise<DealCorrection> {
    return this.http.request("PUT", this.path(dealId), DealCorrectionCodec, { ...options, body: request });
  }

  undo(dealId: string, options: CallOptions = {}): Promise<DealCorrection> {
    return this.http.request("DELETE", this.path(dealId), DealCorrectionCodec, options);
  }
}
