import * as t from "io-ts";
import type { Brand } from "../domain/brand";
import { UserCodec } from "./auth";
import { GmailLabelCodec } from "./gmail";
import { nullable } from "./nullable";
import type { Same } from "./same";

export const BrandCodec = t.type({ id: t.string, name: t.string, domain: t.string, isActive: t.boolean });

/** GET /settings. */
export const SettingsCodec = t.type({
  status: t.literal("success"),
  data: t.type({
    brands: t.array(BrandCodec),
    gmailLabels: t.array(GmailLabelCodec),
    gmailConnected: t.boolean,
    lastSync: nullable(t.string),
    linkedAccount: nullable(t.string),
    user: UserCodec,
  }),
});

/** GET /user/settings, PUT /user/settings (PUT takes the settings without emailsStopped; fields left out keep their values). */
export const UserPreferencesCodec = t.type({
  status: t.literal("success"),
  settings: t.type({
    weeklyReport: t.boolean,
    syncIntervalMinutes: t.number,
    /** The weekly report's day, ISO numbering: 1 is Monday, 7 Sunday. */
    reportWeekday: t.number,
    /** The weekly report's hour, 0 to 23, in timeZone; reminders go out at this hour too. */
    reportHour: t.number,
    /** An IANA time zone ("Europe/Berlin"). */
    timeZone: t.string,
    /** An email before a deal the person starred ("Remind me") ends, as many days before as they chose. */
    expiryReminders: t.boolean,
    /** Days before a starred deal ends that its reminder goes out: 0 (its last day), 1, 3 or 7 (src/domain/alertRules.ts). */
    reminderLeadDays: t.union([t.literal(0), t.literal(1), t.literal(3), t.literal(7)]),
    /** The emails of the person's own alert rules (at most one a day). */
    dealAlerts: t.boolean,
    /** Set when a mail server refused the address for good: both emails are off until the person turns one on again. */
    emailsStopped: nullable(t.type({ reason: t.string, at: t.string })),
  }),
});

/** POST /reports/test: a report sent now to the account's email. */
export const TestReportCodec = t.type({ success: t.literal(true), message: t.string });

/** POST /api/toggle_brand/{id} (a flip), and PUT /brands/{id}/state (the state asked for). */
export const BrandToggleCodec = t.type({ status: t.literal("success"), is_active: t.boolean, message: t.string });

/** DELETE /account: what was deleted, and whether Google access could be revoked. */
export const AccountDeletionCodec = t.type({
  success: t.literal(true),
  deleted: t.record(t.string, t.number),
  googleAccessRevoked: t.boolean,
  message: t.string,
});

/** Compile-time proof that the wire's brand is the domain's brand. */
const contractMatchesDomain: Same<t.TypeOf<typeof BrandCodec>, Brand> = true;
void contractMatchesDomain;
