import type { Money } from "../../src/domain/money";
import { BrandPageGateway, DealDetailsGateway, ShownDealFields, type DealOwnFields } from "../../src/application/ports/dealDetails";
import type { CallOptions } from "../../src/application/ports/settings";
import type { DealStatus } from "../../src/domain/deal";
import type { BrandPage, DealDetail } from "../../src/domain/dealDetail";
import type { ControlledAuthGateway, EffectLog } from "./fakePorts";

const how = (options?: CallOptions) => (options?.silent ? " (silent)" : "");

/** The deal and brand gateways as controlled fakes: each call waits for the test to settle it. */
export class ControlledDealDetailsGateway extends DealDetailsGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  detail(dealId: string, options?: CallOptions): Promise<DealDetail> {
    return this.calls.call("detail", ` ${dealId}${how(options)}`);
  }
  setStatus(dealId: string, status: DealStatus | null, options?: CallOptions, saved?: Money): Promise<DealStatus | null> {
    return this.calls.call(`setStatus ${dealId}`, ` ${status}${saved ? ` saved ${saved.hundredths} ${saved.currency}` : ""}${how(options)}`);
  }
}

export class ControlledBrandPageGateway extends BrandPageGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  brandPage(brandId: string, options?: CallOptions): Promise<BrandPage> {
    return this.calls.call("brandPage", ` ${brandId}${how(options)}`);
  }
}

/** The cached lists as a log: `show d1 used` for a status, `show d1 true` for a star. */
export class RecordedShownFields extends ShownDealFields {
  constructor(private readonly log: EffectLog) {
    super();
  }
  show(dealId: string, fields: DealOwnFields): void {
    this.log.record(`show ${dealId} ${Object.values(fields).map(String).join(" ")}`);
  }
}

const deal = {
  id: "d1",
  title: "20% off boots",
  description: "",
  brand: "Nike",
  brandId: "b1",
  brandDomain: "nike.com",
  category: "Fashion" as const,
  dealUrl: null,
  promoCode: "BOOTS20",
  discount: "20% off",
  expirationDate: null,
  imageUrls: [],
  source: "markup" as const,
  terms: [],
  codeConditions: [],
  status: null,
  remind: false,
  sentAt: null,
};

export const nikeDetail: DealDetail = {
  deal,
  email: { sender: "Nike <news@nike.com>", subject: "Boots, 20% off", sentAt: "2026-11-20T10:00:00.000Z", url: "https://mail.google.com/mail/u/0/#all/abc" },
};

export const nikePage: BrandPage = {
  brand: { id: "b1", name: "Nike", domain: "nike.com", isActive: true },
  currentDeals: [deal],
  pastDeals: [],
  typicalPercentOff: 20,
  emailsPerWeek: 1.5,
  emailCount: 3,
  today: "2026-11-27",
};
