import { inject, injectable } from "inversify";
import { BrandPageGateway, DealDetailsGateway } from "../../application/ports/dealDetails";
import type { CallOptions } from "../../application/ports/settings";
import type { DealStatus } from "../../domain/deal";
import type { Money } from "../../domain/money";
import type { BrandPage, DealDetail } from "../../domain/dealDetail";
import { BrandPageCodec, DealDetailCodec, DealStatusAnswerCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpDealDetailsGateway extends DealDetailsGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  detail(dealId: string, options: CallOptions = {}): Promise<DealDetail> {
    return this.http.get(`/deals/${encodeURIComponent(dealId)}`, DealDetailCodec, options);
  }

  async setStatus(dealId: string, status: DealStatus | null, options: CallOptions = {}, saved?: Money): Promise<DealStatus | null> {
    const body = saved ? { status, saved: { hundredths: saved.hundredths, currency: saved.currency } } : { status };
    const answer = await this.http.request("PUT", `/deals/${encodeURIComponent(dealId)}/status`, DealStatusAnswerCodec, { ...options, body });
    return answer.status;
  }
}

@injectable()
export class HttpBrandPageGateway extends BrandPageGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  brandPage(brandId: string, options: CallOptions = {}): Promise<BrandPage> {
    return this.http.get(`/brands/${encodeURIComponent(brandId)}`, BrandPageCodec, options);
  }
}
