import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Database } from "../../server/infrastructure/db/database";
import { migrate } from "../../server/infrastructure/db/migrate";
import { DEAL_COLUMNS, toDeal, type DealRow } from "../../server/infrastructure/db/dealsRepository";
import { migrationDatabases } from "./support/migrations";
import { DATABASES, openTestDatabase } from "./support/stack";

const LOGO_CHECKS_MIGRATION = "026_brand_logo_checks.sql";
const LOGO = "https://cdn.torqhaven.test/logo.png";

describe.each(DATABASES)("migration 026_brand_logo_checks, on %s", (database) => {
  const databases = migrationDatabases(() => openTestDatabase(database));

  /** The brand logos a deal carries, as every deal query reads them. */
  const dealLogos = async (db: Database) =>
    (await db.query<DealRow>(`SELECT ${DEAL_COLUMNS} FROM deals d JOIN brands b ON b.id = d.brand_id ORDER BY b.name`)).map((row) => [row.brand, toDeal(row).brandLogoUrls]);

  it("keeps a logo stored before it, unchecked and not offered until its check passes", async () => {
    const db = await databases.before(LOGO_CHECKS_MIGRATION);
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('ada@example.com') RETURNING id");
    const brands = await db.query<{ id: string }>(
      "INSERT INTO brands (user_id, domain, name, logo_url, logo_rank) VALUES ($1, 'torqhaven.test', 'Torqhaven', $2, 2), ($1, 'plain.test', 'Plain', NULL, 0) RETURNING id",
      [user!.id, LOGO],
    );
    for (const [index, brand] of brands.entries()) {
      await db.query(
        `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, source)
         VALUES ($1, $2, $3, 'SAVE10', 'Save 10%', '', 'Automotive', $4, 'text')`,
        [user!.id, brand.id, `m${index}`, ["SAVE10"]],
      );
    }

    expect(await migrate(db)).toContain(LOGO_CHECKS_MIGRATION);

    expect(await db.query("SELECT name, logo_url, logo_rank, logo_state, logo_checked_at FROM brands ORDER BY name")).toEqual([
      { name: "Plain", logo_url: null, logo_rank: 0, logo_state: "unchecked", logo_checked_at: null },
      { name: "Torqhaven", logo_url: LOGO, logo_rank: 2, logo_state: "unchecked", logo_checked_at: null },
    ]);
    expect(await dealLogos(db)).toEqual([["Plain", []], ["Torqhaven", []]]);
    await db.query("UPDATE brands SET logo_state = 'ok', logo_checked_at = now() WHERE name = 'Torqhaven'");
    expect(await dealLogos(db)).toEqual([["Plain", []], ["Torqhaven", [LOGO]]]);
    await db.query("UPDATE brands SET logo_state = 'failed' WHERE name = 'Torqhaven'");
    expect(await dealLogos(db)).toEqual([["Plain", []], ["Torqhaven", []]]);
  });

  it("refuses a state with no address, a checked state with no time, and keeps one failure per brand and address, however long", async () => {
    const db = await databases.empty();
    await migrate(db);
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('ada@example.com') RETURNING id");
    const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name) VALUES ($1, 'plain.test', 'Plain') RETURNING id", [user!.id]);
    await expect(db.query("UPDATE brands SET logo_state = 'ok', logo_checked_at = now() WHERE id = $1", [brand!.id])).rejects.toThrow();
    await db.query("UPDATE brands SET logo_url = $2, logo_rank = 1 WHERE id = $1", [brand!.id, LOGO]);
    await expect(db.query("UPDATE brands SET logo_state = 'ok' WHERE id = $1", [brand!.id])).rejects.toThrow();
    await expect(db.query("UPDATE brands SET logo_state = 'maybe', logo_checked_at = now() WHERE id = $1", [brand!.id])).rejects.toThrow();

    // 2,048 characters, most of two bytes and in no order a compressor could shorten: more than an index entry holds,
    // so the key is the address's hash.
    const long = `https://cdn.plain.test/${[...randomBytes(2048 - 23)].map((byte) => String.fromCodePoint(0x400 + byte)).join("")}`;
    const remember = (reason: string) =>
      db.query(
        `INSERT INTO brand_logo_failures (brand_id, url, reason, failed_at, retry_after) VALUES ($1, $2, $3, now(), now() + interval '1 day')
         ON CONFLICT (brand_id, md5(url)) DO UPDATE SET reason = EXCLUDED.reason`,
        [brand!.id, long, reason],
      );
    await remember("unreachable");
    await remember("upstream_status");
    expect(await db.query("SELECT reason FROM brand_logo_failures")).toEqual([{ reason: "upstream_status" }]);
    // A brand's failures go with it.
    await db.query("DELETE FROM brands WHERE id = $1", [brand!.id]);
    expect(await db.query("SELECT 1 FROM brand_logo_failures")).toEqual([]);
  });
});
