import { describe, expect, it } from "vitest";
import { migrate } from "../../server/infrastructure/db/migrate";
import { migrationDatabases, refusalCode } from "./support/migrations";
import { DATABASES, openTestDatabase } from "./support/stack";

const CAPS_MIGRATION = "004_field_caps.sql";

const long = (length: number, unit = "x") => unit.repeat(length);

describe.each(DATABASES)("migration 004_field_caps, on %s", (database) => {
  const databases = migrationDatabases(() => openTestDatabase(database));

  it("brings rows stored before the caps within them, then refuses anything past them", async () => {
    const db = await databases.before(CAPS_MIGRATION);
    const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('a@example.com') RETURNING id");
    const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name) VALUES ($1, 'shop.test', $2) RETURNING id", [
      user!.id,
      long(150),
    ]);
    const codes = ["KEEP1", long(41, "L"), ...Array.from({ length: 30 }, (_, index) => `MANY${index}`)];
    const images = ["data:image/png;base64,AAAA", "javascript:alert(1)", ...Array.from({ length: 12 }, (_, index) => `HTTPS://img.shop.test/${index}.jpg`)];
    await db.query(
      `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, discount, terms, deal_url, image_urls, source)
       VALUES ($1, $2, 'm1', 'k1', $3, $4, 'Others', $5, $6, $7, 'javascript:alert(1)//', $8, 'markup'),
              ($1, $2, 'm2', 'k2', 'Fine', 'Fine', 'Others', '{FINE10}', NULL, '{}', $9, '{}', 'text')`,
      [user!.id, brand!.id, long(300), long(2_000), codes, long(200), Array.from({ length: 15 }, () => long(400)), images, `https://shop.test/${long(3_000)}`],
    );
    await db.query("INSERT INTO gmail_messages (user_id, gmail_id, state, subject, sender, failure) VALUES ($1, 'm1', 'processed', $2, $3, $4)", [
      user!.id,
      long(600),
      long(700),
      long(600),
    ]);

    expect(await migrate(db)).toContain(CAPS_MIGRATION);

    const [first, second] = await db.query<{
      title: string;
      description: string;
      discount: string;
      terms: string[];
      promo_codes: string[];
      deal_url: string | null;
      image_urls: string[];
    }>("SELECT title, description, discount, terms, promo_codes, deal_url, image_urls FROM deals ORDER BY gmail_id");
    expect(first!.title).toHaveLength(200);
    expect(first!.description).toHaveLength(1_000);
    expect(first!.discount).toHaveLength(100);
    expect(first!.terms).toEqual(Array.from({ length: 10 }, () => long(300)));
    // The 41-character code is dropped, not cut; the first 20 of the others stay.
    expect(first!.promo_codes).toEqual(["KEEP1", ...Array.from({ length: 19 }, (_, index) => `MANY${index}`)]);
    expect(first!.deal_url).toBeNull();
    expect(first!.image_urls).toEqual(Array.from({ length: 10 }, (_, index) => `HTTPS://img.shop.test/${index}.jpg`));
    expect(second).toMatchObject({ title: "Fine", promo_codes: ["FINE10"], deal_url: null });
    expect(await db.query("SELECT char_length(name) AS length FROM brands")).toEqual([{ length: 100 }]);
    expect(await db.query("SELECT char_length(subject) AS subject, char_length(sender) AS sender, char_length(failure) AS failure FROM gmail_messages")).toEqual([
      { subject: 500, sender: 600, failure: 500 },
    ]);

    const insertDeal = (column: string, value: unknown) => {
      const row: Record<string, unknown> = { user_id: user!.id, brand_id: brand!.id, gmail_id: "m3", code_key: "k3", title: "T", description: "D" };
      Object.assign(row, { category: "Others", promo_codes: [], source: "text", [column]: value });
      const columns = Object.keys(row);
      return refusalCode(db, `INSERT INTO deals (${columns.join(", ")}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")})`, Object.values(row));
    };
    expect(await insertDeal("title", long(201))).toBe("23514");
    expect(await insertDeal("description", long(1_001))).toBe("23514");
    expect(await insertDeal("promo_codes", Array.from({ length: 21 }, (_, index) => `C${index}`))).toBe("23514");
    expect(await insertDeal("promo_codes", [long(41)])).toBe("23514");
    expect(await insertDeal("image_urls", Array.from({ length: 11 }, (_, index) => `https://img.shop.test/${index}`))).toBe("23514");
    expect(await insertDeal("image_urls", ["data:image/png;base64,AAAA"])).toBe("23514");
    expect(await insertDeal("deal_url", " javascript:alert(1)")).toBe("23514");
    expect(await insertDeal("deal_url", `https://shop.test/${long(2_048)}`)).toBe("23514");
    expect(await insertDeal("deal_url", "https://shop.test/ok")).toBeNull();
    expect(await refusalCode(db, "UPDATE gmail_messages SET subject = $1", [long(501)])).toBe("23514");
    expect(await refusalCode(db, "UPDATE gmail_messages SET sender = $1", [long(601)])).toBe("23514");
  });
});
