import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, BrandToggleCodec, DashboardCodec, SettingsCodec, AuthMeCodec } from "../../src/contract";
import { generatedPromotion } from "./support/generatedMail";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

describe.each(DATABASES)("settings, brands, labels and the account, on %s", (database) => {
  let stack: Stack;
  let demo: Awaited<ReturnType<typeof signUpWithGmail>>;
  let other: Awaited<ReturnType<typeof signUpWithGmail>>;

  beforeAll(async () => {
    stack = await startStack({ database });
    demo = await signUpWithGmail(stack, "demo@example.com");
    other = await signUpWithGmail(stack, "other.user@example.com");
    await waitForSync(stack, demo.access_token);
    await waitForSync(stack, other.access_token);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const settingsOf = async (token: string) => decode(SettingsCodec, (await api(stack, "GET", "/settings", { token })).body).data;
  const dashboardOf = async (token: string) => (await wholeDashboard(stack, token));

  it("lists brands alphabetically with their registrable domains, the labels and the linked account", async () => {
    const settings = await settingsOf(demo.access_token);
    expect(settings.gmailConnected).toBe(true);
    expect(settings.linkedAccount).toBe("demo@example.com");
    expect(settings.lastSync).not.toBeNull();
    expect(settings.brands.length).toBeGreaterThan(3);
    const names = settings.brands.map((brand) => brand.name.toLowerCase());
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    for (const brand of settings.brands) expect(brand.domain).not.toMatch(/^(news|mail|email|em|e)\./);
    const promotions = settings.gmailLabels.find((label) => label.id === "CATEGORY_PROMOTIONS");
    expect(promotions).toMatchObject({ name: "Promotions", isChecked: true, isCustom: false });
  });

  it("hides an inactive brand's deals from the dashboard and its figures, and brings them back", async () => {
    const before = await dashboardOf(demo.access_token);
    const brandId = before.deals[0]!.brandId;
    const hiddenCount = before.deals.filter((deal) => deal.brandId === brandId).length;

    const off = decode(BrandToggleCodec, (await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token: demo.access_token })).body);
    expect(off.is_active).toBe(false);
    const during = await dashboardOf(demo.access_token);
    expect(during.deals.some((deal) => deal.brandId === brandId)).toBe(false);
    expect(during.deals.length).toBe(before.deals.length - hiddenCount);
    expect(during.stats.uniqueBrands.value).toBe(before.stats.uniqueBrands.value - 1);

    const on = decode(BrandToggleCodec, (await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token: demo.access_token })).body);
    expect(on.is_active).toBe(true);
    expect((await dashboardOf(demo.access_token)).deals.length).toBe(before.deals.length);
  });

  it("keeps users apart: nobody sees or changes another user's brands or deals", async () => {
    const demoDeals = await dashboardOf(demo.access_token);
    const otherDeals = await dashboardOf(other.access_token);
    const demoIds = new Set(demoDeals.deals.map((deal) => deal.id));
    expect(otherDeals.deals.some((deal) => demoIds.has(deal.id))).toBe(false);

    const demoBrand = demoDeals.deals[0]!.brandId;
    const attempt = await api(stack, "POST", `/api/toggle_brand/${demoBrand}`, { token: other.access_token });
    expect(attempt.status).toBe(404);
    const filtered = await api(stack, "GET", `/dashboard-products?brand=${demoBrand}`, { token: other.access_token });
    expect(decode(DashboardCodec, filtered.body).deals).toEqual([]);
    expect((await settingsOf(other.access_token)).brands.some((brand) => brand.id === demoBrand)).toBe(false);
  });

  it("filters the dashboard in the database by category, search, expiry and sender domain", async () => {
    const all = await dashboardOf(demo.access_token);
    const category = all.categories[0]!;
    const byCategory = (await wholeDashboard(stack, demo.access_token, `category=${encodeURIComponent(category.label.toUpperCase())}`));
    expect(byCategory.deals.length).toBe(category.count);
    expect(byCategory.deals.every((deal) => deal.category === category.label)).toBe(true);

    const brand = all.deals[0]!.brand;
    const word = brand.split(/\s+/)[0]!;
    const bySearch = (await wholeDashboard(stack, demo.access_token, `search=${encodeURIComponent(word.slice(0, 3).toLowerCase())}`));
    expect(bySearch.deals.some((deal) => deal.brand === brand)).toBe(true);
    // The rule is the start of a word, not any substring.
    const inner = word.slice(1, 4);
    const byInner = (await wholeDashboard(stack, demo.access_token, `search=${encodeURIComponent(inner)}`));
    for (const deal of byInner.deals) {
      const text = [deal.title, deal.description, deal.brand, deal.brandDomain, deal.category, deal.promoCode ?? ""].join(" ");
      expect(text).toMatch(new RegExp(`(^|[^\\p{L}\\p{N}])${inner.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "iu"));
    }

    const expiring = (await wholeDashboard(stack, demo.access_token, "expiring=true"));
    expect(expiring.deals.length).toBe(all.stats.expiring.value);

    const domain = all.deals[0]!.brandDomain;
    const byDomain = (await wholeDashboard(stack, demo.access_token, `from_domain=news.${domain}`));
    expect(byDomain.deals.length).toBeGreaterThan(0);
    expect(byDomain.deals.every((deal) => deal.brandDomain === domain)).toBe(true);

    const bad = await api(stack, "GET", "/dashboard-products?expiring=maybe", { token: demo.access_token });
    expect(bad.status).toBe(400);
    decode(ApiErrorCodec, bad.body);
  });

  it("answers an unchanged dashboard with 304 and a changed one in full", async () => {
    const url = `${stack.apiUrl}/dashboard-products`;
    const headers = { authorization: `Bearer ${demo.access_token}` };
    const first = await fetch(url, { headers });
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const refused = await fetch(url, { headers: { ...headers, "accept-encoding": "gzip;q=0, identity" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    decode(DashboardCodec, await refused.json());
    expect((await fetch(url, { headers: { ...headers, "if-none-match": etag } })).status).toBe(304);
    const brandId = decode(DashboardCodec, await first.json()).deals[0]!.brandId;
    await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token: demo.access_token });
    const changed = await fetch(url, { headers: { ...headers, "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(decode(DashboardCodec, await changed.json()).deals.some((deal) => deal.brandId === brandId)).toBe(false);
    await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token: demo.access_token });
  });

  it("pages the deals with /discover", async () => {
    const all = await dashboardOf(demo.access_token);
    const first = (await api(stack, "GET", "/discover?page=1&pageSize=5", { token: demo.access_token })).body as { deals: { id: string }[]; total: number; totalPages: number };
    const second = (await api(stack, "GET", "/discover?page=2&pageSize=5", { token: demo.access_token })).body as { deals: { id: string }[] };
    // Discover lists the deals the person can still use, which come first in the dashboard's order.
    expect(first.total).toBe(all.stats.activePromos.value);
    expect(first.deals.map((deal) => deal.id)).toEqual(all.deals.slice(0, 5).map((deal) => deal.id));
    expect(second.deals.map((deal) => deal.id)).toEqual(all.deals.slice(5, 10).map((deal) => deal.id));
    expect((await api(stack, "GET", "/discover?pageSize=101", { token: demo.access_token })).status).toBe(400);
  });

  it("sets the monitored labels, refusing labels the mailbox does not have", async () => {
    const unknown = await api(stack, "PUT", "/gmail/labels", { token: demo.access_token, body: { labels: ["NOT_A_LABEL"] } });
    expect(unknown.status).toBe(400);
    expect(decode(ApiErrorCodec, unknown.body).message).toContain("NOT_A_LABEL");
    const set = await api(stack, "PUT", "/gmail/labels", { token: demo.access_token, body: { labels: ["CATEGORY_PROMOTIONS", "INBOX"] } });
    expect(set.status).toBe(200);
    const labels = (await settingsOf(demo.access_token)).gmailLabels.filter((label) => label.isChecked).map((label) => label.id);
    expect(labels.sort()).toEqual(["CATEGORY_PROMOTIONS", "INBOX"]);
    await api(stack, "PUT", "/gmail/labels", { token: demo.access_token, body: { labels: ["CATEGORY_PROMOTIONS"] } });
  });

  it("keeps preferences, validating them", async () => {
    const saved = await api(stack, "PUT", "/user/settings", { token: demo.access_token, body: { weeklyReport: false, syncIntervalMinutes: 60 } });
    expect(saved.status).toBe(200);
    expect((await api(stack, "GET", "/user/settings", { token: demo.access_token })).body).toMatchObject({ settings: { weeklyReport: false, syncIntervalMinutes: 60 } });
    const invalid = await api(stack, "PUT", "/user/settings", { token: demo.access_token, body: { weeklyReport: "no", syncIntervalMinutes: 1 } });
    expect(invalid.status).toBe(400);
  });

  it("takes early-access requests once per email and explains bad input", async () => {
    const request = { name: " Ada ", email: "ada@example.org", shopping_frequency: "weekly" };
    expect((await api(stack, "POST", "/early-access", { body: request })).body).toMatchObject({ success: true });
    expect((await api(stack, "POST", "/early-access", { body: { ...request, email: "ADA@example.org" } })).body).toMatchObject({ success: true });
    const rows = await stack.server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM early_access_requests WHERE email = 'ada@example.org'");
    expect(rows[0]!.n).toBe(1);
    for (const bad of [{ ...request, shopping_frequency: "hourly" }, { ...request, email: "not-an-email" }, { ...request, name: "   " }, { name: "x" }]) {
      const response = await api(stack, "POST", "/early-access", { body: bad });
      expect(response.status).toBe(400);
      expect(decode(ApiErrorCodec, response.body).message.length).toBeGreaterThan(5);
    }
  });

  it("disconnects Gmail, revoking the grant at Google and keeping the deals found", async () => {
    const before = await dashboardOf(other.access_token);
    const response = await api(stack, "POST", "/disconnect-gmail", { token: other.access_token });
    expect(response.status).toBe(200);
    const me = decode(AuthMeCodec, (await api(stack, "GET", "/auth/me", { token: other.access_token })).body);
    expect(me.user.gmail_connected).toBe(false);
    expect((await dashboardOf(other.access_token)).deals.length).toBe(before.deals.length);
    expect((await api(stack, "POST", "/sync-gmail", { token: other.access_token })).status).toBe(400);
    expect((await api(stack, "POST", "/disconnect-gmail", { token: other.access_token })).status).toBe(400);
  });

  it("forgets a grant withdrawn at Google, says so, and keeps the deals found", async () => {
    stack.emulator.addMessage("new.user@example.com", generatedPromotion(1, new Date()), ["CATEGORY_PROMOTIONS"]);
    const person = await signUpWithGmail(stack, "new.user@example.com");
    await waitForSync(stack, person.access_token);
    const found = (await dashboardOf(person.access_token)).deals.length;
    expect(found).toBeGreaterThan(0);

    expect(stack.emulator.revokeAccess("new.user@example.com")).toBeGreaterThan(0);
    const labels = await api(stack, "GET", "/gmail/labels", { token: person.access_token });
    expect(labels.status).toBe(400);
    expect(decode(ApiErrorCodec, labels.body)).toMatchObject({ code: "gmail_access_withdrawn", message: expect.stringContaining("Connect Gmail again") });
    expect((await settingsOf(person.access_token)).gmailConnected).toBe(false);
    expect((await api(stack, "POST", "/sync-gmail", { token: person.access_token })).status).toBe(400);
    expect((await dashboardOf(person.access_token)).deals.length).toBe(found);

    // Connected again and withdrawn again, the settings page is the first to ask Gmail: it still answers, unlinked.
    const again = await signUpWithGmail(stack, "new.user@example.com");
    await waitForSync(stack, again.access_token);
    expect((await settingsOf(again.access_token)).gmailConnected).toBe(true);
    stack.emulator.revokeAccess("new.user@example.com");
    const settings = await settingsOf(again.access_token);
    expect(settings).toMatchObject({ gmailConnected: false, linkedAccount: null, gmailLabels: [] });
  });

  it("deletes the account and every row of it", async () => {
    const userId = demo.user.id;
    const earlyAccess = (name: string, email: string) =>
      api(stack, "POST", "/early-access", { body: { name, email, shopping_frequency: "weekly" } });
    expect((await earlyAccess("Demo", demo.user.email.toUpperCase())).status).toBe(200);
    expect((await earlyAccess("Someone Else", "someone.else@example.com")).status).toBe(200);
    const response = await api(stack, "DELETE", "/account", { token: demo.access_token });
    expect(response.status).toBe(200);
    const body = response.body as { success: boolean; deleted: Record<string, number>; googleAccessRevoked: boolean };
    expect(body.success).toBe(true);
    expect(body.googleAccessRevoked).toBe(true);
    expect(body.deleted.deals).toBeGreaterThan(0);
    const tables = await stack.server.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id' AND table_schema = current_schema()`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const rows = await stack.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table_name} WHERE user_id = $1`, [userId]);
      expect({ table: table_name, rows: rows[0]!.n }).toEqual({ table: table_name, rows: 0 });
    }
    expect((await stack.server.db.query("SELECT 1 FROM users WHERE id = $1", [userId])).length).toBe(0);
    // The early-access request is keyed by email: the person's own goes, another person's stays.
    expect(body.deleted.earlyAccessRequests).toBe(1);
    const requests = (await stack.server.db.query<{ email: string }>("SELECT email FROM early_access_requests")).map((row) => row.email);
    expect(requests).toContain("someone.else@example.com");
    expect(requests).not.toContain(demo.user.email.toLowerCase());
    expect((await api(stack, "GET", "/auth/me", { token: demo.access_token })).status).toBe(401);
  });
});
