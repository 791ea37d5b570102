import type { Database } from "../../../server/infrastructure/db/database";

/**
 * Waits until no brand keeps a logo waiting for its check (docs/product.md, "Brand logos"): the check job runs soon
 * after a sync stores the mail, and a logo is offered only once it passed.
 */
export async function waitForLogoChecks(db: Database, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ waiting: number }>("SELECT count(*)::int AS waiting FROM brands WHERE logo_state = 'unchecked' AND logo_url IS NOT NULL");
    if (row!.waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.waiting} brand logos are still waiting for their check`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
