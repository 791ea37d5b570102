import type { CorrectionRequest, DealCorrection } from "../../domain/dealCorrection";
import type { CallOptions } from "./settings";

/** GET, PUT and DELETE /deals/:id/correction: what the person corrected of a deal. Failures throw RequestError. */
export abstract class DealCorrectionGateway {
  abstract correction(dealId: string, options?: CallOptions): Promise<DealCorrection>;
  /** Corrects the fields given; answers what is corrected now. */
  abstract correct(dealId: string, request: CorrectionRequest, options?: CallOptions): Promise<DealCorrection>;
  /** Back to what the mail said, the brand's fields included. */
  abstract undo(dealId: string, options?: CallOptions): Promise<DealCorrection>;
}
