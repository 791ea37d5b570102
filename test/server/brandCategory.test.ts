import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardCodec } from "../../src/contract";
import { api, decode, DATABASES, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

/**
 * A brand's category is decided over all of its mail as a sync stores it (docs/product.md, "Categories"): its deals
 * move together when the decision changes, and the category chips and figures, kept as deals change
 * (dashboard_counts), agree with the deals shown.
 */

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS"];
let sequence = 0;

/** A marketing mail of one invented brand whose name and domain say nothing of its trade. */
function larkmoorMail(subject: string, html: string, sentAt: Date): string {
  const index = sequence++;
  return [
    "From: Larkmoor <news@mail.larkmoor.test>",
    `To: ${ACCOUNT}`,
    `Subject: ${subject}`,
    `Date: ${sentAt.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <larkmoor-${index}@mail.larkmoor.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://mail.larkmoor.test/unsubscribe?u=${index}>`,
    "",
    `<html><body>${html}<p><a href="https://www.larkmoor.test/new?utm_source=email">See more</a></p>`,
    "<p>Larkmoor, 4 Quarry Lane, Fernbridge</p></body></html>",
    "",
  ].join("\r\n");
}

const knitwearOffer = (code: string, sentAt: Date) =>
  larkmoorMail(
    "20% off knitwear this week",
    `<h1>20% off sweaters and cardigans</h1><p>Use code <strong>${code}</strong> for 20% off wool sweaters, cardigans and coats.</p>`,
    sentAt,
  );

interface CountRow {
  category: string;
  n: number;
}

describe.each(DATABASES)("a brand's category over all of its mail (%s)", (database) => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack({ database });
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
  });

  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000);

  async function categoriesShown() {
    const first = decode(DashboardCodec, (await api(stack, "GET", "/dashboard-products", { token })).body);
    return Object.fromEntries(first.categories.filter((chip) => chip.label !== "All").map((chip) => [chip.label, chip.count]));
  }

  async function keptCounts(): Promise<Record<string, number>> {
    const rows = await stack.server.db.query<CountRow>(
      `SELECT c.category, sum(c.n)::int AS n FROM dashboard_counts c JOIN users u ON u.id = c.user_id
       WHERE u.email = $1 AND c.grain = 'deals' GROUP BY c.category HAVING sum(c.n) <> 0`,
      [ACCOUNT],
    );
    return Object.fromEntries(rows.map((row) => [row.category, row.n]));
  }

  async function categoryEvidenceKinds(): Promise<string[]> {
    const rows = await stack.server.db.query<{ kind: string }>(
      `SELECT d.evidence -> 'category' ->> 'kind' AS kind FROM deals d JOIN users u ON u.id = d.user_id WHERE u.email = $1 ORDER BY kind`,
      [ACCOUNT],
    );
    return rows.map((row) => row.kind);
  }

  it("keeps a lone mail's own guess, then moves the brand's deals together once its mail agrees", async () => {
    // One odd mail first: too little evidence to override its own guess.
    stack.emulator.addMessage(
      ACCOUNT,
      larkmoorMail("15% off candles and rugs", "<h1>Cosy corners</h1><p>Use code <strong>GLOWHOME15</strong> for 15% off candles, rugs and lamps.</p>", day(5)),
      PROMOTIONS,
    );
    token = (await signUpWithGmail(stack, ACCOUNT)).access_token;
    await waitForSync(stack, token);
    const lone = await wholeDashboard(stack, token);
    expect(lone.deals.map((deal) => deal.category)).toEqual(["Home"]);
    expect(await categoriesShown()).toEqual({ Home: 1 });
    expect(await keptCounts()).toEqual({ Home: 1 });
    expect(await categoryEvidenceKinds()).toEqual(["subject"]);

    // Then the brand's usual mail: two offers and a lookbook with no offer, which counts as evidence but is no deal.
    stack.emulator.addMessage(ACCOUNT, knitwearOffer("KNIT20", day(3)), PROMOTIONS);
    stack.emulator.addMessage(ACCOUNT, knitwearOffer("WOOL20", day(2)), PROMOTIONS);
    stack.emulator.addMessage(
      ACCOUNT,
      larkmoorMail("The autumn lookbook", "<h1>Our autumn lookbook</h1><p>New sweaters, wool coats, cardigans and boots, styled three ways.</p>", day(1)),
      PROMOTIONS,
    );
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    await waitForSync(stack, token);

    const decided = await wholeDashboard(stack, token);
    expect(decided.deals).toHaveLength(3);
    expect(new Set(decided.deals.map((deal) => deal.category))).toEqual(new Set(["Fashion"]));
    expect(new Set(decided.deals.map((deal) => deal.brandId)).size).toBe(1);
    // Chips, the kept counts and the filter agree with the deals shown.
    expect(await categoriesShown()).toEqual({ Fashion: 3 });
    expect(await keptCounts()).toEqual({ Fashion: 3 });
    expect((await wholeDashboard(stack, token, "category=Home")).deals).toHaveLength(0);
    expect((await wholeDashboard(stack, token, "category=Fashion")).deals).toHaveLength(3);
    expect(decided.stats.activePromos.value).toBe(3);

    // The odd mail's own guess is kept beside the brand's category, and the brand's evidence counts all four mails.
    const [odd] = await stack.server.db.query<{ category: string; guessed_category: string }>(
      "SELECT d.category, d.guessed_category FROM deals d WHERE d.code_key = 'GLOWHOME15'",
    );
    expect(odd).toEqual({ category: "Fashion", guessed_category: "Home" });
    // Each deal says its category was worked out from all of the brand's mail.
    expect(await categoryEvidenceKinds()).toEqual(["brand-mail", "brand-mail", "brand-mail"]);
    const [evidence] = await stack.server.db.query<{ category: string; decisive: boolean; evidence: { mails: number } }>(
      "SELECT e.category, e.decisive, e.evidence FROM brand_category_evidence e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.domain = 'larkmoor.test'",
      [ACCOUNT],
    );
    expect(evidence).toMatchObject({ category: "Fashion", decisive: true, evidence: { mails: 4 } });
  });

  it("gives a later deal of a decided brand the brand's category, and a sync that finds nothing new moves nothing", async () => {
    stack.emulator.addMessage(
      ACCOUNT,
      larkmoorMail("Lamps, 10% off", "<p>Use code <strong>LAMP10</strong> for 10% off table lamps and candles.</p>", day(0)),
      PROMOTIONS,
    );
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    await waitForSync(stack, token);
    const dashboard = await wholeDashboard(stack, token);
    expect(dashboard.deals).toHaveLength(4);
    expect(new Set(dashboard.deals.map((deal) => deal.category))).toEqual(new Set(["Fashion"]));
    expect(await categoriesShown()).toEqual({ Fashion: 4 });
    expect(await keptCounts()).toEqual({ Fashion: 4 });
    expect(await categoryEvidenceKinds()).toEqual(["brand-mail", "brand-mail", "brand-mail", "brand-mail"]);

    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    await waitForSync(stack, token);
    expect(await keptCounts()).toEqual({ Fashion: 4 });
  });

  it("lets the person's own correction of the brand's category win over the decided one, for later mail too", async () => {
    const [first] = (await wholeDashboard(stack, token)).deals;
    expect((await api(stack, "PUT", `/deals/${first!.id}/correction`, { token, body: { category: "Home" } })).status).toBe(200);
    stack.emulator.addMessage(ACCOUNT, knitwearOffer("MERINO20", day(0)), PROMOTIONS);
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    await waitForSync(stack, token);
    const corrected = await wholeDashboard(stack, token);
    expect(corrected.deals).toHaveLength(5);
    expect(new Set(corrected.deals.map((deal) => deal.category))).toEqual(new Set(["Home"]));
    expect(await keptCounts()).toEqual({ Home: 5 });

    // Undoing it goes back to the category the brand's mail decided.
    expect((await api(stack, "DELETE", `/deals/${first!.id}/correction`, { token })).status).toBe(200);
    expect(new Set((await wholeDashboard(stack, token)).deals.map((deal) => deal.category))).toEqual(new Set(["Fashion"]));
    expect(await keptCounts()).toEqual({ Fashion: 5 });
  });
});
