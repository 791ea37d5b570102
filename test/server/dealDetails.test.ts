import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, BrandPageCodec, DealDetailCodec, DealStatusAnswerCodec } from "../../src/contract";
import { isCurrentDeal } from "../../src/domain/dealLifecycle";
import { typicalPercentOff } from "../../src/domain/dealDetail";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

/** A well-formed id that no row has. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** A 400 with our error shape and a message a person reads, never a validator's. */
function expectHumanRefusal(response: { status: number; body: unknown }, code: string) {
  expect(response.status).toBe(400);
  const error = decode(ApiErrorCodec, response.body);
  expect(error.code).toBe(code);
  expect(error.message).not.toMatch(/must match|pattern|schema|params/i);
}

describe.each(DATABASES)("a deal's detail, its owner's status and brand pages, on %s", (database) => {
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

  const dashboardOf = async (token: string) => (await wholeDashboard(stack, token));
  const setStatus = (token: string, dealId: string, body: unknown) => api(stack, "PUT", `/deals/${dealId}/status`, { token, body });

  it("answers a deal with the sender, subject and date of its email and a link to it, which the emulator shows as text", async () => {
    const deal = (await dashboardOf(demo.access_token)).deals.find((candidate) => candidate.imageUrls.length > 0) ?? (await dashboardOf(demo.access_token)).deals[0]!;
    const response = await api(stack, "GET", `/deals/${deal.id}`, { token: demo.access_token });
    expect(response.status).toBe(200);
    const detail = decode(DealDetailCodec, response.body);
    expect(detail.deal).toEqual(deal);
    const [row] = await stack.server.db.query<{ gmail_id: string; sender: string; subject: string; sent_at: Date }>(
      "SELECT m.gmail_id, m.sender, m.subject, m.sent_at FROM deals d JOIN gmail_messages m ON m.user_id = d.user_id AND m.gmail_id = d.gmail_id WHERE d.id = $1",
      [deal.id],
    );
    expect(detail.email).toEqual({
      sender: row!.sender,
      subject: row!.subject,
      sentAt: new Date(row!.sent_at).toISOString(),
      url: `${stack.emulator.baseUrl}/mail/messages/${row!.gmail_id}`,
    });
    expect(detail.email.sender).toMatch(/@/);

    const view = await fetch(detail.email.url);
    expect(view.status).toBe(200);
    expect(view.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await view.text();
    expect(html).not.toMatch(/<img|<script|<a /i);
    expect(html).toContain("<h1>");
  });

  it("escapes everything of a hostile message in the emulator's view", async () => {
    const raw = [
      'From: "<b>Evil</b>" <evil@example.net>',
      "To: demo@example.com",
      "Subject: <script>alert(1)</script> 20% off",
      "Date: Mon, 16 Nov 2026 10:00:00 +0000",
      "Content-Type: text/html; charset=utf-8",
      "",
      '<html><body><img src="https://tracker.example/p.gif"><p>Code &lt;x&gt; <script>steal()</script></p></body></html>',
    ].join("\r\n");
    const id = stack.emulator.addMessage("demo@example.com", raw, ["CATEGORY_PROMOTIONS"]);
    const html = await (await fetch(`${stack.emulator.baseUrl}/mail/messages/${id}`)).text();
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; 20% off");
    expect(html).toContain("&quot;&lt;b&gt;Evil&lt;/b&gt;&quot;");
    expect(html).not.toMatch(/<script|<img|tracker\.example/);
    expect((await fetch(`${stack.emulator.baseUrl}/mail/messages/ffff`)).status).toBe(404);
  });

  it("answers only the owner: another user's deal is no deal, and malformed ids get a sentence", async () => {
    const deal = (await dashboardOf(demo.access_token)).deals[0]!;
    const foreign = await api(stack, "GET", `/deals/${deal.id}`, { token: other.access_token });
    expect(foreign.status).toBe(404);
    expect(decode(ApiErrorCodec, foreign.body).code).toBe("deal_not_found");
    expect((await api(stack, "GET", `/deals/${NO_SUCH_ID}`, { token: demo.access_token })).status).toBe(404);
    expectHumanRefusal(await api(stack, "GET", "/deals/not-an-id", { token: demo.access_token }), "invalid_deal_id");
    expectHumanRefusal(await api(stack, "GET", `/deals/${deal.id}x`, { token: demo.access_token }), "invalid_deal_id");
    expect((await api(stack, "GET", `/deals/${deal.id}`)).status).toBe(401);
    expect((await setStatus(other.access_token, deal.id, { status: "used" })).status).toBe(404);
    expect((await dashboardOf(demo.access_token)).deals.find((candidate) => candidate.id === deal.id)!.status).toBeNull();
  });

  it("keeps a status per user, answers it, shows it on the dashboard, and clears it", async () => {
    const [first, second] = (await dashboardOf(demo.access_token)).deals;
    const used = await setStatus(demo.access_token, first!.id, { status: "used" });
    expect(decode(DealStatusAnswerCodec, used.body)).toEqual({ status: "used", saved: null });
    expect(decode(DealStatusAnswerCodec, (await setStatus(demo.access_token, second!.id, { status: "not_working" })).body)).toEqual({ status: "not_working", saved: null });

    const after = await dashboardOf(demo.access_token);
    expect(after.deals.find((deal) => deal.id === first!.id)!.status).toBe("used");
    expect(after.deals.find((deal) => deal.id === second!.id)!.status).toBe("not_working");
    expect(decode(DealDetailCodec, (await api(stack, "GET", `/deals/${first!.id}`, { token: demo.access_token })).body).deal.status).toBe("used");
    // Never shared: the other user's deals carry no status of this user's.
    expect((await dashboardOf(other.access_token)).deals.every((deal) => deal.status === null)).toBe(true);

    expect(decode(DealStatusAnswerCodec, (await setStatus(demo.access_token, first!.id, { status: null })).body)).toEqual({ status: null, saved: null });
    expect(decode(DealStatusAnswerCodec, (await setStatus(demo.access_token, second!.id, { status: null })).body)).toEqual({ status: null, saved: null });
    const [stored] = await stack.server.db.query<{ status: string | null; status_changed_at: Date | null }>("SELECT status, status_changed_at FROM deals WHERE id = $1", [first!.id]);
    expect(stored!.status).toBeNull();
    expect(stored!.status_changed_at).not.toBeNull();
    expect((await dashboardOf(demo.access_token)).deals.every((deal) => deal.status === null)).toBe(true);
  });

  it("refuses a status body that is not exactly one of the three, in words", async () => {
    const deal = (await dashboardOf(demo.access_token)).deals[0]!;
    for (const body of [{ status: "gone" }, {}, { status: "used", extra: true }, ["used"], "used", { status: 1 }, { status: "USED" }]) {
      expectHumanRefusal(await setStatus(demo.access_token, deal.id, body), "invalid_status");
    }
    const bare = await api(stack, "PUT", `/deals/${deal.id}/status`, { token: demo.access_token });
    expect(bare.status).toBe(400);
    decode(ApiErrorCodec, bare.body);
    expectHumanRefusal(await setStatus(demo.access_token, "nope", { status: "used" }), "invalid_deal_id");
  });

  it("answers a brand's page: its current and past deals, its typical discount and how often it mails", async () => {
    const dashboard = await dashboardOf(demo.access_token);
    const brandId = dashboard.deals[0]!.brandId;
    const response = await api(stack, "GET", `/brands/${brandId}`, { token: demo.access_token });
    expect(response.status).toBe(200);
    const page = decode(BrandPageCodec, response.body);
    expect(page.brand).toMatchObject({ id: brandId, name: dashboard.deals[0]!.brand, isActive: true });

    const brandDeals = dashboard.deals.filter((deal) => deal.brandId === brandId);
    expect([...page.currentDeals, ...page.pastDeals].map((deal) => deal.id).sort()).toEqual(brandDeals.map((deal) => deal.id).sort());
    const today = new Date();
    expect(page.currentDeals.every((deal) => isCurrentDeal(deal, today))).toBe(true);
    expect(page.pastDeals.every((deal) => !isCurrentDeal(deal, today))).toBe(true);
    expect(page.typicalPercentOff).toBe(typicalPercentOff(brandDeals.map((deal) => deal.discount)));

    const [counts] = await stack.server.db.query<{ emails: number; days: number }>(
      `SELECT (SELECT count(DISTINCT gmail_id)::int FROM deals WHERE brand_id = $1) AS emails,
              (SELECT extract(epoch FROM max(sent_at) - min(sent_at)) / 86400 FROM gmail_messages WHERE user_id = $2 AND state = 'processed')::float AS days`,
      [brandId, demo.user.id],
    );
    expect(page.emailCount).toBe(counts!.emails);
    expect(page.emailsPerWeek).toBeCloseTo(counts!.emails / Math.max(1, counts!.days / 7), 1);
  });

  it("answers a hidden brand's page too, and only to its owner", async () => {
    const brandId = (await dashboardOf(demo.access_token)).deals[0]!.brandId;
    await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token: demo.access_token });
    const hidden = decode(BrandPageCodec, (await api(stack, "GET", `/brands/${brandId}`, { token: demo.access_token })).body);
    expect(hidden.brand.isActive).toBe(false);
    await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token: demo.access_token });

    const foreign = await api(stack, "GET", `/brands/${brandId}`, { token: other.access_token });
    expect(foreign.status).toBe(404);
    expect(decode(ApiErrorCodec, foreign.body).code).toBe("brand_not_found");
    expect((await api(stack, "GET", `/brands/${NO_SUCH_ID}`, { token: demo.access_token })).status).toBe(404);
    expectHumanRefusal(await api(stack, "GET", "/brands/not-a-brand", { token: demo.access_token }), "invalid_brand_id");
  });
});
