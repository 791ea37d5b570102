import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../src/domain/category";
import { sortDeals, type Deal } from "../../src/domain/deal";
import { countStates } from "../../src/domain/dealLifecycle";
import { filterDeals, NO_FILTERS } from "../../src/domain/dealSearch";
import type { Database } from "../../server/infrastructure/db/database";
import { SqlDealsRepository } from "../../server/infrastructure/db/dealsRepository";
import { DATABASES, openMigratedTestDatabase } from "./support/stack";

/**
 * The dashboard's deal rules (search, category, expiring soon, sort, current and expired) are written once in
 * src/domain; the browser applies them to the deals it holds and the server in SQL. The same table of cases runs
 * through both, so the two can never disagree.
 */

const TODAY = "2025-10-10";

interface DealRow {
  key: string;
  title: string;
  description: string;
  brand: string;
  domain: string;
  category: Category;
  codes: string[];
  expires: string | null;
  /** When the email arrived; deals level in the order are listed newest first. */
  sentAt: string;
}

const row = (key: string, fields: Omit<DealRow, "key" | "sentAt">, sentAt: string): DealRow => ({ key, ...fields, sentAt });

const DEALS: DealRow[] = [
  row("sneakers", { title: "Free shipping on sneakers", description: "Members save more", brand: "Quarrystone Jewelry", domain: "quarrystone.co.uk", category: "Fashion", codes: ["SAVE10", "FREESHIP"], expires: "2025-10-12" }, "2025-10-01T10:00:00Z"),
  row("sofa", { title: "Sofa sale", description: "Up to 40% off — “Autumn” event", brand: "Cloudnook", domain: "cloudnook.com", category: "Home", codes: [], expires: "2025-10-17" }, "2025-10-02T10:00:00Z"),
  row("rugs", { title: "Rugs for less", description: "", brand: "Cloudnook", domain: "cloudnook.com", category: "Home", codes: ["RUG-20"], expires: "2025-10-18" }, "2025-10-03T10:00:00Z"),
  row("ete", { title: "Été collection", description: "Nouveautés", brand: "Maison Éclat", domain: "maison-eclat.fr", category: "Fashion", codes: [], expires: null }, "2025-10-04T10:00:00Z"),
  row("membership", { title: "Membership perks", description: "Flagship store", brand: "Brindlemart", domain: "brindlemart.com", category: "Shopping", codes: ["WELCOME5"], expires: "2025-10-09" }, "2025-10-05T10:00:00Z"),
  row("oil", { title: "Oil change $10 off", description: "Any car", brand: "Gearhaus", domain: "gearhaus.com", category: "Automotive", codes: ["OIL10"], expires: "2025-10-10" }, "2025-10-06T10:00:00Z"),
  row("weekend", { title: "Weekend sale", description: "", brand: "Brindlemart", domain: "brindlemart.com", category: "Shopping", codes: ["save10"], expires: null }, "2025-10-07T10:00:00Z"),
  row("old", { title: "Old sale", description: "", brand: "Toyburrow", domain: "toyburrow.com", category: "Others", codes: [], expires: "2025-09-01" }, "2025-08-20T10:00:00Z"),
];

const CASES: { name: string; filters: { category?: string; search?: string; expiringOnly?: boolean }; expected: string[] }[] = [
  { name: "no filters: soonest first, undated (newest mail first), expired last", filters: {}, expected: ["oil", "sneakers", "sofa", "rugs", "weekend", "ete", "old", "membership"] },
  { name: "a word matches the start of a word", filters: { search: "ship" }, expected: ["sneakers"] },
  { name: "not inside a word", filters: { search: "hipping" }, expected: [] },
  { name: "promo codes are searched, ignoring case", filters: { search: "save10" }, expected: ["sneakers", "weekend"] },
  { name: "every word must match, each in any field", filters: { search: "free save" }, expected: ["sneakers"] },
  { name: "a word no deal has fails the whole query", filters: { search: "sneakers cloudnook" }, expected: [] },
  { name: "words match across title and brand", filters: { search: "sneakers QUARRYSTONE" }, expected: ["sneakers"] },
  { name: "surrounding and repeated spaces are ignored", filters: { search: "  SALE   " }, expected: ["sofa", "weekend", "old"] },
  { name: "a code with a hyphen is taken literally", filters: { search: "rug-20" }, expected: ["rugs"] },
  { name: "curly quotes start a word", filters: { search: "autumn" }, expected: ["sofa"] },
  { name: "accented letters fold case", filters: { search: "été" }, expected: ["ete"] },
  { name: "an accented letter continues a word", filters: { search: "tés" }, expected: [] },
  { name: "a brand with an accent", filters: { search: "éclat" }, expected: ["ete"] },
  { name: "a hyphen in a domain starts a word", filters: { search: "eclat" }, expected: ["ete"] },
  { name: "punctuation in the query is literal", filters: { search: "$10" }, expected: ["oil"] },
  { name: "digits after a currency sign start a word", filters: { search: "10" }, expected: ["oil"] },
  { name: "regular expression characters are literal", filters: { search: "sale*" }, expected: [] },
  { name: "a domain with dots", filters: { search: "co.uk" }, expected: ["sneakers"] },
  { name: "the from_domain search", filters: { search: "brindlemart.com" }, expected: ["weekend", "membership"] },
  { name: "the category", filters: { search: "fash" }, expected: ["sneakers", "ete"] },
  { name: "category filter ignores case", filters: { category: "home" }, expected: ["sofa", "rugs"] },
  { name: "expiring soon: 0 to 7 days left, never expired", filters: { expiringOnly: true }, expected: ["oil", "sneakers", "sofa"] },
  { name: "all filters together", filters: { category: "HOME", search: "sofa", expiringOnly: true }, expected: ["sofa"] },
];

/** The deals as the dashboard holds them: newest mail first, the order the server breaks ties in. */
const domainDeals: (Deal & { key: string })[] = [...DEALS]
  .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
  .map((deal) => ({
    key: deal.key,
    id: deal.key,
    title: deal.title,
    description: deal.description,
    brand: deal.brand,
    brandId: deal.domain,
    brandDomain: deal.domain,
    category: deal.category,
    dealUrl: null,
    promoCode: deal.codes.length > 0 ? deal.codes.join(",") : null,
    discount: null,
    expirationDate: deal.expires,
    imageUrls: [],
    source: "text",
    terms: [],
    codeConditions: [],
    status: null,
    remind: false,
    sentAt: deal.sentAt,
  }));

const today = new Date(`${TODAY}T12:00:00Z`);

describe("the deal rules in the domain", () => {
  // The server sends the deals of every view in one order; the browser lists the current view, then the expired one.
  it.each(CASES)("$name", ({ filters, expected }) => {
    const sorted = sortDeals(domainDeals, today);
    const found = (["current", "expired"] as const).flatMap((show) => filterDeals(sorted, { ...NO_FILTERS, ...filters, show }, today));
    expect(found.map((deal) => deal.key)).toEqual(expected);
  });
});

async function seed(db: Database): Promise<{ userId: string; keyOf: Map<string, string> }> {
  const [user] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('rules@example.com') RETURNING id");
  const userId = user!.id;
  const brandIds = new Map<string, string>();
  for (const deal of DEALS) {
    if (brandIds.has(deal.domain)) continue;
    const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name) VALUES ($1, $2, $3) RETURNING id", [
      userId,
      deal.domain,
      deal.brand,
    ]);
    brandIds.set(deal.domain, brand!.id);
  }
  const keyOf = new Map<string, string>();
  for (const deal of DEALS) {
    const [stored] = await db.query<{ id: string }>(
      `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, expiration_date, source, sent_at)
       VALUES ($1, $2, $3, '', $4, $5, $6, $7, $8, 'text', $9) RETURNING id`,
      [userId, brandIds.get(deal.domain), deal.key, deal.title, deal.description, deal.category, deal.codes, deal.expires, deal.sentAt],
    );
    keyOf.set(stored!.id, deal.key);
  }
  return { userId, keyOf };
}

describe.each(DATABASES)("the same deal rules in SQL, on %s", (database) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let repository: SqlDealsRepository;
  let userId: string;
  let keyOf: Map<string, string>;

  beforeAll(async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    repository = new SqlDealsRepository(db);
    ({ userId, keyOf } = await seed(db));
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it.each(CASES)("$name", async ({ filters, expected }) => {
    const found = await repository.deals(userId, TODAY, filters);
    expect(found.map((deal) => keyOf.get(deal.id))).toEqual(expected);
    expect(await repository.countDeals(userId, TODAY, filters)).toBe(expected.length);
  });

  it("counts current and ending-soon deals as the domain's lifecycle classifies them", async () => {
    const { current: figures } = await repository.summary(userId, TODAY, TODAY, new Date(`${TODAY}T00:00:00Z`));
    const states = countStates(domainDeals, today);
    expect(figures.expiring).toBe(states["ending-soon"]);
    expect(figures.activePromos).toBe(states.live + states["ending-soon"]);
  });
});
