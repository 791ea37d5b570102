import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPIRING_SOON_DAYS, type DealStatus } from "../../src/domain/deal";
import { CURRENT_STATES } from "../../src/domain/dealLifecycle";
import type { DashboardSummary } from "../../server/application/dashboard";
import { openDatabase, type Database } from "../../server/infrastructure/db/database";
import { DEAL_AND_BRAND, dealStateSql } from "../../server/infrastructure/db/dealLifecycleSql";
import { SqlDealsRepository } from "../../server/infrastructure/db/dealsRepository";
import { migrate } from "../../server/infrastructure/db/migrate";
import { DATABASES, freshPostgresSchema } from "./support/stack";
import { migrationDatabases } from "./support/migrations";

/**
 * The dashboard's figures as kept (dashboard_counts, maintained as deals are stored, marked, hidden and deleted) against
 * the same figures aggregated over every deal and message, for random people, on both databases and in a session time
 * zone other than UTC, on the day of the data, the day after (deals end at midnight with no write) and later days.
 */

const T = Date.UTC(2025, 9, 10);
const DAY = 86_400_000;
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);
const CATEGORIES = ["Home", "Fashion", "Pets"] as const;
const BRANDS = 4;

/** What the summary was before the counts were kept: aggregates over every deal and message ("known by" in UTC). */
async function aggregateSummary(db: Database, userId: string, today: string, monthAgo: string, todayBegan: Date): Promise<DashboardSummary> {
  const knownBy = (time: string, day: string) => `${time} < ((${day} + 1)::timestamp AT TIME ZONE 'UTC')`;
  const current = (state: string) => `${state} IN (${CURRENT_STATES.map((name) => `'${name}'`).join(", ")})`;
  type CategoryRow = { category: string; deals: number; current_now: number; current_before: number; ending_now: number; ending_before: number; new_today: number };
  const categories = await db.query<CategoryRow>(
    `SELECT category, count(*)::int AS deals,
       count(*) FILTER (WHERE ${current("state_now")})::int AS current_now,
       count(*) FILTER (WHERE ${knownBy("t", "$3::date")} AND ${current("state_before")})::int AS current_before,
       count(*) FILTER (WHERE state_now = 'ending-soon')::int AS ending_now,
       count(*) FILTER (WHERE ${knownBy("t", "$3::date")} AND state_before = 'ending-soon')::int AS ending_before,
       count(*) FILTER (WHERE found > $5 AND ${current("state_now")})::int AS new_today
     FROM (SELECT d.category, coalesce(d.sent_at, d.created_at) AS t, d.created_at AS found,
                  ${dealStateSql(DEAL_AND_BRAND, "$2::date", "$4::int")} AS state_now,
                  ${dealStateSql(DEAL_AND_BRAND, "$3::date", "$4::int")} AS state_before
           FROM deals d JOIN brands b ON b.id = d.brand_id WHERE d.user_id = $1 AND b.is_active) AS deals
     GROUP BY category ORDER BY category`,
    [userId, today, monthAgo, EXPIRING_SOON_DAYS, todayBegan],
  );
  const [others] = await db.query<{ emails_now: number; emails_before: number; brands_now: number; brands_before: number }>(
    `SELECT emails.*, brands.* FROM
       (SELECT count(*) FILTER (WHERE ${knownBy("t", "$2::date")})::int AS emails_now,
               count(*) FILTER (WHERE ${knownBy("t", "$3::date")})::int AS emails_before
        FROM (SELECT coalesce(m.sent_at, m.processed_at) AS t FROM gmail_messages m WHERE m.user_id = $1 AND m.state = 'processed') AS e) AS emails,
       (SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deals d WHERE d.brand_id = b.id AND ${knownBy("coalesce(d.sent_at, d.created_at)", "$2::date")}))::int AS brands_now,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deals d WHERE d.brand_id = b.id AND ${knownBy("coalesce(d.sent_at, d.created_at)", "$3::date")}))::int AS brands_before
        FROM brands b WHERE b.user_id = $1 AND b.is_active) AS brands`,
    [userId, today, monthAgo],
  );
  const sum = (key: Exclude<keyof CategoryRow, "category">) => categories.reduce((total, row) => total + row[key], 0);
  return {
    current: { activePromos: sum("current_now"), emailsScanned: others!.emails_now, uniqueBrands: others!.brands_now, expiring: sum("ending_now") },
    previous: { activePromos: sum("current_before"), emailsScanned: others!.emails_before, uniqueBrands: others!.brands_before, expiring: sum("ending_before") },
    newDealsToday: sum("new_today"),
    totalDeals: sum("deals"),
    categories: categories.map(({ category, deals, current_now }) => ({ category, count: deals, current: current_now })),
  };
}

/** An instant from 60 days before T to a day after it, to the minute. */
const instant = fc.integer({ min: -60 * 1440, max: 1440 }).map((minutes) => new Date(T + minutes * 60_000));
const status = fc.constantFrom<DealStatus | null>(null, null, "used", "not_working");
const dealArb = fc.record({
  brand: fc.nat({ max: BRANDS - 1 }),
  category: fc.constantFrom(...CATEGORIES),
  status,
  // Ends around T and the days checked, so every state and both edges of "ending soon" come up.
  expires: fc.option(fc.integer({ min: -45, max: 45 }).map((days) => dayText(T + days * DAY)), { freq: 4 }),
  sentAt: fc.option(instant, { freq: 4 }),
  createdAt: instant,
});
type DealSeed = typeof dealArb extends fc.Arbitrary<infer V> ? V : never;
const messageArb = fc.record({
  state: fc.constantFrom("pending", "processed", "processed", "failed"),
  sentAt: fc.option(instant, { freq: 4 }),
  processedAt: fc.option(instant, { freq: 6 }),
});
type MessageSeed = typeof messageArb extends fc.Arbitrary<infer V> ? V : never;
const operationArb = fc.oneof(
  fc.record({ kind: fc.constant("toggle" as const), brand: fc.nat({ max: BRANDS - 1 }) }),
  fc.record({ kind: fc.constant("mark" as const), deal: fc.nat(), status }),
  fc.record({ kind: fc.constant("delete-deal" as const), deal: fc.nat() }),
  fc.record({ kind: fc.constant("delete-brand" as const), brand: fc.nat({ max: BRANDS - 1 }) }),
  fc.record({ kind: fc.constant("process" as const), message: fc.nat(), sentAt: fc.option(instant) }),
  fc.record({ kind: fc.constant("store" as const), deals: fc.array(dealArb, { maxLength: 6 }) }),
);
type Operation = typeof operationArb extends fc.Arbitrary<infer V> ? V : never;

interface Person {
  userId: string;
  /** null once deleted. */
  brandIds: (string | null)[];
  gmailIds: string[];
}

let people = 0;

async function storeDeals(db: Database, person: Person, seeds: DealSeed[]): Promise<void> {
  const deals = seeds.filter((deal) => person.brandIds[deal.brand] !== null);
  if (deals.length === 0) return;
  // One statement for the lot, as a sync stores a group of messages.
  await db.query(
    `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, expiration_date, source, status, sent_at, created_at)
     SELECT $1, d.brand_id, 'g' || gen_random_uuid(), '', 'Deal', '', d.category, '{}', d.expires, 'text', d.status, d.sent_at, d.created_at
     FROM jsonb_to_recordset($2::jsonb) AS d(brand_id uuid, category text, expires date, status text, sent_at timestamptz, created_at timestamptz)`,
    [
      person.userId,
      JSON.stringify(
        deals.map((deal) => ({ brand_id: person.brandIds[deal.brand], category: deal.category, expires: deal.expires, status: deal.status, sent_at: deal.sentAt, created_at: deal.createdAt })),
      ),
    ],
  );
}

async function addPerson(db: Database, brandsShown: boolean[], deals: DealSeed[], messages: MessageSeed[]): Promise<Person> {
  const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [`counts${people++}@example.com`]);
  const userId = user!.id;
  const brandIds: (string | null)[] = [];
  for (const [index, shown] of brandsShown.entries()) {
    const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name, is_active) VALUES ($1, $2, $2, $3) RETURNING id", [
      userId,
      `brand${index}.example.com`,
      shown,
    ]);
    brandIds.push(brand!.id);
  }
  const person = { userId, brandIds, gmailIds: messages.map((_, index) => `m${index}`) };
  await storeDeals(db, person, deals);
  if (messages.length > 0) {
    await db.query(
      `INSERT INTO gmail_messages (user_id, gmail_id) SELECT $1, m.gmail_id FROM jsonb_to_recordset($2::jsonb) AS m(gmail_id text)`,
      [userId, JSON.stringify(person.gmailIds.map((gmail_id) => ({ gmail_id })))],
    );
    // Processed (and failed) as a sync marks them: pending first, then one statement for the group.
    await db.query(
      `UPDATE gmail_messages AS g SET state = m.state, sent_at = m.sent_at, processed_at = m.processed_at
       FROM jsonb_to_recordset($2::jsonb) AS m(gmail_id text, state text, sent_at timestamptz, processed_at timestamptz)
       WHERE g.user_id = $1 AND g.gmail_id = m.gmail_id AND m.state <> 'pending'`,
      [
        userId,
        JSON.stringify(messages.map((message, index) => ({ gmail_id: person.gmailIds[index], state: message.state, sent_at: message.sentAt, processed_at: message.processedAt }))),
      ],
    );
  }
  return person;
}

async function apply(db: Database, person: Person, operation: Operation): Promise<void> {
  const dealIds = async () => (await db.query<{ id: string }>("SELECT id FROM deals WHERE user_id = $1 ORDER BY id", [person.userId])).map((row) => row.id);
  switch (operation.kind) {
    case "toggle":
      await db.query("UPDATE brands SET is_active = NOT is_active WHERE id = $1", [person.brandIds[operation.brand]]);
      return;
    case "mark": {
      const ids = await dealIds();
      if (ids.length > 0) await db.query("UPDATE deals SET status = $2 WHERE id = $1", [ids[operation.deal % ids.length], operation.status]);
      return;
    }
    case "delete-deal": {
      const ids = await dealIds();
      if (ids.length > 0) await db.query("DELETE FROM deals WHERE id = $1", [ids[operation.deal % ids.length]]);
      return;
    }
    case "delete-brand":
      await db.query("DELETE FROM brands WHERE id = $1", [person.brandIds[operation.brand]]);
      person.brandIds[operation.brand] = null;
      return;
    case "process":
      if (person.gmailIds.length > 0) {
        await db.query("UPDATE gmail_messages SET state = 'processed', sent_at = $3, processed_at = coalesce(processed_at, $4) WHERE user_id = $1 AND gmail_id = $2", [
          person.userId,
          person.gmailIds[operation.message % person.gmailIds.length],
          operation.sentAt,
          new Date(T),
        ]);
      }
      return;
    case "store":
      await storeDeals(db, person, operation.deals);
  }
}

/** The days checked: the data's day, the next (what ended on T has expired), and a week and a month on. */
const DAYS = [0, 1, 8, 31].map((days) => new Date(T + days * DAY));
const monthBefore = (day: Date) => {
  const before = new Date(day);
  before.setUTCMonth(before.getUTCMonth() - 1);
  return dayText(before.getTime());
};

/**
 * Where a person's day began, in minutes from UTC's midnight: UTC's own; a zone half an hour off the hour (India's,
 * a day earlier); and an offset that is no whole number of quarter hours, as no zone has today, which the count of
 * new deals corrects from the deals themselves.
 */
const MIDNIGHTS = [0, -330, 7.25];

async function expectKeptAsAggregated(db: Database, userId: string): Promise<void> {
  const repository = new SqlDealsRepository(db);
  for (const day of DAYS) {
    const today = dayText(day.getTime());
    for (const minutes of MIDNIGHTS) {
      const began = new Date(day.getTime() + minutes * 60_000);
      const summary = await repository.summary(userId, today, monthBefore(day), began);
      expect(summary, `${today}, day begun at ${began.toISOString()}`).toEqual(await aggregateSummary(db, userId, today, monthBefore(day), began));
    }
  }
}

const dataArb = fc.record({
  brandsShown: fc.array(fc.boolean(), { minLength: BRANDS, maxLength: BRANDS }),
  deals: fc.array(dealArb, { maxLength: 25 }),
  messages: fc.array(messageArb, { maxLength: 8 }),
  operations: fc.array(operationArb, { maxLength: 8 }),
});

/** A database of the kind under test whose sessions read times in `timeZone`. */
async function openIn(database: "pglite" | "postgres", timeZone: string): Promise<{ db: Database; drop?: () => Promise<void> }> {
  if (database === "pglite") {
    const db = await openDatabase({ inMemory: true });
    await db.query(`SET TimeZone = '${timeZone}'`);
    return { db };
  }
  const schema = await freshPostgresSchema();
  const url = new URL(schema.url);
  url.searchParams.set("options", `${url.searchParams.get("options")} -c TimeZone=${timeZone}`);
  return { db: await openDatabase({ databaseUrl: url.toString() }), drop: schema.drop };
}

describe.each(DATABASES.flatMap((database) => ["UTC", "America/Los_Angeles"].map((timeZone) => [database, timeZone] as const)))(
  "the dashboard's kept counts on %s, sessions in %s",
  (database, timeZone) => {
    let db: Database;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ db, drop } = await openIn(database, timeZone));
      await migrate(db);
    });

    afterAll(async () => {
      await db?.close();
      await drop?.();
    });

    it("are the aggregates over every deal, after deals are stored, marked, hidden, shown and deleted", async () => {
      await fc.assert(
        fc.asyncProperty(dataArb, async ({ brandsShown, deals, messages, operations }) => {
          const person = await addPerson(db, brandsShown, deals, messages);
          await expectKeptAsAggregated(db, person.userId);
          for (const operation of operations) await apply(db, person, operation);
          await expectKeptAsAggregated(db, person.userId);
        }),
        { numRuns: 25 },
      );
    });

    it("stay right when marks and brand switches of one person race", async () => {
      const deals = fc.sample(fc.array(dealArb, { minLength: 40, maxLength: 40 }), { numRuns: 1, seed: 3 })[0]!;
      const person = await addPerson(db, [true, true, true, true], deals, []);
      const operations = fc.sample(
        operationArb.filter((operation) => operation.kind === "toggle" || operation.kind === "mark"),
        { numRuns: 60, seed: 5 },
      );
      // Each its own transaction, as many at once as the pool has connections (PGlite takes them one at a time).
      await Promise.all(operations.map((operation) => apply(db, person, operation)));
      await expectKeptAsAggregated(db, person.userId);
    });

    it("count as new the deals stored after midnight, at the edges of midnight and of its quarter hour", async () => {
      const shown = { brand: 0, category: "Home" as const, status: null, expires: null, sentAt: null };
      for (const minutes of MIDNIGHTS) {
        const midnight = T + minutes * 60_000;
        const quarter = Math.ceil(midnight / 900_000) * 900_000;
        const times = [midnight - 1, midnight, midnight + 1, quarter - 1, quarter, quarter + 1, quarter + 3_600_000];
        const deals: DealSeed[] = [
          ...times.flatMap((time) => [{ ...shown, createdAt: new Date(time) }, { ...shown, createdAt: new Date(time) }]),
          // Neither new: marked, and of a hidden brand.
          { ...shown, status: "used", createdAt: new Date(midnight + 1) },
          { ...shown, brand: 1, createdAt: new Date(quarter + 1) },
        ];
        const person = await addPerson(db, [true, false, true, true], deals, []);
        const today = dayText(T);
        const summary = await new SqlDealsRepository(db).summary(person.userId, today, monthBefore(new Date(T)), new Date(midnight));
        // Two of each instant after midnight, as a sync stores several deals in one statement at one instant.
        expect(summary.newDealsToday, `midnight at ${new Date(midnight).toISOString()}`).toBe(2 * times.filter((time) => time > midnight).length);
        await expectKeptAsAggregated(db, person.userId);
      }
    });

    it("forget a deleted account's counts and keep everyone else's", async () => {
      const deals = fc.sample(fc.array(dealArb, { minLength: 20, maxLength: 20 }), { numRuns: 1, seed: 7 })[0]!;
      const messages = fc.sample(fc.array(messageArb, { minLength: 5, maxLength: 5 }), { numRuns: 1, seed: 7 })[0]!;
      const leaving = await addPerson(db, [true, true, false, true], deals, messages);
      const staying = await addPerson(db, [true, false, true, true], deals, messages);
      await db.query("DELETE FROM users WHERE id = $1", [leaving.userId]);
      expect(await db.query("SELECT 1 FROM dashboard_counts WHERE user_id = $1", [leaving.userId])).toEqual([]);
      expect(await db.query("SELECT 1 FROM dashboard_found_counts WHERE user_id = $1", [leaving.userId])).toEqual([]);
      await expectKeptAsAggregated(db, staying.userId);
    });
  },
);

describe.each(DATABASES.flatMap((database) => ["014_dashboard_counts.sql", "027_dashboard_first_answer_flat.sql"].map((migration) => [database, migration] as const)))(
  "the counts' migrations on %s: %s",
  (database, migration) => {
    const databases = migrationDatabases(() => openIn(database, "UTC"));
    it("counts the deals and messages stored before it", async () => {
      const db = await databases.before(migration);
      const [deals, messages] = fc.sample(fc.tuple(fc.array(dealArb, { minLength: 30, maxLength: 30 }), fc.array(messageArb, { minLength: 10, maxLength: 10 })), {
        numRuns: 1,
        seed: 11,
      })[0]!;
      // Stored today as well, so that the new deals of today have some to count.
      const today = deals.map((deal, index) => (index % 3 === 0 ? { ...deal, createdAt: new Date(T + index * 60_000) } : deal));
      const person = await addPerson(db, [true, false, true, true], today, messages);
      expect(await migrate(db)).toContain(migration);
      await expectKeptAsAggregated(db, person.userId);
    });
  },
);
