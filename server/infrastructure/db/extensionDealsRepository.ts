import type { CodeCondition } from "../../../src/domain/deal";
import { CURRENT_STATES } from "../../../src/domain/dealLifecycle";
import type { ExtensionDeal, ExtensionDealsRepository } from "../../application/extension";
import type { Database } from "./database";
import { DEAL_AND_BRAND, inStatesSql } from "./dealLifecycleSql";

/** More current codes than anyone could try at a checkout; bounds the answer whatever the mailbox. */
const MAX_DEALS = 1000;

interface ExtensionDealRow {
  id: string;
  brand: string;
  brand_domain: string;
  title: string;
  discount: string | null;
  expiration_date: string | null;
  promo_codes: string[];
  code_conditions: CodeCondition[];
  terms: string[];
}

export class SqlExtensionDealsRepository implements ExtensionDealsRepository {
  constructor(private readonly db: Database) {}

  /** The deals with codes the person can still use on `today` (the domain's current states), soonest end first. */
  async currentCodes(userId: string, today: string): Promise<ExtensionDeal[]> {
    const rows = await this.db.query<ExtensionDealRow>(
      `SELECT d.id, b.name AS brand, b.domain AS brand_domain, d.title, d.discount, d.expiration_date::text AS expiration_date,
              d.promo_codes, d.code_conditions, d.terms
       FROM deals d JOIN brands b ON b.id = d.brand_id AND b.user_id = d.user_id
       WHERE d.user_id = $1 AND cardinality(d.promo_codes) > 0 AND ${inStatesSql(CURRENT_STATES, DEAL_AND_BRAND, "$2::date")}
       ORDER BY d.expiration_date NULLS LAST, coalesce(d.sent_at, d.created_at) DESC, d.id
       LIMIT ${MAX_DEALS}`,
      [userId, today],
    );
    return rows.map((row) => ({
      id: row.id,
      brand: row.brand,
      brandDomain: row.brand_domain,
      title: row.title,
      discount: row.discount,
      expirationDate: row.expiration_date,
      codes: row.promo_codes.map((code) => ({ code, condition: row.code_conditions.find((known) => known.code === code)?.condition ?? null })),
      terms: row.terms,
    }));
  }
}
