import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink, type SinkMessage } from "../../emulator/outbox/mailSink";
import { AlertRulesCodec, ReminderAnswerCodec, UserPreferencesCodec } from "../../src/contract";
import { MAX_ALERT_RULES } from "../../src/domain/alertRules";
import { api, DATABASES, decode, startStack, type Stack } from "./support/stack";

/*
 * Alerts a person chooses, end to end: the reminder lead time, the alert rules' routes, and the alert emails as jobs
 * (the tick called at chosen instants of an injected clock, the queue's worker, nodemailer over SMTP, the local mail
 * sink). The people live in Tokyo (UTC+9): their day begins at 15:00 UTC.
 */
const ZONE = "Asia/Tokyo";

class TestClock {
  constructor(private current: Date) {}
  now = () => new Date(this.current);
  set(instant: Date | string) {
    this.current = new Date(instant);
  }
}

type Maybe<T> = T | null | undefined | false;

async function waitFor<T>(what: string, probe: () => Promise<Maybe<T>> | Maybe<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Long enough for a job queued by mistake to have been worked (the send queues' workers poll every second). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe.each(DATABASES)("alerts a person chooses (%s)", (database) => {
  const clock = new TestClock(new Date("2026-11-29T12:00:00Z"));
  let sink: MailSink;
  let stack: Stack;
  let serial = 0;

  /**
   * Before the clock moves on after a send: every claimed send recorded. The sink has the message before its worker
   * writes "sent", and a claim still "sending" when the clock jumps past its lease is taken again, as a stopped
   * worker's would be.
   */
  const sendsRecorded = () =>
    waitFor("the sends recorded", async () => (await stack.server.db.query("SELECT 1 FROM email_sends WHERE state = 'sending'")).length === 0);

  /** The messages to an address, newest first. */
  const to = (email: string): SinkMessage[] => sink.messages().filter((message) => message.envelopeTo.includes(email));
  const alertsTo = (email: string) => to(email).filter((message) => message.subject.startsWith("Deal alert"));

  /** A person in Tokyo with two brands, Torqhaven and Pawly, and no deals yet. */
  async function person(name: string, settings: object = {}) {
    const email = `${name}-${(serial += 1)}@example.com`;
    const db = stack.server.db;
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [email]);
    const { access_token: token } = await stack.server.services.sessions.start(user!.id);
    const brands = new Map<string, string>();
    for (const [domain, brandName] of [["torqhaven.com", "Torqhaven"], ["pawly.example", "Pawly"]] as const) {
      const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name) VALUES ($1, $2, $3) RETURNING id", [user!.id, domain, brandName]);
      brands.set(brandName, brand!.id);
    }
    const saved = await api(stack, "PUT", "/user/settings", { token, body: { timeZone: ZONE, reportHour: 5, ...settings } });
    expect(saved.status).toBe(200);
    let dealSerial = 0;
    /** A deal a sync stored at the clock's instant. */
    const deal = async (brand: string, title: string, fields: { codes?: string[]; discount?: string; expires?: string | null } = {}) => {
      const now = clock.now();
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, discount, expiration_date, source, created_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, '', 'Automotive', $6, $7, $8, 'text', $9, $9) RETURNING id`,
        [user!.id, brands.get(brand), `m${(dealSerial += 1)}`, (fields.codes ?? []).join(","), title, fields.codes ?? [], fields.discount ?? null, fields.expires === undefined ? "2026-12-20" : fields.expires, now],
      );
      return row!.id;
    };
    return { id: user!.id, email, token, deal };
  }

  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack({
      database,
      clock,
      env: { SMTP_URL: sink.smtpUrl, MAIL_FROM: "Deal Finder <deals@example.org>", MAIL_RETRY_DELAY_SECONDS: "1", MAIL_LEASE_SECONDS: "60" },
    });
  });

  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  it("sends a starred deal's reminder at the lead time the person chose", async () => {
    clock.set("2026-11-25T00:00:00Z");
    const early = await person("early", { reminderLeadDays: 3 });
    const usual = await person("usual");
    const sameDay = await person("same-day", { reminderLeadDays: 0 });
    const stars = new Map<string, string>();
    for (const who of [early, usual, sameDay]) {
      const id = await who.deal("Torqhaven", "Brake pads", { codes: ["PADS25"], expires: "2026-12-03" });
      const starred = await api(stack, "PUT", `/deals/${id}/reminder`, { token: who.token, body: { remind: true } });
      stars.set(who.email, decode(ReminderAnswerCodec, starred.body).remindAt!);
    }
    // 05:00 in Tokyo on 30 November, 2 December and 3 December.
    expect([...stars.values()]).toEqual(["2026-11-29T20:00:00.000Z", "2026-12-01T20:00:00.000Z", "2026-12-02T20:00:00.000Z"]);
    const reminders = (email: string) => to(email).filter((message) => message.subject.includes("PADS25"));

    clock.set("2026-11-29T20:00:00Z");
    await stack.server.services.reports.queueDue();
    const [first] = await waitFor("the early reminder", () => reminders(early.email).length > 0 && reminders(early.email));
    expect(first!.subject).toBe("Your Torqhaven code PADS25 ends in 3 days");
    await sendsRecorded();
    await settle();
    expect(reminders(usual.email)).toEqual([]);
    expect(reminders(sameDay.email)).toEqual([]);

    clock.set("2026-12-01T20:00:00Z");
    await stack.server.services.reports.queueDue();
    const [second] = await waitFor("the usual reminder", () => reminders(usual.email).length > 0 && reminders(usual.email));
    expect(second!.subject).toBe("Your Torqhaven code PADS25 ends tomorrow");
    await sendsRecorded();
    await settle();
    expect(reminders(sameDay.email)).toEqual([]);
    expect(reminders(early.email)).toHaveLength(1);

    clock.set("2026-12-02T20:00:00Z");
    await stack.server.services.reports.queueDue();
    const [last] = await waitFor("the same-day reminder", () => reminders(sameDay.email).length > 0 && reminders(sameDay.email));
    expect(last!.subject).toBe("Your Torqhaven code PADS25 ends today");
  });

  it("a lead time chosen after its hour has passed still reminds before the deal ends, once", async () => {
    clock.set("2026-11-25T00:00:00Z");
    const late = await person("late-chooser");
    const id = await late.deal("Torqhaven", "Wipers", { codes: ["WIPE5"], expires: "2026-12-03" });
    expect((await api(stack, "PUT", `/deals/${id}/reminder`, { token: late.token, body: { remind: true } })).status).toBe(200);
    // On 1 December in Tokyo the person moves the reminder to 7 days before: that instant is gone, the end is not.
    clock.set("2026-11-30T22:00:00Z");
    const { access_token: token } = await stack.server.services.sessions.start(late.id);
    expect((await api(stack, "PUT", "/user/settings", { token, body: { reminderLeadDays: 7 } })).status).toBe(200);
    await stack.server.services.reports.queueDue();
    const reminders = () => to(late.email).filter((message) => message.subject.includes("WIPE5"));
    const [reminder] = await waitFor("the reminder", () => reminders().length > 0 && reminders());
    expect(reminder!.subject).toBe("Your Torqhaven code WIPE5 ends in 2 days");
    await sendsRecorded();
    clock.set("2026-12-01T20:00:00Z");
    await stack.server.services.reports.queueDue();
    await settle();
    expect(reminders()).toHaveLength(1);
  });

  it("lists, adds and removes a person's rules, checking the brand, the percent and the cap", async () => {
    const keeper = await person("keeper");
    const other = await person("other");
    const rulesOf = async (token: string) => decode(AlertRulesCodec, (await api(stack, "GET", "/alert-rules", { token })).body);
    expect(await rulesOf(keeper.token)).toEqual({ rules: [], maxRules: MAX_ALERT_RULES, brands: ["Pawly", "Torqhaven"] });

    const added = await api(stack, "POST", "/alert-rules", { token: keeper.token, body: { kind: "code", brand: "torqhaven" } });
    expect(added.status).toBe(201);
    expect(decode(AlertRulesCodec, added.body).rules).toMatchObject([{ kind: "code", brand: "Torqhaven" }]);
    const percent = await api(stack, "POST", "/alert-rules", { token: keeper.token, body: { kind: "percent", minPercent: 30, brand: null } });
    const [codeRule, percentRule] = decode(AlertRulesCodec, percent.body).rules;
    expect(percentRule).toMatchObject({ kind: "percent", minPercent: 30, brand: null });

    const refused = async (body: unknown, status: number, code: string) => {
      const answer = await api(stack, "POST", "/alert-rules", { token: keeper.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ success: false, code });
    };
    await refused({ kind: "code", brand: "Nike" }, 400, "alert_rule_unknown_brand");
    await refused({ kind: "code", brand: "TORQHAVEN" }, 409, "alert_rule_duplicate");
    await refused({ kind: "percent", minPercent: 4, brand: null }, 400, "invalid_alert_rule");
    await refused({ kind: "percent", minPercent: 30.5, brand: null }, 400, "invalid_alert_rule");
    await refused({ kind: "percent", brand: null }, 400, "invalid_alert_rule");
    await refused({ kind: "code", brand: "x".repeat(201) }, 400, "invalid_alert_rule");
    await refused({ kind: "everything" }, 400, "invalid_alert_rule");
    for (let percent = 40; (await rulesOf(keeper.token)).rules.length < MAX_ALERT_RULES; percent += 5) {
      expect((await api(stack, "POST", "/alert-rules", { token: keeper.token, body: { kind: "percent", minPercent: percent, brand: "Pawly" } })).status).toBe(201);
    }
    await refused({ kind: "code", brand: "Pawly" }, 409, "alert_rule_too_many");

    // Another person can neither see nor remove the rules.
    expect((await rulesOf(other.token)).rules).toEqual([]);
    expect((await api(stack, "DELETE", `/alert-rules/${codeRule!.id}`, { token: other.token })).status).toBe(404);
    expect((await api(stack, "DELETE", "/alert-rules/not-an-id", { token: keeper.token })).status).toBe(400);
    const removed = await api(stack, "DELETE", `/alert-rules/${codeRule!.id}`, { token: keeper.token });
    expect(decode(AlertRulesCodec, removed.body).rules.map((rule) => rule.id)).not.toContain(codeRule!.id);
    expect((await rulesOf(keeper.token)).rules).toHaveLength(MAX_ALERT_RULES - 1);
  });

  it("sends one alert email for one matching deal, one for two on the same day, and the next on the person's next day", async () => {
    clock.set("2026-11-30T01:00:00Z");
    const watcher = await person("watcher");
    const quiet = await person("quiet");
    expect((await api(stack, "POST", "/alert-rules", { token: watcher.token, body: { kind: "code", brand: "Torqhaven" } })).status).toBe(201);
    expect((await api(stack, "POST", "/alert-rules", { token: watcher.token, body: { kind: "percent", minPercent: 30, brand: "Pawly" } })).status).toBe(201);

    // Deals the rules leave out: a sale without a code, a percent below the threshold, an expired code.
    await watcher.deal("Torqhaven", "Tyre sale, no code", { discount: "50% off" });
    await watcher.deal("Pawly", "Treats, a little off", { discount: "20% off" });
    await watcher.deal("Torqhaven", "Old code", { codes: ["OLD1"], expires: "2026-11-29" });
    await quiet.deal("Torqhaven", "Someone else's code", { codes: ["NOTYOURS"] });
    await stack.server.services.alerts.queueDue();
    await settle();
    expect(alertsTo(watcher.email)).toEqual([]);

    // 11:00 and 11:30 in Tokyo on 30 November: two matching deals, two syncs, one email.
    clock.set("2026-11-30T02:00:00Z");
    await watcher.deal("Torqhaven", "Brake pads", { codes: ["PADS25"] });
    await watcher.deal("Pawly", "Half-price beds", { discount: "Up to 50% OFF" });
    await stack.server.services.alerts.queueDue();
    clock.set("2026-11-30T02:30:00Z");
    await stack.server.services.alerts.queueDue();
    const [alert] = await waitFor("the alert", () => alertsTo(watcher.email).length > 0 && alertsTo(watcher.email));
    expect(alert!.subject).toBe("Deal alert: 2 new deals you asked for");
    expect(alert!.text).toContain("PADS25");
    expect(alert!.text).toContain("Half-price beds");
    for (const left of ["Tyre sale, no code", "Treats, a little off", "OLD1"]) expect(alert!.text).not.toContain(left);
    expect(alert!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(alert!.from).toBe("deals@example.org");
    await sendsRecorded();
    await settle();
    expect(alertsTo(watcher.email)).toHaveLength(1);
    expect(alertsTo(quiet.email)).toEqual([]);

    // Another matching deal at 19:00 in Tokyo, the same day there: no second email that day.
    clock.set("2026-11-30T10:00:00Z");
    await watcher.deal("Torqhaven", "Wiper blades", { codes: ["WIPE5"] });
    await stack.server.services.alerts.queueDue();
    clock.set("2026-11-30T14:55:00Z");
    await stack.server.services.alerts.queueDue();
    await settle();
    expect(alertsTo(watcher.email)).toHaveLength(1);

    // 00:05 on 1 December in Tokyo (still 30 November in UTC): the next day's alert, with only the new deal.
    clock.set("2026-11-30T15:05:00Z");
    await stack.server.services.alerts.queueDue();
    // The sink lists the newest first.
    const second = await waitFor("the next day's alert", () => alertsTo(watcher.email).length > 1 && alertsTo(watcher.email)[0]);
    expect(second.subject).toBe("Deal alert: Torqhaven, Wiper blades");
    expect(second.text).toContain("WIPE5");
    expect(second.text).not.toContain("PADS25");
    await sendsRecorded();

    // Nothing new: the deals already alerted are never alerted again.
    clock.set("2026-12-01T16:00:00Z");
    await stack.server.services.alerts.queueDue();
    await settle();
    expect(alertsTo(watcher.email)).toHaveLength(2);
  });

  it("reads 'brands I follow' as the brands of the person's starred deals", async () => {
    clock.set("2026-12-02T01:00:00Z");
    const fan = await person("fan");
    expect((await api(stack, "POST", "/alert-rules", { token: fan.token, body: { kind: "percent", minPercent: 30, brand: null } })).status).toBe(201);
    const starred = await fan.deal("Pawly", "Bowls", { discount: "10% off" });
    expect((await api(stack, "PUT", `/deals/${starred}/reminder`, { token: fan.token, body: { remind: true } })).status).toBe(200);
    clock.set("2026-12-02T02:00:00Z");
    await fan.deal("Torqhaven", "Not followed", { discount: "60% off" });
    await fan.deal("Pawly", "Followed, 40%", { discount: "40% off" });
    await stack.server.services.alerts.queueDue();
    const [alert] = await waitFor("the alert", () => alertsTo(fan.email).length > 0 && alertsTo(fan.email));
    expect(alert!.subject).toBe("Deal alert: Pawly, 40% off");
    expect(alert!.text).not.toContain("Not followed");
  });

  it("looks at new deals as soon as a sync has stored them, through the alerts' tick job", async () => {
    clock.set("2026-12-05T01:00:00Z");
    const eager = await person("eager");
    expect((await api(stack, "POST", "/alert-rules", { token: eager.token, body: { kind: "code", brand: "Pawly" } })).status).toBe(201);
    await eager.deal("Pawly", "Fresh from a sync", { codes: ["FRESH"] });
    // What the sync engine calls after storing a group: the tick is queued and a worker runs it, no test calls queueDue.
    await stack.server.services.alerts.afterSync();
    const [alert] = await waitFor("the alert", () => alertsTo(eager.email).length > 0 && alertsTo(eager.email));
    expect(alert!.text).toContain("FRESH");
  });

  it("turns the alerts off by one-click unsubscribe, and sends none after", async () => {
    clock.set("2026-12-03T01:00:00Z");
    const leaver = await person("leaver");
    expect((await api(stack, "POST", "/alert-rules", { token: leaver.token, body: { kind: "code", brand: null } })).status).toBe(201);
    const starred = await leaver.deal("Torqhaven", "Starred", { codes: ["STAR1"] });
    await api(stack, "PUT", `/deals/${starred}/reminder`, { token: leaver.token, body: { remind: true } });
    await stack.server.services.alerts.queueDue();
    const [alert] = await waitFor("the alert", () => alertsTo(leaver.email).length > 0 && alertsTo(leaver.email));
    const link = /^<(.+)>$/.exec(alert!.headers["list-unsubscribe"] ?? "")![1]!;
    const page = await fetch(link);
    expect(await page.text()).toContain("the deal alerts");
    const oneClick = await fetch(link, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(oneClick.status).toBe(200);
    const settings = decode(UserPreferencesCodec, (await api(stack, "GET", "/user/settings", { token: leaver.token })).body).settings;
    expect(settings).toMatchObject({ dealAlerts: false, weeklyReport: true, expiryReminders: true });

    clock.set("2026-12-04T01:00:00Z");
    await leaver.deal("Torqhaven", "After leaving", { codes: ["LATER"] });
    expect(await stack.server.services.alerts.queueDue()).toBe(0);
    await settle();
    expect(alertsTo(leaver.email)).toHaveLength(1);
  });
});
