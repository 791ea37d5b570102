import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DealDetailCodec } from "../../src/contract";
import { api, decode, DATABASES, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

/**
 * A deal's evidence (docs/product.md, "Evidence") is stored with it by the sync and reaches the dashboard's answer and
 * the deal's detail as the extractor gave it; a deal stored before evidence was kept answers without it (unknown).
 */

// An account whose mailbox starts empty, so the only deals are this test's.
const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS"];

function mail(id: string, subject: string, html: string, sentAt: Date): string {
  return [
    "From: Fernhollow Outfitters <news@mail.fernhollow.test>",
    `To: ${ACCOUNT}`,
    `Subject: ${subject}`,
    `Date: ${sentAt.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${id}@mail.fernhollow.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://mail.fernhollow.test/unsubscribe?m=${id}>`,
    "",
    `<html><body>${html}<p><a href="https://www.fernhollow.test/sale?utm_source=email">Shop now</a></p></body></html>`,
    "",
  ].join("\r\n");
}

describe.each(DATABASES)("a deal's evidence, stored and answered (%s)", (database) => {
  let stack: Stack;
  let token: string;

  // Starting PostgreSQL and a first sync take long on a loaded machine.
  beforeAll(async () => {
    stack = await startStack({ database });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("keeps what stated each field through storage to the dashboard and the deal's detail", async () => {
    const sentAt = new Date(Date.now() - 86_400_000);
    const year = sentAt.getUTCFullYear() + 1;
    stack.emulator.addMessage(
      ACCOUNT,
      mail("dated", "25% off hiking boots", `<h1>25% off hiking boots</h1><p>Use code TRAIL25 at checkout. Offer ends January 31, ${year}.</p>`, sentAt),
      PROMOTIONS,
    );
    stack.emulator.addMessage(
      ACCOUNT,
      mail("implied", "Last chance: 30% off jackets", "<h1>Last chance</h1><p>30% off rain jackets and fleece. Use code RAIN30 at checkout.</p>", sentAt),
      PROMOTIONS,
    );
    token = (await signUpWithGmail(stack, ACCOUNT)).access_token;
    await waitForSync(stack, token);

    const { deals } = await wholeDashboard(stack, token);
    const dated = deals.find((deal) => deal.promoCode === "TRAIL25")!;
    const implied = deals.find((deal) => deal.promoCode === "RAIN30")!;
    expect(dated.expirationDate).toBe(`${year}-01-31`);
    expect(dated.evidence).toMatchObject({
      codes: [{ code: "TRAIL25", kind: "label", confidence: "stated" }],
      endDate: { kind: "label", confidence: "stated" },
      brand: { kind: "sender", confidence: "stated" },
    });
    expect(dated.evidence?.category).not.toBeNull();
    expect(implied.expirationDate).toBeNull();
    expect(implied.evidence?.endDate).toEqual({ kind: "implied", confidence: "guessed" });

    const detail = decode(DealDetailCodec, (await api(stack, "GET", `/deals/${dated.id}`, { token })).body);
    expect(detail.deal.evidence).toEqual(dated.evidence);
  }, 180_000);

  it("answers a deal stored before evidence was kept without any (unknown), not as a guess", async () => {
    const { deals } = await wholeDashboard(stack, token);
    const old = deals.find((deal) => deal.promoCode === "TRAIL25")!;
    await stack.server.db.query("UPDATE deals SET evidence = NULL WHERE id = $1", [old.id]);
    // The detail is read afresh (the dashboard's answer is cached by data version, which a raw UPDATE does not move).
    const again = decode(DealDetailCodec, (await api(stack, "GET", `/deals/${old.id}`, { token })).body).deal;
    expect(again).not.toHaveProperty("evidence");
    expect({ ...again, evidence: old.evidence }).toEqual(old);
  });
});
