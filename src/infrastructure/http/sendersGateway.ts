import { inject, injectable } from "inversify";
import { SendersGateway, type Sender } from "../../application/ports/senders";
import { SenderAnswerCodec, SendersCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpSendersGateway extends SendersGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  // The card says what failed, so the requests are silent (no toast of their own).
  async list(): Promise<Sender[]> {
    return (await this.http.get("/senders", SendersCodec, { silent: true })).senders;
  }

  async ofBrand(brandId: string): Promise<Sender> {
    return (await this.http.get(`/brands/${encodeURIComponent(brandId)}/sender`, SenderAnswerCodec, { silent: true })).sender;
  }

  async unsubscribe(senderId: string): Promise<Sender> {
    return (await this.http.post(`/senders/${encodeURIComponent(senderId)}/unsubscribe`, SenderAnswerCodec, { silent: true })).sender;
  }
}
