import { loadTestAccounts } from "../../emulator/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, DealCorrectionCodec, DealDetailCodec, type DashboardDto } from "../../src/contract";
import type { Deal } from "../../src/domain/deal";
import { generatedCode, generatedPromotion } from "./support/generatedMail";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];
const DAY = 86_400_000;
/** generatedPromotion's brands repeat every 8 messages: 0, 8 and 16 are one brand's, 1 another's. */
const FIRST_BRAND = [0, 8];
const LATER_MAIL_OF_FIRST_BRAND = 16;
const SECOND_BRAND = [1, 9];

type Person = Awaited<ReturnType<typeof signUpWithGmail>>;

describe.each(DATABASES)("a person's corrections of a deal, on %s", (database) => {
  let stack: Stack;
  let person: Person;
  let other: Person;
  const sentAt = (index: number) => new Date(Date.now() - 3 * DAY + index * 60_000);

  beforeAll(async () => {
    stack = await startStack({ database, emulator: { extraAccounts: loadTestAccounts(1) } });
    for (const index of [...FIRST_BRAND, ...SECOND_BRAND]) {
      stack.emulator.addMessage("new.user@example.com", generatedPromotion(index, sentAt(index)), PROMOTIONS);
      stack.emulator.addMessage("load.user1@example.com", generatedPromotion(index, sentAt(index)), PROMOTIONS);
    }
    person = await signUpWithGmail(stack, "new.user@example.com");
    other = await signUpWithGmail(stack, "load.user1@example.com");
    await waitForSync(stack, person.access_token);
    await waitForSync(stack, other.access_token);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  const dashboardOf = (who: Person) => wholeDashboard(stack, who.access_token);
  const dealWithCode = (dashboard: DashboardDto, index: number): Deal => {
    const deal = dashboard.deals.find((candidate) => candidate.promoCode === generatedCode(index));
    if (!deal) throw new Error(`No deal with ${generatedCode(index)}: ${dashboard.deals.map((found) => found.promoCode).join(", ")}`);
    return deal;
  };
  const correct = (who: Person, dealId: string, body: unknown) => api(stack, "PUT", `/deals/${dealId}/correction`, { token: who.access_token, body });
  const undo = (who: Person, dealId: string) => api(stack, "DELETE", `/deals/${dealId}/correction`, { token: who.access_token });
  const chip = (dashboard: DashboardDto, category: string) => dashboard.categories.find((found) => found.label === category)?.count ?? 0;
  const userIdOf = async (email: string) => (await stack.server.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]))[0]!.id;

  /** The kept counts (dashboard_counts) against the same count over the person's deals, per category. */
  async function expectCountsFollowDeals(email: string) {
    const userId = await userIdOf(email);
    const kept = await stack.server.db.query<{ category: string; n: number }>(
      "SELECT category, sum(n)::int AS n FROM dashboard_counts WHERE user_id = $1 AND grain = 'deals' GROUP BY category HAVING sum(n) <> 0 ORDER BY category",
      [userId],
    );
    const counted = await stack.server.db.query<{ category: string; n: number }>(
      "SELECT d.category, count(*)::int AS n FROM deals d JOIN brands b ON b.id = d.brand_id WHERE d.user_id = $1 AND b.is_active GROUP BY d.category ORDER BY d.category",
      [userId],
    );
    expect(kept).toEqual(counted);
  }

  /** Syncs one message anew, as if it had never been seen: its rows go and a full sync (no history) extracts it again. */
  async function resyncMessageOf(email: string, who: Person, code: string) {
    const userId = await userIdOf(email);
    const [row] = await stack.server.db.query<{ gmail_id: string }>(
      "SELECT gmail_id FROM deal_corrections WHERE user_id = $1 AND code_key = $2 UNION SELECT gmail_id FROM deals WHERE user_id = $1 AND code_key = $2",
      [userId, code],
    );
    await stack.server.db.query("DELETE FROM deals WHERE user_id = $1 AND gmail_id = $2", [userId, row!.gmail_id]);
    await stack.server.db.query("DELETE FROM gmail_messages WHERE user_id = $1 AND gmail_id = $2", [userId, row!.gmail_id]);
    await stack.server.db.query("UPDATE gmail_sync_state SET history_id = NULL WHERE user_id = $1", [userId]);
    expect((await api(stack, "POST", "/sync-gmail", { token: who.access_token })).status).toBe(200);
    await waitForSync(stack, who.access_token);
    const [stored] = await stack.server.db.query<{ state: string }>("SELECT state FROM gmail_messages WHERE user_id = $1 AND gmail_id = $2", [userId, row!.gmail_id]);
    expect(stored?.state).toBe("processed");
  }

  it("shows a corrected code and end date at once on the dashboard and the detail, keeps them through a re-sync, and undoes them", async () => {
    const before = dealWithCode(await dashboardOf(person), SECOND_BRAND[0]!);
    const response = await correct(person, before.id, { code: " FIXED-10 ", endDate: "2099-12-31" });
    expect(response.status).toBe(200);
    const correction = decode(DealCorrectionCodec, response.body);
    expect(correction.corrected).toEqual({ code: "FIXED-10", endDate: "2099-12-31", category: null, brand: null, notADeal: false });
    expect(correction.mail).toEqual({ code: before.promoCode, endDate: before.expirationDate, category: before.category, brand: before.brand });

    const shown = (await dashboardOf(person)).deals.find((deal) => deal.id === before.id)!;
    expect(shown).toMatchObject({ promoCode: "FIXED-10", expirationDate: "2099-12-31" });
    // Its evidence says the person corrected those fields, and keeps the mail's for the others.
    const corrected = { kind: "corrected", confidence: "stated" };
    expect(shown.evidence).toEqual({ ...(before.evidence ?? { brand: null, category: null }), codes: [{ code: "FIXED-10", ...corrected }], endDate: corrected });
    const detail = decode(DealDetailCodec, (await api(stack, "GET", `/deals/${before.id}`, { token: person.access_token })).body);
    expect(detail.deal).toMatchObject({ promoCode: "FIXED-10", expirationDate: "2099-12-31" });
    const codes = await stack.server.services.extension.codes(await userIdOf("new.user@example.com"));
    expect(codes.deals.find((deal) => deal.id === before.id)?.codes.map((code) => code.code)).toEqual(["FIXED-10"]);
    await expectCountsFollowDeals("new.user@example.com");

    // A store that writes the mail's values over the row (as a re-extraction would) does not undo the correction.
    await stack.server.db.query("UPDATE deals SET promo_codes = mail_promo_codes, expiration_date = NULL, title = title WHERE id = $1", [before.id]);
    expect((await dashboardOf(person)).deals.find((deal) => deal.id === before.id)).toMatchObject({ promoCode: "FIXED-10", expirationDate: "2099-12-31" });

    await resyncMessageOf("new.user@example.com", person, generatedCode(SECOND_BRAND[0]!));
    // Stored again in a new row, the deal shows the correction, which now names that row.
    expect((await dashboardOf(person)).deals.map((deal) => deal.promoCode)).not.toContain(before.promoCode);
    const stored = (await dashboardOf(person)).deals.find((deal) => deal.promoCode === "FIXED-10")!;
    expect(stored).toMatchObject({ expirationDate: "2099-12-31", title: before.title });
    const kept = decode(DealCorrectionCodec, (await api(stack, "GET", `/deals/${stored.id}/correction`, { token: person.access_token })).body);
    expect(kept.corrected).toMatchObject({ code: "FIXED-10", endDate: "2099-12-31" });
    await expectCountsFollowDeals("new.user@example.com");

    const undone = decode(DealCorrectionCodec, (await undo(person, stored.id)).body);
    expect(undone.corrected).toEqual({ code: null, endDate: null, category: null, brand: null, notADeal: false });
    const back = (await dashboardOf(person)).deals.find((deal) => deal.id === stored.id)!;
    expect(back).toMatchObject({ promoCode: before.promoCode, expirationDate: before.expirationDate });
    // The mail's evidence again; the re-sync stored the row after its brand's mail had decided its category, so that
    // field now rests on the brand's mail rather than on this one message's sender.
    expect({ ...back.evidence, category: null }).toEqual({ ...before.evidence, category: null });
    expect(back.category).toBe(before.category);
    expect(back.evidence?.category?.kind).toBe("brand-mail");
    await expectCountsFollowDeals("new.user@example.com");
  });

  it("moves every deal of the brand to a corrected category and name, its later mail too, and another person sees none of it", async () => {
    const dashboard = await dashboardOf(person);
    const deal = dealWithCode(dashboard, FIRST_BRAND[0]!);
    const brandDeals = dashboard.deals.filter((candidate) => candidate.brandId === deal.brandId);
    expect(brandDeals.length).toBe(FIRST_BRAND.length);
    const category = deal.category === "Pets" ? "Travel and Local" : "Pets";
    const othersBefore = await dashboardOf(other);

    expect((await correct(person, deal.id, { category, brand: "Alder & Brook" })).status).toBe(200);
    const after = await dashboardOf(person);
    for (const moved of after.deals.filter((candidate) => candidate.brandId === deal.brandId)) {
      expect(moved).toMatchObject({ category, brand: "Alder & Brook" });
      expect(moved.evidence).toMatchObject({ category: { kind: "corrected" }, brand: { kind: "corrected" } });
    }
    expect(chip(after, category)).toBe(chip(dashboard, category) + brandDeals.length);
    expect(chip(after, deal.category)).toBe(chip(dashboard, deal.category) - brandDeals.length);
    await expectCountsFollowDeals("new.user@example.com");

    // The brand's next mail arrives: it is shown in the person's category and name.
    stack.emulator.addMessage("new.user@example.com", generatedPromotion(LATER_MAIL_OF_FIRST_BRAND, sentAt(LATER_MAIL_OF_FIRST_BRAND)), PROMOTIONS);
    expect((await api(stack, "POST", "/sync-gmail", { token: person.access_token })).status).toBe(200);
    await waitForSync(stack, person.access_token);
    const later = dealWithCode(await dashboardOf(person), LATER_MAIL_OF_FIRST_BRAND);
    expect(later).toMatchObject({ brandId: deal.brandId, category, brand: "Alder & Brook" });
    const laterCorrection = decode(DealCorrectionCodec, (await api(stack, "GET", `/deals/${later.id}/correction`, { token: person.access_token })).body);
    expect(laterCorrection.corrected).toMatchObject({ category, brand: "Alder & Brook", code: null });
    expect(laterCorrection.mail.category).toBe(deal.category);
    await expectCountsFollowDeals("new.user@example.com");

    // The other person has the same brand's mail: nothing of this shows for them, and the deal is no deal of theirs.
    expect(await dashboardOf(other)).toEqual(othersBefore);
    for (const [method, body] of [["GET", undefined], ["PUT", { category }], ["DELETE", undefined]] as const) {
      const refused = await api(stack, method, `/deals/${deal.id}/correction`, { token: other.access_token, ...(body ? { body } : {}) });
      expect(refused.status).toBe(404);
      expect(decode(ApiErrorCodec, refused.body).code).toBe("deal_not_found");
    }

    // Undone from any deal of the brand: back to what the mail said, for all of them.
    expect((await undo(person, later.id)).status).toBe(200);
    const undone = await dashboardOf(person);
    for (const back of undone.deals.filter((candidate) => candidate.brandId === deal.brandId)) {
      expect(back).toMatchObject({ category: deal.category, brand: deal.brand });
      expect(back.evidence?.category?.kind).not.toBe("corrected");
    }
    await expectCountsFollowDeals("new.user@example.com");
  });

  it("takes a deal that is not one out of every view and count, keeps it out through a re-sync, and puts it back on undo", async () => {
    const dashboard = await dashboardOf(person);
    const deal = dealWithCode(dashboard, SECOND_BRAND[1]!);
    const userId = await userIdOf("new.user@example.com");

    const response = await correct(person, deal.id, { notADeal: true });
    expect(response.status).toBe(200);
    expect(decode(DealCorrectionCodec, response.body).corrected.notADeal).toBe(true);
    const after = await dashboardOf(person);
    expect(after.deals.map((found) => found.id)).not.toContain(deal.id);
    expect(after.totalDeals).toBe(dashboard.totalDeals - 1);
    expect(chip(after, deal.category)).toBe(chip(dashboard, deal.category) - 1);
    expect(after.stats.activePromos.value).toBe(dashboard.stats.activePromos.value - 1);
    expect((await api(stack, "GET", `/deals/${deal.id}`, { token: person.access_token })).status).toBe(404);
    expect((await stack.server.services.extension.codes(userId)).deals.map((found) => found.id)).not.toContain(deal.id);
    await expectCountsFollowDeals("new.user@example.com");
    // Its correction is still there to undo.
    expect(decode(DealCorrectionCodec, (await api(stack, "GET", `/deals/${deal.id}/correction`, { token: person.access_token })).body).corrected.notADeal).toBe(true);

    await resyncMessageOf("new.user@example.com", person, generatedCode(SECOND_BRAND[1]!));
    expect((await dashboardOf(person)).deals.map((found) => found.promoCode)).not.toContain(deal.promoCode);
    await expectCountsFollowDeals("new.user@example.com");

    expect((await undo(person, deal.id)).status).toBe(200);
    const restored = await dashboardOf(person);
    expect(restored.deals.find((found) => found.id === deal.id)).toEqual(deal);
    expect(restored.totalDeals).toBe(dashboard.totalDeals);
    expect(restored.categories).toEqual(dashboard.categories);
    await expectCountsFollowDeals("new.user@example.com");
  });

  it("refuses bad corrections with a 400 in words a person reads, and asks for a session", async () => {
    const deal = (await dashboardOf(person)).deals[0]!;
    for (const body of [
      {},
      { code: "A" },
      { code: "SAVE 10" },
      { code: "X".repeat(41) },
      { endDate: "2026-02-30" },
      { endDate: "next week" },
      { category: "Groceries" },
      { brand: "" },
      { brand: "B".repeat(101) },
      { brand: "Line\nbreak" },
      { notADeal: false },
      { title: "Mine" },
      "text",
    ]) {
      const refused = await correct(person, deal.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(decode(ApiErrorCodec, refused.body).message).not.toMatch(/must match|pattern|schema/i);
    }
    expect((await correct(person, "not-a-uuid", { code: "GOOD10" })).status).toBe(400);
    expect((await correct(person, "00000000-0000-4000-8000-000000000000", { code: "GOOD10" })).status).toBe(404);
    expect((await api(stack, "PUT", `/deals/${deal.id}/correction`, { body: { code: "GOOD10" } })).status).toBe(401);
    expect((await dashboardOf(person)).deals.find((found) => found.id === deal.id)).toEqual(deal);
  });
});
