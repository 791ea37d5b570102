import type { Deal, DealStatus } from "../../domain/deal";
import type { BrandPage, DealDetail } from "../../domain/dealDetail";
import type { Money } from "../../domain/money";
import type { CallOptions } from "./settings";

/** GET /deals/:id and PUT /deals/:id/status: a deal's source, and its owner's status of it. */
export abstract class DealDetailsGateway {
  abstract detail(dealId: string, options?: CallOptions): Promise<DealDetail>;
  /** Answers the status the server now holds; `saved` is the saving recorded with "used" (none keeps the last). */
  abstract setStatus(dealId: string, status: DealStatus | null, options?: CallOptions, saved?: Money): Promise<DealStatus | null>;
}

/** A deal's own fields, which its owner changes: its status and its reminder. */
export type DealOwnFields = Partial<Pick<Deal, "status" | "remind">>;

/**
 * What every view shows of a deal's own fields, before and after the server has them: a change updates the cached
 * dashboard at once, so a marked deal moves between its lists, and a star lights, without a reload.
 */
export abstract class ShownDealFields {
  abstract show(dealId: string, fields: DealOwnFields): void;
}

/** GET /brands/:id. */
export abstract class BrandPageGateway {
  abstract brandPage(brandId: string, options?: CallOptions): Promise<BrandPage>;
}
