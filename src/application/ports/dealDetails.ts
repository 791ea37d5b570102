import type { DealStatus } from "../../domain/deal";
import type { BrandPage, DealDetail } from "../../domain/dealDetail";
import type { CallOptions } from "./settings";

/** GET /deals/:id and PUT /deals/:id/status: a deal's source, and its owner's status of it. */
export abstract class DealDetailsGateway {
  abstract detail(dealId: string, options?: CallOptions): Promise<DealDetail>;
  /** Answers the status the server now holds. */
  abstract setStatus(dealId: string, status: DealStatus | null, options?: CallOptions): Promise<DealStatus | null>;
}

/**
 * The statuses every view shows, before and after the server has them: marking a deal changes the cached dashboard
 * at once, so the deal moves between the Active, Used and Didn't-work lists without a reload.
 */
export abstract class ShownDealStatuses {
  abstract show(dealId: string, status: DealStatus | null): void;
}

/** GET /brands/:id. */
export abstract class BrandPageGateway {
  abstract brandPage(brandId: string, options?: CallOptions): Promise<BrandPage>;
}
