import type { Category } from "../../../src/domain/category";
import type { CorrectionRequest, DealCorrection } from "../../../src/domain/dealCorrection";
import type { DealCorrectionsRepository } from "../../application/dealCorrections";
import type { Database, SqlExecutor } from "./database";

interface CorrectionRow {
  gmail_id: string;
  code_key: string;
  brand_id: string;
  corrected_codes: string[] | null;
  corrected_end: string | null;
  not_a_deal: boolean | null;
  corrected_category: Category | null;
  corrected_name: string | null;
  mail_promo_codes: string[];
  mail_end: string | null;
  mail_category: Category;
  mail_name: string;
}

/**
 * The deal as stored, or, when the person said it is not a deal, as it was when they did (its row is gone, kept in
 * the correction's snapshot). Every query is bound to the user, so another user's deal id finds nothing.
 */
const CORRECTION_QUERY = `
  WITH target AS (
    SELECT d.gmail_id, d.code_key, d.brand_id, d.mail_promo_codes, d.mail_expiration_date, d.mail_category
    FROM deals d WHERE d.user_id = $1 AND d.id = $2
    UNION ALL
    SELECT s.gmail_id, s.code_key, s.brand_id, s.mail_promo_codes, s.mail_expiration_date, s.mail_category
    FROM deal_corrections c CROSS JOIN LATERAL jsonb_populate_record(NULL::deals, c.snapshot) AS s
    WHERE c.user_id = $1 AND c.deal_id = $2 AND c.not_a_deal AND c.snapshot IS NOT NULL
  )
  SELECT t.gmail_id, t.code_key, t.brand_id, c.promo_codes AS corrected_codes, c.expiration_date::text AS corrected_end, c.not_a_deal,
    bc.category AS corrected_category, bc.name AS corrected_name,
    t.mail_promo_codes, t.mail_expiration_date::text AS mail_end, t.mail_category, b.mail_name
  FROM target t JOIN brands b ON b.id = t.brand_id AND b.user_id = $1
  LEFT JOIN deal_corrections c ON c.user_id = $1 AND c.gmail_id = t.gmail_id AND c.code_key = t.code_key
  LEFT JOIN brand_corrections bc ON bc.brand_id = t.brand_id
  LIMIT 1`;

async function stored(db: SqlExecutor, userId: string, dealId: string): Promise<CorrectionRow | null> {
  const [row] = await db.query<CorrectionRow>(CORRECTION_QUERY, [userId, dealId]);
  return row ?? null;
}

function toCorrection(row: CorrectionRow): DealCorrection {
  return {
    corrected: {
      code: row.corrected_codes?.[0] ?? null,
      endDate: row.corrected_end,
      category: row.corrected_category,
      brand: row.corrected_name,
      notADeal: row.not_a_deal ?? false,
    },
    mail: {
      code: row.mail_promo_codes.length > 0 ? row.mail_promo_codes.join(",") : null,
      endDate: row.mail_end,
      category: row.mail_category,
      brand: row.mail_name,
    },
  };
}

/**
 * Corrections kept beside the deals and brands they change (migration 016): a trigger shows each corrected field in
 * the row's own column whenever the row is written, so here a correction is stored, then its rows are written again
 * unchanged ("SET id = id") for the trigger to show it, and the counts' triggers follow.
 */
export class SqlDealCorrectionsRepository implements DealCorrectionsRepository {
  constructor(private readonly db: Database) {}

  async correction(userId: string, dealId: string): Promise<DealCorrection | null> {
    const row = await stored(this.db, userId, dealId);
    return row ? toCorrection(row) : null;
  }

  correct(userId: string, dealId: string, request: CorrectionRequest, now: Date): Promise<DealCorrection | null> {
    return this.db.transaction(async (tx) => {
      const [deal] = await tx.query<{ gmail_id: string; code_key: string; brand_id: string }>(
        "SELECT gmail_id, code_key, brand_id FROM deals WHERE user_id = $1 AND id = $2 FOR UPDATE",
        [userId, dealId],
      );
      if (!deal) return null;
      const dealOwn = request.code !== undefined || request.endDate !== undefined || request.notADeal === true;
      const brandOwn = request.category !== undefined || request.brand !== undefined;
      if (dealOwn) {
        await tx.query(
          `INSERT INTO deal_corrections AS c (user_id, gmail_id, code_key, deal_id, promo_codes, expiration_date, not_a_deal, corrected_at)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8)
           ON CONFLICT (user_id, gmail_id, code_key) DO UPDATE SET deal_id = EXCLUDED.deal_id,
             promo_codes = coalesce(EXCLUDED.promo_codes, c.promo_codes), expiration_date = coalesce(EXCLUDED.expiration_date, c.expiration_date),
             not_a_deal = c.not_a_deal OR EXCLUDED.not_a_deal, corrected_at = EXCLUDED.corrected_at`,
          [userId, deal.gmail_id, deal.code_key, dealId, request.code === undefined ? null : [request.code], request.endDate ?? null, request.notADeal === true, now],
        );
      }
      if (brandOwn) {
        await tx.query(
          `INSERT INTO brand_corrections AS c (brand_id, user_id, category, name, corrected_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (brand_id) DO UPDATE SET category = coalesce(EXCLUDED.category, c.category), name = coalesce(EXCLUDED.name, c.name),
             corrected_at = EXCLUDED.corrected_at`,
          [deal.brand_id, userId, request.category ?? null, request.brand ?? null, now],
        );
        if (request.brand !== undefined) await tx.query("UPDATE brands SET id = id WHERE id = $1 AND user_id = $2", [deal.brand_id, userId]);
        // Every deal of the brand shows the category (the chips' counts move with them) and says the field is corrected.
        await tx.query("UPDATE deals SET id = id WHERE brand_id = $1 AND user_id = $2", [deal.brand_id, userId]);
      }
      if (request.notADeal === true) {
        // Kept whole, so that undoing it puts the same deal back (its mark included); gone from every view and count.
        await tx.query(
          `UPDATE deal_corrections SET snapshot = (SELECT to_jsonb(d) FROM deals d WHERE d.id = $2)
           WHERE user_id = $1 AND gmail_id = $3 AND code_key = $4`,
          [userId, dealId, deal.gmail_id, deal.code_key],
        );
        await tx.query("DELETE FROM deals WHERE user_id = $1 AND id = $2", [userId, dealId]);
      } else if (dealOwn) {
        await tx.query("UPDATE deals SET id = id WHERE user_id = $1 AND id = $2", [userId, dealId]);
      }
      const row = await stored(tx, userId, dealId);
      return row ? toCorrection(row) : null;
    });
  }

  undo(userId: string, dealId: string): Promise<DealCorrection | null> {
    return this.db.transaction(async (tx) => {
      const before = await stored(tx, userId, dealId);
      if (!before) return null;
      const [removed] = await tx.query<{ not_a_deal: boolean; snapshot: unknown }>(
        "DELETE FROM deal_corrections WHERE user_id = $1 AND gmail_id = $2 AND code_key = $3 RETURNING not_a_deal, snapshot",
        [userId, before.gmail_id, before.code_key],
      );
      if (removed?.not_a_deal && removed.snapshot) {
        await tx.query("INSERT INTO deals SELECT (jsonb_populate_record(NULL::deals, $1::jsonb)).* ON CONFLICT DO NOTHING", [JSON.stringify(removed.snapshot)]);
      }
      await tx.query("DELETE FROM brand_corrections WHERE brand_id = $1 AND user_id = $2", [before.brand_id, userId]);
      await tx.query("UPDATE brands SET id = id WHERE id = $1 AND user_id = $2", [before.brand_id, userId]);
      await tx.query("UPDATE deals SET id = id WHERE brand_id = $1 AND user_id = $2", [before.brand_id, userId]);
      const row = await stored(tx, userId, dealId);
      return row ? toCorrection(row) : null;
    });
  }
}
