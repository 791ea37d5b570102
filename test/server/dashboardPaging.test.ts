import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../src/domain/category";
import { sortDeals, type Deal } from "../../src/domain/deal";
import { countStates } from "../../src/domain/dealLifecycle";
import { matchesCategory, matchesSearch } from "../../src/domain/dealSearch";
import { ApiErrorCodec, DashboardCodec, DashboardDealsPageCodec, type DashboardDto } from "../../src/contract";
import { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE, encodeCursor } from "../../server/application/dashboard";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

const DAY_MS = 86_400_000;
const WORDS = ["Alpha", "Bravo", "Charlie", "Delta"];
/** More than the first answer and one further page hold, so the list takes three requests. */
const DEALS = FIRST_PAGE_SIZE + NEXT_PAGE_SIZE + 76;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayFrom = (today: Date, days: number) => isoDay(new Date(today.getTime() + days * DAY_MS));

/**
 * Deals built to tie: most share one end date and one email time, so the order within them rests on the id, and the
 * first answer's last deal sits inside such a run. Some have no end date, some expired, some end this week, some
 * came in an email without a date.
 */
async function seed(stack: Stack, userId: string, prefix: string, count: number): Promise<void> {
  const { syncState } = stack.server.services;
  const now = new Date();
  const sameTime = new Date(now.getTime() - 3 * DAY_MS);
  const ids = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  await syncState.addPending(userId, ids);
  const messages = ids.map((gmailId, index) => {
    const word = WORDS[index % WORDS.length]!;
    const expiry = [null, dayFrom(now, -3), dayFrom(now, 2), dayFrom(now, 20), dayFrom(now, 20), dayFrom(now, 20)][index % 6]!;
    const sentAt = index % 9 === 0 ? null : index % 5 === 0 ? new Date(now.getTime() - (index % 40) * DAY_MS) : sameTime;
    return {
      message: { gmailId, sender: `${prefix} ${index % 7}`, subject: `${word} ${index}`, sentAt },
      deals: [{
        brand: `${prefix} brand ${index % 7}`,
        brandDomain: `${prefix}${index % 7}.test`,
        title: `${word} sale ${prefix} ${index}`,
        description: "",
        category: CATEGORIES[index % 5]!,
        promoCodes: [`${word.toUpperCase()}${index}`],
        discount: "10% off",
        terms: [],
        codeConditions: [],
        expirationDate: expiry,
        dealUrl: null,
        imageUrls: [],
        source: "text" as const,
      }],
    };
  });
  for (let index = 0; index < count; index += 200) await syncState.storeBatch(userId, messages.slice(index, index + 200), [], now);
}

/** The first answer and every page after it, as the SPA fetches them. */
async function everyPage(stack: Stack, token: string, query = ""): Promise<{ first: DashboardDto; pages: Deal[][] }> {
  const first = decode(DashboardCodec, (await api(stack, "GET", `/dashboard-products${query ? `?${query}` : ""}`, { token })).body);
  const pages = [first.deals];
  for (let cursor = first.nextCursor; cursor !== null; ) {
    const answer = await api(stack, "GET", `/dashboard-products/deals?after=${cursor}${query ? `&${query}` : ""}`, { token });
    expect(answer.status).toBe(200);
    const page = decode(DashboardDealsPageCodec, answer.body);
    pages.push(page.deals);
    cursor = page.nextCursor;
  }
  return { first, pages };
}

/** The dashboard's order spelled out: unmarked first, then live, undated, expired; the earlier end; the newer email; the id. */
function inDashboardOrder(deals: readonly Deal[], today: string): Deal[] {
  const rank = (deal: Deal) =>
    deal.expirationDate === null ? 1 : deal.expirationDate < today ? 2 : 0;
  const key = (deal: Deal) => [
    deal.status === null ? 0 : 1,
    rank(deal),
    deal.expirationDate ?? "9999-12-31",
    deal.sentAt === null ? Number.POSITIVE_INFINITY : -Date.parse(deal.sentAt),
    deal.id,
  ] as const;
  return [...deals].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let index = 0; index < ka.length; index++) if (ka[index] !== kb[index]) return ka[index]! < kb[index]! ? -1 : 1;
    return 0;
  });
}

describe.each(DATABASES)("the dashboard's first answer and its keyset pages, on %s", (database) => {
  let stack: Stack;
  let token: string;
  let otherToken: string;
  let today: string;

  beforeAll(async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    const person = await signUpWithGmail(stack, "new.user@example.com");
    const other = await signUpWithGmail(stack, "other.user@example.com");
    token = person.access_token;
    otherToken = other.access_token;
    await waitForSync(stack, token);
    await waitForSync(stack, otherToken);
    await seed(stack, person.user.id, "mine", DEALS);
    await seed(stack, other.user.id, "theirs", 40);
    today = isoDay(new Date());
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("answers a screenful first and the rest in keyset pages: every deal once, in the dashboard's order, ties by id", async () => {
    // Marked deals go after the unmarked ones, wherever their dates put them.
    const { first: before } = await everyPage(stack, token);
    for (const deal of before.deals.slice(0, 3)) {
      expect((await api(stack, "PUT", `/deals/${deal.id}/status`, { token, body: { status: "used" } })).status).toBe(200);
    }

    const { first, pages } = await everyPage(stack, token);
    expect(pages.map((page) => page.length)).toEqual([FIRST_PAGE_SIZE, NEXT_PAGE_SIZE, DEALS - FIRST_PAGE_SIZE - NEXT_PAGE_SIZE]);
    const all = pages.flat();
    expect(first.totalDeals).toBe(DEALS);
    expect(new Set(all.map((deal) => deal.id)).size).toBe(DEALS);
    expect(all.every((deal) => deal.title.includes("mine"))).toBe(true);
    expect(all.map((deal) => deal.id)).toEqual(inDashboardOrder(all, today).map((deal) => deal.id));
    expect(all.slice(-3).map((deal) => deal.status)).toEqual(["used", "used", "used"]);
    // The first answer ends inside a run of deals level on every key but the id.
    const [last, next] = [pages[0]!.at(-1)!, pages[1]![0]!];
    expect([next.expirationDate, next.sentAt]).toEqual([last.expirationDate, last.sentAt]);
    // The browser's own order (stable, by rank and date) keeps the server's order of the unmarked deals.
    const unmarked = all.filter((deal) => deal.status === null);
    expect(sortDeals(unmarked, new Date(`${today}T12:00:00Z`))).toEqual(unmarked);
  });

  it("gives the figures, counts and greeting of the whole list, not of the first screenful", async () => {
    const { first, pages } = await everyPage(stack, token);
    const all = pages.flat();
    // Active Promos and Expiring Soon by the domain's lifecycle: the deals marked used above count in neither.
    const states = countStates(all, new Date(`${today}T00:00:00Z`));
    expect(states.used).toBe(3);
    expect(first.stats.activePromos.value).toBe(states.live + states["ending-soon"]);
    expect(first.stats.expiring.value).toBe(states["ending-soon"]);
    expect(first.stats.uniqueBrands.value).toBe(new Set(all.map((deal) => deal.brandId)).size);
    expect(first.stats.emailsScanned.value).toBe(DEALS);
    // Every deal here was stored (found) today, so the new deals of today are the ones the person can still use.
    expect(first.newDealsToday).toBe(states.live + states["ending-soon"]);
    const counted = new Map<string, number>();
    for (const deal of all) counted.set(deal.category, (counted.get(deal.category) ?? 0) + 1);
    expect(Object.fromEntries(first.categories.map((category) => [category.label, category.count]))).toEqual(Object.fromEntries(counted));
  });

  it("pages under the filters with the filters' own total", async () => {
    const { first: whole, pages: wholePages } = await everyPage(stack, token);
    const category = CATEGORIES[2]!;
    const query = `search=bravo&category=${encodeURIComponent(category.toLowerCase())}`;
    const { first, pages } = await everyPage(stack, token, query);
    const expected = wholePages.flat().filter((deal) => matchesSearch(deal, "bravo") && matchesCategory(deal, category));
    expect(expected.length).toBeGreaterThan(FIRST_PAGE_SIZE);
    expect(pages.flat().map((deal) => deal.id)).toEqual(expected.map((deal) => deal.id));
    expect(first.totalDeals).toBe(expected.length);
    // The figures describe the person's deals, whatever the list is filtered by.
    expect(first.stats).toEqual(whole.stats);
  });

  it("shows each person only their own deals, whatever cursor they send", async () => {
    const { first: mine } = await everyPage(stack, token);
    const { first, pages } = await everyPage(stack, otherToken);
    const theirs = pages.flat();
    expect(theirs.length).toBe(first.totalDeals);
    expect(theirs.some((deal) => deal.title.includes("mine"))).toBe(false);
    const borrowed = await api(stack, "GET", `/dashboard-products/deals?after=${mine.nextCursor}`, { token: otherToken });
    expect(borrowed.status).toBe(200);
    expect(decode(DashboardDealsPageCodec, borrowed.body).deals.every((deal) => theirs.some((their) => their.id === deal.id))).toBe(true);
  });

  it("leaves a hidden brand's deals out of the first answer, the pages and the figures at once", async () => {
    const { pages: before } = await everyPage(stack, token);
    const hidden = before[0]![0]!;
    expect((await api(stack, "POST", `/api/toggle_brand/${hidden.brandId}`, { token })).status).toBe(200);
    const { first, pages } = await everyPage(stack, token);
    const all = pages.flat();
    const left = before.flat().filter((deal) => deal.brandId !== hidden.brandId);
    expect(all.map((deal) => deal.id)).toEqual(left.map((deal) => deal.id));
    expect(first.totalDeals).toBe(left.length);
    expect(first.stats.uniqueBrands.value).toBe(new Set(left.map((deal) => deal.brandId)).size);
    expect((await api(stack, "POST", `/api/toggle_brand/${hidden.brandId}`, { token })).status).toBe(200);
  });

  it("refuses a cursor it did not write with a 400 that says what to do", async () => {
    const position = { marked: 0, rank: 0, expiry: today, sentKey: "-1", id: "00000000-0000-4000-8000-000000000000" } as const;
    const malformed = [
      "bm90LWpzb24", // "not-json"
      Buffer.from(JSON.stringify([0, 0, today, "-1"])).toString("base64url"),
      Buffer.from(JSON.stringify([2, 0, today, "-1", position.id])).toString("base64url"),
      Buffer.from(JSON.stringify([0, 7, today, "-1", position.id])).toString("base64url"),
      Buffer.from(JSON.stringify([0, 0, "2026-02-30", "-1", position.id])).toString("base64url"),
      Buffer.from(JSON.stringify([0, 0, today, "99999999999999999999", position.id])).toString("base64url"),
      Buffer.from(JSON.stringify([0, 0, today, "-1", "not-a-uuid"])).toString("base64url"),
      encodeCursor(position).slice(0, -4),
    ];
    for (const cursor of malformed) {
      const answer = await api(stack, "GET", `/dashboard-products/deals?after=${cursor}`, { token });
      expect({ cursor, status: answer.status }).toEqual({ cursor, status: 400 });
      expect(decode(ApiErrorCodec, answer.body)).toMatchObject({ code: "invalid_cursor", message: expect.stringMatching(/Reload the dashboard/) });
    }
    for (const query of ["after=", "after=a%20b", `after=${"A".repeat(301)}`, ""]) {
      expect((await api(stack, "GET", `/dashboard-products/deals?${query}`, { token })).status).toBe(400);
    }
    expect((await api(stack, "GET", `/dashboard-products/deals?after=${encodeCursor(position)}`, { token })).status).toBe(200);
    expect((await api(stack, "GET", `/dashboard-products/deals?after=${encodeCursor(position)}`)).status).toBe(401);
  });

  it("refuses a cursor whose end date is no calendar day, before the database sees it, and takes every real one", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const cursorAt = (expiry: string) => Buffer.from(JSON.stringify([0, 0, expiry, "0", id])).toString("base64url");
    // JavaScript's Date throws on the first three, rolls February 30 over to March, and takes the year 0000.
    for (const expiry of ["2026-13-01", "2026-01-00", "2026-01-32", "2026-02-30", "0000-01-01"]) {
      const answer = await api(stack, "GET", `/dashboard-products/deals?after=${cursorAt(expiry)}`, { token });
      expect({ expiry, status: answer.status }).toEqual({ expiry, status: 400 });
      expect(decode(ApiErrorCodec, answer.body).code).toBe("invalid_cursor");
    }
    for (const expiry of ["0001-01-01", "2024-02-29", "9999-12-31"]) {
      const answer = await api(stack, "GET", `/dashboard-products/deals?after=${cursorAt(expiry)}`, { token });
      expect({ expiry, status: answer.status }).toEqual({ expiry, status: 200 });
    }
  });
});
