import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { OFFERS, type InventedOffer } from "./shapes/offers";
import { SHAPES } from "./shapes/shapes";

/**
 * Every invented offer through every layout real mail uses: the same codes, end date, brand and category must come out
 * of each, since a reader sees the same offer in all of them. A layout the extractor misreads shows as a list of
 * "offer / shape: field got ... expected ..." lines, and the count of shapes each offer passes is printed.
 */
async function mistakes(offer: InventedOffer, raw: Uint8Array): Promise<string[]> {
  const message = await extractDeals(raw);
  const deal = message.deals[0];
  const got = {
    isPromotion: message.isPromotion,
    codes: [...new Set(message.deals.flatMap((each) => each.promoCodes))],
    endDate: deal?.expirationDate ?? null,
    brand: message.brand,
    brandDomain: message.brandDomain,
    category: deal?.category ?? "(no deal)",
  };
  const want = { isPromotion: true, brand: offer.brand, brandDomain: offer.domain, ...offer.expected };
  return (Object.keys(want) as Array<keyof typeof want>)
    .filter((field) => JSON.stringify(got[field]) !== JSON.stringify(want[field]))
    .map((field) => `${field} got ${JSON.stringify(got[field])} expected ${JSON.stringify(want[field])}`);
}

describe("an offer reads the same in every shape of mail", () => {
  it(`passes ${OFFERS.length} invented offers × ${SHAPES.length} shapes`, async () => {
    const failures: string[] = [];
    const passed: string[] = [];
    for (const offer of OFFERS) {
      let count = 0;
      for (const shape of SHAPES) {
        const wrong = await mistakes(offer, shape.render(offer));
        if (wrong.length === 0) count++;
        else failures.push(...wrong.map((line) => `${offer.id} / ${shape.name}: ${line}`));
      }
      passed.push(`${offer.id.padEnd(24)} ${count}/${SHAPES.length}`);
    }
    process.stdout.write(`shapes passed per offer:\n${passed.join("\n")}\n`);
    expect(failures).toEqual([]);
  }, 60_000);
});
