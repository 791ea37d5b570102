import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Barcode } from "../../src/domain/barcode";
import { isProxiedImageUrl } from "../../src/domain/imageRules";
import { signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";

/** A deal stored through the sync's own path, as the extractor gives it, with or without a barcode. */
async function storeDeal(stack: Stack, userId: string, gmailId: string, code: string, barcode?: Barcode): Promise<void> {
  const { syncState } = stack.server.services;
  await syncState.addPending(userId, [gmailId]);
  const deal = {
    brand: "Example Outfitters",
    brandDomain: "outfitters.example.com",
    title: `In store: ${code}`,
    description: "",
    category: "Fashion" as const,
    promoCodes: [code],
    discount: "20% off",
    terms: [],
    codeConditions: [],
    expirationDate: null,
    dealUrl: null,
    imageUrls: [],
    source: "text" as const,
    ...(barcode ? { barcode } : {}),
  };
  await syncState.storeBatch(userId, [{ message: { gmailId, sender: "Example Outfitters", subject: deal.title, sentAt: new Date() }, deals: [deal] }], [], new Date());
}

describe("a deal's barcode, stored and answered", () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack();
    const signedUp = await signUpWithGmail(stack, "new.user@example.com");
    token = signedUp.access_token;
    await waitForSync(stack, token);
    const userId = signedUp.user.id;
    await storeDeal(stack, userId, "barcode-digits", "DIGITS20", { kind: "digits", value: "4006381333931" });
    await storeDeal(stack, userId, "barcode-image", "IMAGE20", { kind: "image", url: "https://img.outfitters.example.com/coupon/barcode.png" });
    await storeDeal(stack, userId, "barcode-none", "NONE20");
  });

  afterAll(() => stack?.close());

  it("answers the digits as the mail gave them, the image only as a signed path of the image proxy, and nothing when there was none", async () => {
    const deals = (await wholeDashboard(stack, token)).deals;
    const byCode = (code: string) => deals.find((deal) => deal.promoCode === code)!;
    expect(byCode("DIGITS20").barcode).toEqual({ kind: "digits", value: "4006381333931" });
    const image = byCode("IMAGE20").barcode;
    expect(image?.kind).toBe("image");
    expect(image?.kind === "image" && isProxiedImageUrl(image.url)).toBe(true);
    expect(JSON.stringify(image)).not.toContain("outfitters.example.com");
    expect(byCode("NONE20")).not.toHaveProperty("barcode");
  });
});
