import { inject, injectable } from "inversify";
import type { AlertRule } from "../../domain/alertRules";
import { AlertRulesGateway, type AlertRulesOverview } from "../../application/ports/alertRules";
import type { CallOptions } from "../../application/ports/settings";
import { AlertRulesCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpAlertRulesGateway extends AlertRulesGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  rules(options: CallOptions = {}): Promise<AlertRulesOverview> {
    return this.http.get("/alert-rules", AlertRulesCodec, options);
  }

  add(rule: AlertRule, options: CallOptions = {}): Promise<AlertRulesOverview> {
    return this.http.request("POST", "/alert-rules", AlertRulesCodec, { ...options, body: rule });
  }

  remove(ruleId: string, options: CallOptions = {}): Promise<AlertRulesOverview> {
    return this.http.request("DELETE", `/alert-rules/${encodeURIComponent(ruleId)}`, AlertRulesCodec, options);
  }
}
