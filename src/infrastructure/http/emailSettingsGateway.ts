import { inject, injectable } from "inversify";
import type * as t from "io-ts";
import { EmailSettingsGateway, type EmailPreferences, type EmailPreferencesChange } from "../../application/ports/emailSettings";
import type { CallOptions } from "../../application/ports/settings";
import { TestReportCodec, UserPreferencesCodec } from "../../contract";
import { HttpClient } from "./httpClient";

type UserPreferences = t.TypeOf<typeof UserPreferencesCodec>["settings"];

// The sync interval lives in the same record but is not this card's: it is neither shown nor sent back.
const emailPreferencesOf = ({
  weeklyReport,
  reportWeekday,
  reportHour,
  timeZone,
  expiryReminders,
  reminderLeadDays,
  dealAlerts,
  emailsStopped,
}: UserPreferences): EmailPreferences => ({
  weeklyReport,
  reportWeekday,
  reportHour,
  timeZone,
  expiryReminders,
  reminderLeadDays,
  dealAlerts,
  emailsStopped,
});

@injectable()
export class HttpEmailSettingsGateway extends EmailSettingsGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  async preferences(options: CallOptions = {}): Promise<EmailPreferences> {
    return emailPreferencesOf((await this.http.get("/user/settings", UserPreferencesCodec, options)).settings);
  }

  async update(change: EmailPreferencesChange, options: CallOptions = {}): Promise<EmailPreferences> {
    const answer = await this.http.request("PUT", "/user/settings", UserPreferencesCodec, { ...options, body: change });
    return emailPreferencesOf(answer.settings);
  }

  async sendTestReport(options: CallOptions = {}): Promise<string> {
    return (await this.http.post("/reports/test", TestReportCodec, options)).message;
  }
}
