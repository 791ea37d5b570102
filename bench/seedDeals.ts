import { CATEGORIES } from "../src/domain/category";
import type { SyncRepository } from "../server/application/repositories";

export const DEALS = 5_000;
const WORDS = ["Summer", "Flash", "Weekend", "Members", "Holiday", "Spring", "Clearance", "Anniversary", "Kitchen", "Sneakers", "Garden", "Travel"];

/**
 * Deals (5,000 unless told) stored through the sync's own storage path, with varied words so that searches narrow the
 * grid.
 */
export async function seedDeals(syncState: Pick<SyncRepository, "addPending" | "storeBatch">, userId: string, count = DEALS): Promise<void> {
  const ids = Array.from({ length: count }, (_, index) => `bench-dashboard-${index}`);
  await syncState.addPending(userId, ids);
  const messages = ids.map((gmailId, index) => {
    const brand = `Brand ${index % 150}`;
    const word = WORDS[index % WORDS.length]!;
    return {
      message: { gmailId, sender: brand, subject: `${word} offer ${index}`, sentAt: new Date(Date.now() - (index % 60) * 86_400_000) },
      deals: [{
        brand,
        brandDomain: `brand${index % 150}.test`,
        title: `${word} sale: ${10 + (index % 50)}% off offer ${index}`,
        description: index % 3 === 0 ? `Free shipping on ${word.toLowerCase()} orders at ${brand}.` : "",
        category: CATEGORIES[index % CATEGORIES.length]!,
        promoCodes: index % 4 === 0 ? [] : [`${word.toUpperCase()}${index}`],
        discount: `${10 + (index % 50)}% off`,
        terms: [],
        codeConditions: [],
        expirationDate: index % 5 === 0 ? null : new Date(Date.now() + ((index % 40) - 10) * 86_400_000).toISOString().slice(0, 10),
        dealUrl: `https://brand${index % 150}.test/sale`,
        imageUrls: [],
        source: "text" as const,
      }],
    };
  });
  for (let index = 0; index < count; index += 100) await syncState.storeBatch(userId, messages.slice(index, index + 100), [], new Date());
}

