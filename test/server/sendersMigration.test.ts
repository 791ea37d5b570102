import { describe, expect, it } from "vitest";
import type { Database } from "../../server/infrastructure/db/database";
import { migrate } from "../../server/infrastructure/db/migrate";
import { migrationDatabases, refusalCode } from "./support/migrations";
import { DATABASES, openTestDatabase } from "./support/stack";

const SENDERS_MIGRATION = "025_senders_without_deals.sql";

interface SenderRow {
  user_id: string;
  domain: string;
  unsubscribed_at: Date | string | null;
}

describe.each(DATABASES)("migration 025_senders_without_deals, on %s", (database) => {
  const databases = migrationDatabases(() => openTestDatabase(database));

  const sendersOf = (db: Database, userId: string) =>
    db.query<SenderRow>("SELECT user_id, domain, unsubscribed_at FROM senders WHERE user_id = $1 ORDER BY domain", [userId]);

  it("gives every sender synced before a row, brand or not, keeping a brand's unsubscription, and moves it off brands", async () => {
    const db = await databases.before(SENDERS_MIGRATION);
    const [ada, bo] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('ada@example.com'), ('bo@example.com') RETURNING id");
    const left = new Date("2026-11-20T10:00:00.000Z");
    await db.query("INSERT INTO brands (user_id, domain, name, unsubscribed_at) VALUES ($1, 'deals.test', 'Deals', $2), ($3, 'deals.test', 'Deals', NULL)", [
      ada!.id,
      left,
      bo!.id,
    ]);
    await db.query(
      `INSERT INTO gmail_messages (user_id, gmail_id, state, brand_domain) VALUES
         ($1, 'a1', 'processed', 'deals.test'), ($1, 'a2', 'processed', 'newsletter.test'), ($1, 'a3', 'processed', 'newsletter.test'),
         ($1, 'a4', 'processed', NULL), ($1, 'a5', 'failed', 'failed-only.test')`,
      [ada!.id],
    );

    expect(await migrate(db)).toContain(SENDERS_MIGRATION);

    expect(await sendersOf(db, ada!.id)).toEqual([
      { user_id: ada!.id, domain: "deals.test", unsubscribed_at: expect.anything() },
      { user_id: ada!.id, domain: "newsletter.test", unsubscribed_at: null },
    ]);
    expect(new Date((await sendersOf(db, ada!.id))[0]!.unsubscribed_at!).toISOString()).toBe(left.toISOString());
    // Each person's own row, though the domain is the same.
    expect(await sendersOf(db, bo!.id)).toEqual([{ user_id: bo!.id, domain: "deals.test", unsubscribed_at: null }]);
    const brandColumns = await db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'brands' AND column_name LIKE 'unsubscribe%' AND table_schema = current_schema()",
    );
    expect(brandColumns).toEqual([]);
  });

  it("keeps a sender row for every processed promotion's domain and every brand, whoever writes them, and caps the name", async () => {
    const db = await databases.empty();
    expect(await migrate(db)).toContain(SENDERS_MIGRATION);
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('cy@example.com') RETURNING id");
    await db.query("INSERT INTO gmail_messages (user_id, gmail_id) VALUES ($1, 'm1'), ($1, 'm2'), ($1, 'm3')", [user!.id]);
    expect(await sendersOf(db, user!.id)).toEqual([]);
    // As the sync stores a group: processed, with the domain it read.
    await db.query(
      `UPDATE gmail_messages SET state = 'processed', brand_domain = CASE gmail_id WHEN 'm3' THEN NULL ELSE 'weekly.test' END, brand_name = 'Weekly'
       WHERE user_id = $1`,
      [user!.id],
    );
    await db.query("INSERT INTO gmail_messages (user_id, gmail_id, state, brand_domain) VALUES ($1, 'm4', 'processed', 'inserted.test')", [user!.id]);
    await db.query("INSERT INTO brands (user_id, domain, name) VALUES ($1, 'brand-only.test', 'Brand only'), ($1, 'weekly.test', 'Weekly')", [user!.id]);
    expect((await sendersOf(db, user!.id)).map((row) => row.domain)).toEqual(["brand-only.test", "inserted.test", "weekly.test"]);

    expect(await refusalCode(db, "UPDATE gmail_messages SET brand_name = $1 WHERE gmail_id = 'm1'", ["x".repeat(101)])).toBe("23514");
    expect(await refusalCode(db, "UPDATE gmail_messages SET brand_name = $1 WHERE gmail_id = 'm1'", ["x".repeat(100)])).toBeNull();
    // A person's senders go with the person.
    await db.query("DELETE FROM users WHERE id = $1", [user!.id]);
    expect(await sendersOf(db, user!.id)).toEqual([]);
  });
});
