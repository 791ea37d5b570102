import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink, type SinkMessage } from "../../emulator/outbox/mailSink";
import { ReminderAnswerCodec, TestReportCodec, UserPreferencesCodec } from "../../src/contract";
import { REPORT_JOBS } from "../../server/application/reports/reportJobs";
import { composeServer, type ComposedServer } from "../../server/compose";
import type { Database } from "../../server/infrastructure/db/database";
import { wholeDashboard } from "./support/dashboard";
import { api, DATABASES, decode, startStack, type Stack } from "./support/stack";

/*
 * The emails as jobs, end to end: the per-minute tick (called at chosen instants of an injected clock), the queue's
 * worker, nodemailer over SMTP, and the local mail sink, read back from it. The people live in Tokyo and want their
 * report on Tuesdays at 05:00: 2026-11-30T20:00Z is Tuesday 1 December, 05:00 there.
 */
const REPORT_AT = new Date("2026-11-30T20:00:00Z");
const ZONE = "Asia/Tokyo";
const SCHEDULE = { reportWeekday: 2, reportHour: 5, timeZone: ZONE };

interface Person {
  id: string;
  email: string;
  token: string;
}

class TestClock {
  constructor(private current: Date) {}
  now = () => new Date(this.current);
  set(instant: Date | string) {
    this.current = new Date(instant);
  }
}

/** Deals of one person: an active and a switched-off brand; expired, used, undated and soon-ending deals. */
async function seedDeals(db: Database, userId: string): Promise<Map<string, string>> {
  const brands = new Map<string, string>();
  for (const [key, domain, name, active] of [["torq", "torqhaven.com", "Torqhaven", true], ["pawly", "pawly.example", "Pawly", false]] as const) {
    const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name, is_active) VALUES ($1, $2, $3, $4) RETURNING id", [userId, domain, name, active]);
    brands.set(key, brand!.id);
  }
  const deals: [title: string, brand: string, code: string, expires: string | null, status: string | null][] = [
    ["Brake pads ending soon", "torq", "PADS25", "2026-12-03", null],
    ["Fresh tyre sale", "torq", "TYRE10", null, null],
    ["Paused brand treats", "pawly", "WOOF10", "2026-12-02", null],
    ["Ended in Tokyo yesterday", "torq", "GONE", "2026-11-30", null],
    ["Already used", "torq", "USED1", "2026-12-02", "used"],
  ];
  const ids = new Map<string, string>();
  for (const [index, [title, brand, code, expires, status]] of deals.entries()) {
    const [deal] = await db.query<{ id: string }>(
      `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, discount, expiration_date, source, status, created_at, sent_at)
       VALUES ($1, $2, $3, $4, $5, '', 'Automotive', $6, '20% off', $7, 'text', $8, '2026-11-29T00:00:00Z', '2026-11-29T00:00:00Z') RETURNING id`,
      [userId, brands.get(brand), `m${index}`, code, title, [code], expires, status],
    );
    ids.set(title, deal!.id);
  }
  return ids;
}

type Maybe<T> = T | null | undefined | false;

/** Polls until the probe answers something (not null, undefined or false). */
async function waitFor<T>(what: string, probe: () => Promise<Maybe<T>> | Maybe<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const to = (sink: MailSink, email: string): SinkMessage[] => sink.messages().filter((message) => message.envelopeTo.includes(email));

/** Long enough for a job queued by mistake to have been worked (the send queue's workers poll every second). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe.each(DATABASES)("emails as jobs (%s)", (database) => {
  const clock = new TestClock(new Date("2026-11-30T12:00:00Z"));
  let sink: MailSink;
  let stack: Stack;
  let server: ComposedServer;
  let serial = 0;

  async function person(name: string, options: { deals?: boolean; settings?: object } = {}): Promise<Person & { deals: Map<string, string> }> {
    const email = `${name}-${(serial += 1)}@example.com`;
    const [user] = await server.db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [email]);
    const { access_token } = await server.services.sessions.start(user!.id);
    const deals = options.deals === false ? new Map<string, string>() : await seedDeals(server.db, user!.id);
    const saved = await api(stack, "PUT", "/user/settings", { token: access_token, body: { ...SCHEDULE, ...options.settings } });
    expect(saved.status).toBe(200);
    return { id: user!.id, email, token: access_token, deals };
  }

  const sendState = async (userId: string, periodKey: string) =>
    (await server.db.query<{ state: string; attempts: number }>("SELECT state, attempts FROM email_sends WHERE user_id = $1 AND period_key = $2", [userId, periodKey]))[0] ?? null;

  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack({
      database,
      clock,
      env: { SMTP_URL: sink.smtpUrl, MAIL_FROM: "Deal Finder <deals@example.org>", MAIL_RETRY_DELAY_SECONDS: "1", MAIL_LEASE_SECONDS: "60" },
    });
    server = stack.server;
  });

  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  it("sends the weekly report at the person's hour in their zone, with the right deals, to nobody who turned it off or has none", async () => {
    const reader = await person("reader");
    const off = await person("off", { settings: { weeklyReport: false } });
    const empty = await person("empty", { deals: false });

    clock.set(new Date(REPORT_AT.getTime() - 60_000));
    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, reader.email)).toEqual([]);

    clock.set(REPORT_AT);
    await server.services.reports.queueDue();
    const [report] = await waitFor("the weekly report", () => to(sink, reader.email).length > 0 && to(sink, reader.email));
    expect(report!.subject).toBe("Your deals this week: 1 ends soon, 2 new");
    expect(report!.text).toContain("Brake pads ending soon");
    expect(report!.text).toContain("Fresh tyre sale");
    for (const excluded of ["Paused brand treats", "Ended in Tokyo yesterday", "Already used"]) expect(report!.text).not.toContain(excluded);
    expect(report!.html).toContain("PADS25");
    expect(report!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(report!.from).toBe("deals@example.org");

    // The tick a minute later owes nothing: the week's report is in the sent log.
    clock.set(new Date(REPORT_AT.getTime() + 60_000));
    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, reader.email)).toHaveLength(1);
    expect(to(sink, off.email)).toEqual([]);
    expect(to(sink, empty.email)).toEqual([]);
    expect(await sendState(reader.id, "weekly:2026-W49")).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("retries a weekly report SMTP fails for a while with the queue's backoff, which the tick leaves alone", async () => {
    clock.set(REPORT_AT);
    const flaky = await person("flaky");
    sink.refuse(flaky.email, 451);
    expect(await server.services.reports.queueDue()).toBe(1);
    await waitFor("the first failure", async () => (await sendState(flaky.id, "weekly:2026-W49"))?.state === "released");
    // Past the lease, the tick still leaves a released send to its job's retries.
    clock.set(new Date(REPORT_AT.getTime() + 5 * 60_000));
    expect(await server.services.reports.queueDue()).toBe(0);
    sink.allow(flaky.email);
    await waitFor("the retried report", () => to(sink, flaky.email).length > 0);
    await settle();
    expect(to(sink, flaky.email)).toHaveLength(1);
    expect((await sendState(flaky.id, "weekly:2026-W49"))!.state).toBe("sent");
  });

  it("sends a report late by a few hours (a worker was down), but not one more than 12 hours late", async () => {
    clock.set(REPORT_AT);
    const late = await person("late");
    clock.set(new Date(REPORT_AT.getTime() + 13 * 3_600_000));
    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, late.email)).toEqual([]);
    clock.set(new Date(REPORT_AT.getTime() + 11 * 3_600_000));
    await server.services.reports.queueDue();
    await waitFor("the late report", () => to(sink, late.email).length > 0);
  });

  it("sends exactly one report when ticks and workers race over the same period", async () => {
    const racer = await person("racer");
    clock.set(REPORT_AT);
    const data = { userId: racer.id, kind: "weekly", periodKey: "weekly:2026-W49" };
    // Jobs without the queue's key, so that only the sent log's claim stands between them and a second email.
    const second = database === "postgres" ? await composeServer({ ...stack.config, role: "worker" }, { clock }) : null;
    try {
      await Promise.all([
        server.services.reports.queueDue(),
        second?.services.reports.queueDue(),
        ...[1, 2, 3].map(() => server.jobs.send(REPORT_JOBS.sendEmail, data)),
        ...(second ? [1, 2, 3].map(() => second.jobs.send(REPORT_JOBS.sendEmail, data)) : []),
      ]);
      await waitFor("the report", () => to(sink, racer.email).length > 0);
      await settle();
      expect(to(sink, racer.email)).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it("takes over a send whose worker died after claiming it, once its lease has passed", async () => {
    const orphan = await person("orphan");
    clock.set(REPORT_AT);
    // A worker claimed the period at the report's hour and died before sending.
    await server.db.query("INSERT INTO email_sends (user_id, period_key, kind, state, claimed_at) VALUES ($1, 'weekly:2026-W49', 'weekly', 'sending', $2)", [
      orphan.id,
      REPORT_AT,
    ]);
    clock.set(new Date(REPORT_AT.getTime() + 30_000));
    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, orphan.email)).toEqual([]);

    clock.set(new Date(REPORT_AT.getTime() + 61_000));
    await server.services.reports.queueDue();
    await waitFor("the report", () => to(sink, orphan.email).length > 0);
    await settle();
    expect(to(sink, orphan.email)).toHaveLength(1);
    expect(await sendState(orphan.id, "weekly:2026-W49")).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("stars a deal and reminds the day before it ends, at the report hour, once", async () => {
    clock.set("2026-11-30T21:00:00Z");
    const starrer = await person("starrer");
    const brakes = starrer.deals.get("Brake pads ending soon")!;
    const starred = await api(stack, "PUT", `/deals/${brakes}/reminder`, { token: starrer.token, body: { remind: true } });
    expect(starred.status).toBe(200);
    // 2 December, 05:00 in Tokyo.
    expect(decode(ReminderAnswerCodec, starred.body)).toEqual({ remind: true, remindAt: "2026-12-01T20:00:00.000Z" });
    const dashboard = await wholeDashboard(stack, starrer.token);
    expect(dashboard.deals.filter((deal) => deal.remind).map((deal) => deal.id)).toEqual([brakes]);

    const undated = await api(stack, "PUT", `/deals/${starrer.deals.get("Fresh tyre sale")}/reminder`, { token: starrer.token, body: { remind: true } });
    expect(undated).toMatchObject({ status: 400, body: { message: "This deal has no end date to remind you of." } });
    const other = await person("other");
    const foreign = await api(stack, "PUT", `/deals/${other.deals.get("Brake pads ending soon")}/reminder`, { token: starrer.token, body: { remind: true } });
    expect(foreign.status).toBe(404);
    expect((await api(stack, "PUT", `/deals/${brakes}/reminder`, { token: starrer.token, body: { remind: "yes" } })).status).toBe(400);

    clock.set("2026-12-01T19:59:00Z");
    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, starrer.email).filter((message) => message.subject.includes("PADS25"))).toEqual([]);

    clock.set("2026-12-01T20:00:00Z");
    await server.services.reports.queueDue();
    const [reminder] = await waitFor("the reminder", () => {
      const found = to(sink, starrer.email).filter((message) => message.subject.includes("PADS25"));
      return found.length > 0 && found;
    });
    expect(reminder!.subject).toBe("Your Torqhaven code PADS25 ends tomorrow");
    clock.set("2026-12-01T20:05:00Z");
    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, starrer.email).filter((message) => message.subject.includes("PADS25"))).toHaveLength(1);
    expect(to(sink, other.email).filter((message) => message.subject.includes("PADS25"))).toEqual([]);

    // Stars go with their deal, and with their person.
    const stars = async (userId: string) => (await server.db.query("SELECT deal_id FROM deal_reminders WHERE user_id = $1", [userId])).length;
    clock.set(new Date());
    const { access_token: fresh } = await server.services.sessions.start(starrer.id);
    const ending = starrer.deals.get("Paused brand treats")!;
    expect((await api(stack, "PUT", `/deals/${ending}/reminder`, { token: fresh, body: { remind: true } })).status).toBe(200);
    expect(await stars(starrer.id)).toBe(2);
    await server.db.query("DELETE FROM deals WHERE id = $1", [brakes]);
    expect(await stars(starrer.id)).toBe(1);
    expect((await api(stack, "DELETE", "/account", { token: fresh })).status).toBe(200);
    expect(await stars(starrer.id)).toBe(0);
  });

  it("turns the weekly report off by one-click unsubscribe over HTTP POST, and not by GET", async () => {
    clock.set(REPORT_AT);
    const leaver = await person("leaver");
    expect(decode(TestReportCodec, (await api(stack, "POST", "/reports/test", { token: leaver.token })).body).message).toBe(`Test report sent to ${leaver.email}.`);
    const [report] = to(sink, leaver.email);
    const link = /^<(.+)>$/.exec(report!.headers["list-unsubscribe"] ?? "")![1]!;
    expect(link.startsWith(`${stack.baseUrl}/api/reports/unsubscribe?token=`)).toBe(true);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).not.toContain("<script");
    const settingsOf = async () => decode(UserPreferencesCodec, (await api(stack, "GET", "/user/settings", { token: leaver.token })).body).settings;
    expect((await settingsOf()).weeklyReport).toBe(true);

    const forged = await fetch(link.replace(/.$/, (last) => (last === "A" ? "B" : "A")), { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(forged.status).toBe(400);
    expect((await settingsOf()).weeklyReport).toBe(true);

    const oneClick = await fetch(link, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    expect(await settingsOf()).toMatchObject({ weeklyReport: false, expiryReminders: true });
  });

  it("retries a send that SMTP fails for a while", async () => {
    clock.set(REPORT_AT);
    const unlucky = await person("unlucky");
    sink.refuse(unlucky.email, 451);
    const tested = api(stack, "POST", "/reports/test", { token: unlucky.token });
    const periodKey = await waitFor("the first failure", async () => {
      const [row] = await server.db.query<{ period_key: string }>("SELECT period_key FROM email_sends WHERE user_id = $1 AND state = 'released'", [unlucky.id]);
      return row?.period_key;
    });
    sink.allow(unlucky.email);
    expect(decode(TestReportCodec, (await tested).body).message).toBe(`Test report sent to ${unlucky.email}.`);
    expect(to(sink, unlucky.email)).toHaveLength(1);
    expect((await sendState(unlucky.id, periodKey))!.attempts).toBeGreaterThanOrEqual(2);
  });

  it("turns the emails off when the mail server refuses the address for good, until the person turns one on", async () => {
    clock.set(REPORT_AT);
    const bounced = await person("bounced");
    sink.refuse(bounced.email, 550);
    const refused = await api(stack, "POST", "/reports/test", { token: bounced.token });
    expect(refused.status).toBe(422);
    const stopped = decode(UserPreferencesCodec, (await api(stack, "GET", "/user/settings", { token: bounced.token })).body).settings;
    expect(stopped).toMatchObject({ weeklyReport: false, expiryReminders: false });
    expect(stopped.emailsStopped?.reason).toContain(bounced.email);

    await server.services.reports.queueDue();
    await settle();
    expect(to(sink, bounced.email)).toEqual([]);

    const on = await api(stack, "PUT", "/user/settings", { token: bounced.token, body: { weeklyReport: true } });
    expect(decode(UserPreferencesCodec, on.body).settings).toMatchObject({ weeklyReport: true, expiryReminders: false, emailsStopped: null });
  });

  it("answers 409 for a test report with no deals, and validates the settings at the boundary", async () => {
    const empty = await person("nothing", { deals: false });
    expect(await api(stack, "POST", "/reports/test", { token: empty.token })).toMatchObject({ status: 409 });
    expect((await api(stack, "POST", "/reports/test")).status).toBe(401);

    for (const body of [{ timeZone: "Mars/Olympus" }, { reportWeekday: 8 }, { reportHour: 24 }, { reportHour: 7.5 }, { timeZone: "" }]) {
      const refused = await api(stack, "PUT", "/user/settings", { token: empty.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as { message: string }).message.length).toBeGreaterThan(10);
    }
    // The old two fields alone keep the new ones as they were.
    const old = await api(stack, "PUT", "/user/settings", { token: empty.token, body: { weeklyReport: true, syncIntervalMinutes: 60 } });
    expect(decode(UserPreferencesCodec, old.body).settings).toEqual({
      weeklyReport: true,
      syncIntervalMinutes: 60,
      ...SCHEDULE,
      expiryReminders: true,
      reminderLeadDays: 1,
      dealAlerts: true,
      emailsStopped: null,
    });
  });
});
