import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink, type SinkMessage } from "../../emulator/outbox/mailSink";
import { reminderContent, reportWindow, weeklyReport } from "../../server/application/reports/reportContent";
import { unsubscribeUrl as unsubscribeUrlOf, UnsubscribeTokens } from "../../server/application/reports/unsubscribeTokens";
import type { Database } from "../../server/infrastructure/db/database";
import { SqlReportsRepository } from "../../server/infrastructure/db/reportsRepository";
import { NodemailerMailSender } from "../../server/infrastructure/mail/nodemailerSender";
import { HtmlReportEmails } from "../../server/infrastructure/mail/reportEmails";
import { DATABASES, openMigratedTestDatabase } from "./support/stack";

/*
 * A weekly report for a person in Tokyo, read from the dashboard's tables, rendered, and sent over SMTP through the
 * nodemailer adapter to the local mail sink; then read back from the outbox's JSON listing over HTTP.
 * 20:00Z on 30 November is 05:00 on 1 December in Tokyo: a deal ending on 30 November is over there.
 */
const NOW = new Date("2026-11-30T20:00:00Z");
const ZONE = "Asia/Tokyo";
const LAST_REPORT = new Date("2026-11-23T20:00:00Z");
const APP_URL = "https://deals.example.org";
const RECIPIENT = "reader@example.com";

interface SeededDeal {
  title: string;
  brand: "torq" | "pawly";
  codes: string[];
  expires: string | null;
  foundAt: string;
  status?: "used" | "not_working";
  owner?: "other";
}

const SEEDED: SeededDeal[] = [
  { title: "Brake pads ending soon", brand: "torq", codes: ["PADS25"], expires: "2026-12-03", foundAt: "2026-10-01T00:00:00Z" },
  { title: "Fresh tyre sale", brand: "torq", codes: ["TYRE10"], expires: null, foundAt: "2026-11-29T00:00:00Z" },
  { title: "Found before last report", brand: "torq", codes: ["OLD5"], expires: null, foundAt: "2026-11-20T00:00:00Z" },
  { title: "Paused brand treats", brand: "pawly", codes: ["WOOF10"], expires: "2026-12-02", foundAt: "2026-11-29T00:00:00Z" },
  { title: "Ended in Tokyo yesterday", brand: "torq", codes: ["GONE"], expires: "2026-11-30", foundAt: "2026-11-29T00:00:00Z" },
  { title: "Already used", brand: "torq", codes: ["USED1"], expires: "2026-12-02", foundAt: "2026-11-29T00:00:00Z", status: "used" },
  { title: "Someone else's deal", brand: "torq", codes: ["NOTYOURS"], expires: "2026-12-02", foundAt: "2026-11-29T00:00:00Z", owner: "other" },
];
const INCLUDED = ["Brake pads ending soon", "Fresh tyre sale"];
const EXCLUDED = SEEDED.map((deal) => deal.title).filter((title) => !INCLUDED.includes(title));

async function seed(db: Database): Promise<{ userId: string; dealIds: Map<string, string> }> {
  const userIds: Record<"me" | "other", string> = { me: "", other: "" };
  const brandIds = new Map<string, string>();
  for (const who of ["me", "other"] as const) {
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [`${who}@example.com`]);
    userIds[who] = user!.id;
    for (const [key, domain, name, active] of [["torq", "torqhaven.com", "Torqhaven", true], ["pawly", "pawly.example", "Pawly", false]] as const) {
      const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name, is_active) VALUES ($1, $2, $3, $4) RETURNING id", [
        user!.id,
        domain,
        name,
        active,
      ]);
      brandIds.set(`${who}:${key}`, brand!.id);
    }
  }
  const dealIds = new Map<string, string>();
  for (const [index, deal] of SEEDED.entries()) {
    const who = deal.owner === "other" ? "other" : "me";
    const [stored] = await db.query<{ id: string }>(
      `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, discount, expiration_date, source, status, created_at)
       VALUES ($1, $2, $3, '', $4, '', 'Automotive', $5, '20% off', $6, 'text', $7, $8) RETURNING id`,
      [userIds[who], brandIds.get(`${who}:${deal.brand}`), `m${index}`, deal.title, deal.codes, deal.expires, deal.status ?? null, deal.foundAt],
    );
    dealIds.set(deal.title, stored!.id);
  }
  return { userId: userIds.me, dealIds };
}

async function outboxListing(sink: MailSink): Promise<SinkMessage[]> {
  const response = await fetch(`${sink.outboxUrl}/api/messages`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: SinkMessage[] }).messages;
}

describe.each(DATABASES)("a weekly report sent through SMTP, on %s", (database) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let sink: MailSink;
  let sender: NodemailerMailSender;
  let userId: string;
  let dealIds: Map<string, string>;
  const tokens = new UnsubscribeTokens(randomBytes(32));
  const repository = () => new SqlReportsRepository(db);

  beforeAll(async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    ({ userId, dealIds } = await seed(db));
    sink = await startMailSink();
    sender = new NodemailerMailSender({ smtpUrl: sink.smtpUrl, from: "Deal Finder <reports@deals.example.org>" });
  });

  afterAll(async () => {
    sender?.close();
    await sink?.close();
    await db?.close();
    await drop?.();
  });

  it("reads the person's current deals in the report's window, none of a hidden brand", async () => {
    const deals = await repository().reportDeals(userId, reportWindow(LAST_REPORT, NOW, ZONE));
    const titles = deals.map((deal) => deal.title).sort();
    // Only deals the person can still use (the domain's lifecycle): marked deals, hidden brands' deals, other people's,
    // old finds and deals ended before today are left in the database.
    expect(titles).toEqual(["Brake pads ending soon", "Fresh tyre sale"]);
    expect(deals.every((deal) => deal.brandActive)).toBe(true);
    expect(deals.find((deal) => deal.title === "Fresh tyre sale")).toMatchObject({ promoCodes: ["TYRE10"], brandDomain: "torqhaven.com", foundAt: new Date("2026-11-29T00:00:00Z") });
  });

  it("arrives with both parts, the right deals and one-click unsubscribe headers", async () => {
    const deals = await repository().reportDeals(userId, reportWindow(LAST_REPORT, NOW, ZONE));
    const report = weeklyReport({ deals, lastReportAt: LAST_REPORT, now: NOW, timeZone: ZONE });
    expect(report.kind).toBe("report");
    if (report.kind !== "report") return;
    const unsubscribeUrl = unsubscribeUrlOf(APP_URL, tokens.sign(userId, "weekly-report"));
    const email = new HtmlReportEmails().weeklyReport(report, { appUrl: APP_URL, unsubscribeUrl });
    sink.clear();
    const { messageId } = await sender.send({ to: RECIPIENT, ...email });

    const [received, ...others] = await outboxListing(sink);
    expect(others).toEqual([]);
    expect(received!.envelopeTo).toEqual([RECIPIENT]);
    expect(received!.headers["message-id"]).toBe(messageId);
    expect(received!.headers.from).toBe("Deal Finder <reports@deals.example.org>");
    expect(received!.subject).toBe("Your deals this week: 1 ends soon, 1 new");
    expect(received!.headers["list-unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
    expect(received!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(tokens.verify(new URL(unsubscribeUrl).searchParams.get("token")!)).toEqual({ userId, purpose: "weekly-report" });
    for (const part of [received!.html!, received!.text!]) {
      for (const title of INCLUDED) expect(part).toContain(title);
      for (const title of EXCLUDED) expect(part).not.toContain(title);
      expect(part).toContain("PADS25");
      // Each deal links to its own address in the app, which opens its Details.
      for (const deal of deals) expect(part).toContain(`${APP_URL}/dashboard?deal=${deal.id}`);
    }
    expect(received!.html!.indexOf("Brake pads ending soon")).toBeLessThan(received!.html!.indexOf("Fresh tyre sale"));
  });

  it("sends a starred deal's reminder, and finds no reminder for another person's deal", async () => {
    const starred = await repository().reminderDeal(userId, dealIds.get("Brake pads ending soon")!);
    expect(await repository().reminderDeal(userId, dealIds.get("Someone else's deal")!)).toBeNull();
    expect(await repository().reminderDeal(userId, "not-a-uuid")).toBeNull();
    // The day before the end date (3 December) at 8:00 in Tokyo.
    const reminder = reminderContent(starred!, new Date("2026-12-01T23:00:00Z"), ZONE);
    expect(reminder.kind).toBe("reminder");
    if (reminder.kind !== "reminder") return;
    const email = new HtmlReportEmails().reminder(reminder, { appUrl: APP_URL, unsubscribeUrl: unsubscribeUrlOf(APP_URL, tokens.sign(userId, "reminders")) });
    sink.clear();
    await sender.send({ to: RECIPIENT, ...email });
    const [received] = await outboxListing(sink);
    expect(received!.subject).toBe("Your Torqhaven code PADS25 ends tomorrow");
    expect(received!.text).toContain("Code: PADS25");
  });
});
