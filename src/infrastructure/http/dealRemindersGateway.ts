import { inject, injectable } from "inversify";
import { DealReminderGateway } from "../../application/ports/dealReminders";
import type { CallOptions } from "../../application/ports/settings";
import { ReminderAnswerCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpDealReminderGateway extends DealReminderGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  async setReminder(dealId: string, remind: boolean, options: CallOptions = {}): Promise<boolean> {
    const answer = await this.http.request("PUT", `/deals/${encodeURIComponent(dealId)}/reminder`, ReminderAnswerCodec, { ...options, body: { remind } });
    return answer.remind;
  }
}
