import { randomUUID } from "node:crypto";
import { StoreRefusedError, type FailedMessage, type ProcessedMessage, type RequeuedSync, type SyncRepository, type SyncState } from "../../application/repositories";
import type { Database, SqlExecutor } from "./database";
import {
  NO_EVIDENCE,
  categoryFromBrand,
  cleanBrandCategoryEvidence,
  cleanMailCategoryEvidence,
  dealCategory,
  dealCategoryByGuess,
  decideBrandCategory,
  mailGuessOf,
  sameDecision,
  withMailEvidence,
  type BrandCategoryDecision,
  type BrandCategoryEvidence,
  type MailCategoryEvidence,
} from "../../../src/domain/brandCategory";
import { CATEGORIES, type Category } from "../../../src/domain/category";
import { LOGO_EVIDENCE_RANK } from "../../../src/domain/brandLogo";
import type { ExtractedDeal } from "../../extraction";
import { evidence as fieldEvidence } from "../../../src/domain/evidence";
import { dayIn, knownZoneOrUtc } from "../../../src/domain/calendarDay";
import { CURRENT_STATES } from "../../../src/domain/dealLifecycle";
import { inStatesSql } from "./dealLifecycleSql";

const isCategoryName = (value: string | null): value is Category => value !== null && (CATEGORIES as readonly string[]).includes(value);

/** SQLSTATE classes of errors caused by the data itself: data exception, integrity constraint, program limit (row size). */
const REFUSED_DATA = /^(?:22|23|54)[0-9A-Z]{3}$/;

/** A database error caused by what was stored, as StoreRefusedError; anything else (unavailable, a bug) as it is. */
function refusalOf(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && REFUSED_DATA.test(code) ? new StoreRefusedError(code) : error;
}

interface SyncRow {
  monitored_labels: string[];
  status: "idle" | "queued" | "syncing";
  progress_message: string;
  processed_count: number;
  total_count: number;
  new_deals_count: number;
  skipped_count: number;
  history_id: string | null;
  last_sync_at: Date | null;
  last_error: string | null;
}

const NEVER_SYNCED: SyncState = {
  monitoredLabels: ["CATEGORY_PROMOTIONS"],
  status: "idle",
  progressMessage: "",
  processed: 0,
  total: 0,
  newDeals: 0,
  skipped: 0,
  historyId: null,
  lastSyncAt: null,
  lastError: null,
};

export class SqlSyncRepository implements SyncRepository {
  constructor(private readonly db: Database) {}

  async state(userId: string): Promise<SyncState> {
    const [row] = await this.db.query<SyncRow>("SELECT * FROM gmail_sync_state WHERE user_id = $1", [userId]);
    // The column defaults of gmail_sync_state: status is polled often, and a read must not write.
    if (!row) return { ...NEVER_SYNCED, monitoredLabels: [...NEVER_SYNCED.monitoredLabels] };
    return {
      monitoredLabels: row.monitored_labels,
      // Waiting for a worker is part of the sync a person asked for.
      status: row.status === "idle" ? "idle" : "syncing",
      progressMessage: row.progress_message,
      processed: row.processed_count,
      total: row.total_count,
      newDeals: row.new_deals_count,
      skipped: row.skipped_count,
      historyId: row.history_id,
      lastSyncAt: row.last_sync_at ? new Date(row.last_sync_at) : null,
      lastError: row.last_error,
    };
  }

  async enqueue(userId: string, now: Date, leaseMs: number): Promise<{ previousJobId: string | null } | null> {
    await this.ensure(userId);
    const rows = await this.db.query<{ sync_job_id: string | null }>(
      `UPDATE gmail_sync_state
       SET status = 'queued', heartbeat_at = $2, processed_count = 0, total_count = 0, new_deals_count = 0, skipped_count = 0,
           progress_message = 'Waiting to start...', last_error = NULL
       WHERE user_id = $1 AND (status = 'idle' OR heartbeat_at IS NULL OR heartbeat_at < $3)
       RETURNING sync_job_id`,
      [userId, now, new Date(now.getTime() - leaseMs)],
    );
    return rows[0] ? { previousJobId: rows[0].sync_job_id } : null;
  }

  async setJob(userId: string, jobId: string): Promise<void> {
    await this.db.query("UPDATE gmail_sync_state SET sync_job_id = $2 WHERE user_id = $1", [userId, jobId]);
  }

  async claim(userId: string, now: Date): Promise<string | null> {
    const rows = await this.db.query<{ sync_lease: string }>(
      `UPDATE gmail_sync_state
       SET status = 'syncing', sync_lease = $3, started_at = $2, heartbeat_at = $2, processed_count = 0, total_count = 0,
           progress_message = 'Starting sync...', last_error = NULL
       WHERE user_id = $1 AND status = 'queued'
       RETURNING sync_lease`,
      [userId, now, randomUUID()],
    );
    return rows[0]?.sync_lease ?? null;
  }

  async heartbeat(userId: string, lease: string, now: Date): Promise<boolean> {
    const rows = await this.db.query("UPDATE gmail_sync_state SET heartbeat_at = $3 WHERE user_id = $1 AND sync_lease = $2 RETURNING user_id", [userId, lease, now]);
    return rows.length === 1;
  }

  async release(userId: string, lease: string, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE gmail_sync_state SET status = 'queued', sync_lease = NULL, heartbeat_at = $3, progress_message = 'Waiting to resume...'
       WHERE user_id = $1 AND sync_lease = $2`,
      [userId, lease, now],
    );
  }

  async requeueStale(now: Date, leaseMs: number): Promise<RequeuedSync[]> {
    const rows = await this.db.query<{ user_id: string; sync_job_id: string | null }>(
      `UPDATE gmail_sync_state SET status = 'queued', sync_lease = NULL, heartbeat_at = $1, progress_message = 'Waiting to resume...'
       WHERE status <> 'idle' AND (heartbeat_at IS NULL OR heartbeat_at < $2)
       RETURNING user_id, sync_job_id`,
      [now, new Date(now.getTime() - leaseMs)],
    );
    return rows.map((row) => ({ userId: row.user_id, jobId: row.sync_job_id }));
  }

  async progress(userId: string, lease: string, message: string, processed: number, total: number, now: Date): Promise<void> {
    await this.db.query(
      "UPDATE gmail_sync_state SET progress_message = $3, processed_count = $4, total_count = $5, heartbeat_at = $6 WHERE user_id = $1 AND sync_lease = $2",
      [userId, lease, message, processed, total, now],
    );
  }

  async finish(userId: string, lease: string, outcome: { message: string; historyId: string | null; error: string | null }, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE gmail_sync_state SET status = 'idle', sync_lease = NULL, progress_message = $3, history_id = COALESCE($4, history_id),
         last_error = $5, heartbeat_at = $6, last_sync_at = CASE WHEN $5::text IS NULL THEN $6 ELSE last_sync_at END
       WHERE user_id = $1 AND sync_lease = $2`,
      [userId, lease, outcome.message, outcome.historyId, outcome.error, now],
    );
  }

  async setMonitoredLabels(userId: string, labelIds: string[]): Promise<void> {
    await this.ensure(userId);
    // Forgetting the historyId makes the next sync list the new set in full; messages already processed are skipped.
    await this.db.query("UPDATE gmail_sync_state SET monitored_labels = $2, history_id = NULL WHERE user_id = $1", [userId, labelIds]);
  }

  async addPending(userId: string, gmailIds: string[]): Promise<number> {
    if (gmailIds.length === 0) return 0;
    const rows = await this.db.query(
      `INSERT INTO gmail_messages (user_id, gmail_id) SELECT $1, id FROM unnest($2::text[]) AS id
       ON CONFLICT DO NOTHING RETURNING gmail_id`,
      [userId, gmailIds],
    );
    return rows.length;
  }

  async pendingIds(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ gmail_id: string }>(
      "SELECT gmail_id FROM gmail_messages WHERE user_id = $1 AND state = 'pending' ORDER BY gmail_id",
      [userId],
    );
    return rows.map((row) => row.gmail_id);
  }

  async storeBatch(userId: string, processed: ProcessedMessage[], failed: FailedMessage[], now: Date): Promise<number> {
    if (processed.length === 0 && failed.length === 0) return 0;
    try {
      return await this.storeInOneTransaction(userId, processed, failed, now);
    } catch (error) {
      throw refusalOf(error);
    }
  }

  private storeInOneTransaction(userId: string, processed: ProcessedMessage[], failed: FailedMessage[], now: Date): Promise<number> {
    // A few set-based statements per group, whatever its size: rows travel as one JSON document each.
    return this.db.transaction(async (tx) => {
      if (failed.length > 0) {
        // Only messages still pending are marked and counted: one an earlier run skipped counts once.
        await tx.query(
          `WITH marked AS (
             UPDATE gmail_messages AS m SET state = 'failed', failure = f.reason, processed_at = $3
             FROM jsonb_to_recordset($2::jsonb) AS f(gmail_id text, reason text)
             WHERE m.user_id = $1 AND m.gmail_id = f.gmail_id AND m.state = 'pending'
             RETURNING 1)
           UPDATE gmail_sync_state SET skipped_count = skipped_count + (SELECT count(*) FROM marked) WHERE user_id = $1`,
          [userId, JSON.stringify(failed.map(({ gmailId, reason }) => ({ gmail_id: gmailId, reason: reason.slice(0, 500) }))), now],
        );
      }
      if (processed.length === 0) return 0;
      const claimed = await tx.query<{ gmail_id: string }>(
        `UPDATE gmail_messages AS m SET state = 'processed', sender = p.sender, subject = p.subject, sent_at = p.sent_at, processed_at = $3,
           brand_domain = p.brand_domain, brand_name = p.brand_name, list_unsubscribe = p.list_unsubscribe, list_unsubscribe_post = p.list_unsubscribe_post
         FROM jsonb_to_recordset($2::jsonb) AS p(gmail_id text, sender text, subject text, sent_at timestamptz, brand_domain text,
           brand_name text, list_unsubscribe text, list_unsubscribe_post text)
         WHERE m.user_id = $1 AND m.gmail_id = p.gmail_id AND m.state = 'pending'
         RETURNING m.gmail_id`,
        [
          userId,
          JSON.stringify(
            processed.map(({ message }) => ({
              gmail_id: message.gmailId,
              sender: message.sender,
              subject: message.subject,
              sent_at: message.sentAt,
              brand_domain: message.brandDomain ?? null,
              brand_name: message.brandName ?? null,
              list_unsubscribe: message.listUnsubscribe ?? null,
              list_unsubscribe_post: message.listUnsubscribePost ?? null,
            })),
          ),
          now,
        ],
      );
      // Messages stored already (by an earlier run) count once: their deals are not offered again.
      const fresh = new Set(claimed.map((row) => row.gmail_id));
      const stored = processed.filter(({ message }) => fresh.has(message.gmailId));
      const brandNames = new Map<string, string>();
      for (const { deals } of stored) for (const deal of deals) if (!brandNames.has(deal.brandDomain)) brandNames.set(deal.brandDomain, deal.brand);
      const logos = bestLogos(stored.flatMap(({ deals: found }) => found));
      const decisions = await this.decideBrandCategories(tx, userId, stored, [...brandNames.keys()]);
      if (brandNames.size === 0) return 0;
      // A brand takes the mail's logo when it has none, when the logo is better evidence than the one kept, or when
      // the one kept failed its check; never an address that failed for this brand until its retry time
      // (docs/product.md, "Brand logos"). A logo taken starts unchecked, and is offered only once its check passes.
      const brands = await tx.query<{ id: string; domain: string }>(
        `WITH incoming AS (
           SELECT * FROM jsonb_to_recordset($2::jsonb) AS b(domain text, name text, logo_url text, logo_rank smallint)
         ), decided AS (
           SELECT i.domain, i.name,
             (i.logo_url IS NOT NULL AND (kept.id IS NULL OR (
               (i.logo_url IS DISTINCT FROM kept.logo_url AND (i.logo_rank > kept.logo_rank OR kept.logo_state = 'failed')
                 OR i.logo_url = kept.logo_url AND kept.logo_state = 'failed')
               AND NOT EXISTS (SELECT 1 FROM brand_logo_failures f
                 WHERE f.brand_id = kept.id AND md5(f.url) = md5(i.logo_url) AND f.url = i.logo_url AND f.retry_after > $3)))) AS takes_logo,
             i.logo_url, i.logo_rank
           FROM incoming i LEFT JOIN brands kept ON kept.user_id = $1 AND kept.domain = i.domain
         )
         INSERT INTO brands (user_id, domain, name, logo_url, logo_rank)
         SELECT $1, d.domain, d.name, CASE WHEN d.takes_logo THEN d.logo_url END, CASE WHEN d.takes_logo THEN d.logo_rank ELSE 0 END FROM decided d
         ON CONFLICT (user_id, domain) DO UPDATE SET domain = EXCLUDED.domain,
           logo_url = coalesce(EXCLUDED.logo_url, brands.logo_url),
           logo_rank = CASE WHEN EXCLUDED.logo_url IS NULL THEN brands.logo_rank
             WHEN EXCLUDED.logo_url = brands.logo_url THEN greatest(brands.logo_rank, EXCLUDED.logo_rank) ELSE EXCLUDED.logo_rank END,
           logo_state = CASE WHEN EXCLUDED.logo_url IS NULL THEN brands.logo_state ELSE 'unchecked' END,
           logo_checked_at = CASE WHEN EXCLUDED.logo_url IS NULL THEN brands.logo_checked_at END
         RETURNING id, domain`,
        [userId, JSON.stringify([...brandNames].map(([domain, name]) => ({ domain, name, logo_url: logos.get(domain)?.url ?? null, logo_rank: logos.get(domain)?.rank ?? 0 }))), now],
      );
      const brandIds = new Map(brands.map((brand) => [brand.domain, brand.id]));
      // A deal is unique per message and code: its key is its codes joined ('' for a sale without a code).
      const deals = stored.flatMap(({ message, deals: found, brandEvidence }) =>
        found.map((deal) => ({
          brand_id: brandIds.get(deal.brandDomain),
          gmail_id: message.gmailId,
          code_key: deal.promoCodes.join(","),
          title: deal.title,
          description: deal.description,
          category: dealCategory(decisions.get(deal.brandDomain) ?? null, mailGuessOf(deal.category, brandEvidence?.evidence)),
          guessed_category: mailGuessOf(deal.category, brandEvidence?.evidence),
          promo_codes: deal.promoCodes,
          discount: deal.discount,
          terms: deal.terms,
          code_conditions: deal.codeConditions,
          expiration_date: deal.expirationDate,
          deal_url: deal.dealUrl,
          image_urls: deal.imageUrls,
          source: deal.source,
          // A category its brand's mail decided says so.
          evidence: deal.evidence
            ? categoryFromBrand(decisions.get(deal.brandDomain) ?? null, mailGuessOf(deal.category, brandEvidence?.evidence))
              ? { ...deal.evidence, category: fieldEvidence("brand-mail") }
              : deal.evidence
            : null,
          sent_at: message.sentAt,
          price_currency: deal.price?.currency ?? null,
          price_now_hundredths: deal.price?.nowHundredths ?? null,
          price_was_hundredths: deal.price?.wasHundredths ?? null,
          barcode: deal.barcode ?? null,
        })),
      );
      const [inserted] = await tx.query<{ added: number }>(
        `WITH added AS (
           INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, guessed_category, promo_codes, discount, terms,
             code_conditions, expiration_date, deal_url, image_urls, source, evidence, sent_at, price_currency, price_now_hundredths, price_was_hundredths,
             barcode)
           SELECT $1, d.brand_id, d.gmail_id, d.code_key, d.title, d.description, d.category, d.guessed_category, d.promo_codes, d.discount, d.terms,
             d.code_conditions, d.expiration_date, d.deal_url, d.image_urls, d.source, d.evidence, d.sent_at, d.price_currency, d.price_now_hundredths,
             d.price_was_hundredths, d.barcode
           FROM jsonb_to_recordset($2::jsonb) AS d(brand_id uuid, gmail_id text, code_key text, title text, description text,
             category text, guessed_category text, promo_codes text[], discount text, terms text[], code_conditions jsonb, expiration_date date,
             deal_url text, image_urls text[], source text, evidence jsonb, sent_at timestamptz, price_currency text, price_now_hundredths bigint,
             price_was_hundredths bigint, barcode jsonb)
           -- A deal stored already is never written again: a re-sync keeps its status and the saving its person recorded.
           ON CONFLICT (user_id, gmail_id, code_key) DO NOTHING RETURNING brand_id, expiration_date, status)
         SELECT count(*)::int AS added FROM added a JOIN brands b ON b.id = a.brand_id
         WHERE ${inStatesSql(CURRENT_STATES, { expirationDate: "a.expiration_date", status: "a.status", brandShown: "b.is_active" }, "$3::date")}`,
        [userId, JSON.stringify(deals), await this.personDay(tx, userId, now)],
      );
      if (inserted!.added > 0) {
        await tx.query("UPDATE gmail_sync_state SET new_deals_count = new_deals_count + $2 WHERE user_id = $1", [userId, inserted!.added]);
      }
      return inserted!.added;
    });
  }

  /**
   * Adds the stored messages' evidence to their brands' (brand_category_evidence) and decides each brand's category
   * anew (src/domain/brandCategory.ts). When a brand's decision changes, its stored deals move with it, in one statement
   * (the kept counts follow by their trigger). Answers the decision of every brand given or with new evidence.
   */
  private async decideBrandCategories(
    tx: SqlExecutor,
    userId: string,
    stored: readonly ProcessedMessage[],
    dealDomains: readonly string[],
  ): Promise<Map<string, BrandCategoryDecision | null>> {
    const fresh = new Map<string, MailCategoryEvidence[]>();
    for (const { brandEvidence } of stored) {
      if (brandEvidence) fresh.set(brandEvidence.domain, [...(fresh.get(brandEvidence.domain) ?? []), cleanMailCategoryEvidence(brandEvidence.evidence)]);
    }
    const domains = [...new Set([...fresh.keys(), ...dealDomains])];
    if (domains.length === 0) return new Map();
    const rows = await tx.query<{ domain: string; evidence: unknown; category: string | null; decisive: boolean }>(
      "SELECT domain, evidence, category, decisive FROM brand_category_evidence WHERE user_id = $1 AND domain = ANY($2::text[]) ORDER BY domain FOR UPDATE",
      [userId, domains],
    );
    const known = new Map(rows.map((row) => [row.domain, row]));
    const decisions = new Map<string, BrandCategoryDecision | null>();
    const changedEvidence: Array<{ domain: string; evidence: BrandCategoryEvidence; category: string | null; decisive: boolean }> = [];
    const moved: Array<{ domain: string; guess: string; category: string; from_brand: boolean }> = [];
    for (const domain of domains) {
      const row = known.get(domain);
      const before = row ? cleanBrandCategoryEvidence(row.evidence) : NO_EVIDENCE;
      const evidence = (fresh.get(domain) ?? []).reduce(withMailEvidence, before);
      const decision = decideBrandCategory(evidence);
      decisions.set(domain, decision);
      if (evidence === before) continue;
      changedEvidence.push({ domain, evidence, category: decision?.category ?? null, decisive: decision?.decisive ?? false });
      const previous = row && isCategoryName(row.category) ? { category: row.category, decisive: row.decisive } : null;
      if (!sameDecision(previous, decision)) {
        for (const [guess, { category, fromBrand }] of Object.entries(dealCategoryByGuess(decision))) moved.push({ domain, guess, category, from_brand: fromBrand });
      }
    }
    if (changedEvidence.length > 0) {
      await tx.query(
        `INSERT INTO brand_category_evidence (user_id, domain, evidence, category, decisive)
         SELECT $1, e.domain, e.evidence, e.category, e.decisive FROM jsonb_to_recordset($2::jsonb) AS e(domain text, evidence jsonb, category text, decisive boolean)
         ON CONFLICT (user_id, domain) DO UPDATE SET evidence = EXCLUDED.evidence, category = EXCLUDED.category, decisive = EXCLUDED.decisive`,
        [userId, JSON.stringify(changedEvidence)],
      );
    }
    if (moved.length > 0) {
      // A brand's deals move together, their category's evidence with them (a deal's own guess, once its brand's mail
      // no longer decides, is weighed words). The rules' value is mail_category; a person's own correction of the
      // brand's category still wins in the shown column (migration 016's trigger), so it is compared with the former.
      await tx.query(
        `UPDATE deals d SET category = m.category, mail_category = m.category,
           evidence = CASE WHEN d.evidence IS NULL THEN NULL
                           ELSE jsonb_set(d.evidence, '{category}', CASE WHEN m.from_brand THEN $3::jsonb ELSE $4::jsonb END) END
         FROM brands b, jsonb_to_recordset($2::jsonb) AS m(domain text, guess text, category text, from_brand boolean)
         WHERE b.user_id = $1 AND b.domain = m.domain AND d.brand_id = b.id AND coalesce(d.guessed_category, '') = m.guess
           AND (d.mail_category IS DISTINCT FROM m.category OR (d.evidence IS NOT NULL AND (d.evidence -> 'category' ->> 'kind' = 'brand-mail') IS DISTINCT FROM m.from_brand))`,
        [userId, JSON.stringify(moved), JSON.stringify(fieldEvidence("brand-mail")), JSON.stringify(fieldEvidence("words"))],
      );
    }
    return decisions;
  }

  /** The person's day at `now` in their settings' time zone (UTC without settings): the day "new" is judged on. */
  private async personDay(tx: SqlExecutor, userId: string, now: Date): Promise<string> {
    const [row] = await tx.query<{ time_zone: string }>("SELECT time_zone FROM user_preferences WHERE user_id = $1", [userId]);
    return dayIn(now, knownZoneOrUtc(row?.time_zone ?? "UTC"));
  }

  private async ensure(userId: string): Promise<void> {
    await this.db.query("INSERT INTO gmail_sync_state (user_id) VALUES ($1) ON CONFLICT DO NOTHING", [userId]);
  }
}

/** Each brand's best logo among these deals' mail: the highest evidence rank, the first found of that rank. */
function bestLogos(deals: readonly ExtractedDeal[]): Map<string, { url: string; rank: number }> {
  const best = new Map<string, { url: string; rank: number }>();
  for (const { brandDomain, brandLogo } of deals) {
    if (!brandLogo) continue;
    const rank = LOGO_EVIDENCE_RANK[brandLogo.evidence];
    if (rank > (best.get(brandDomain)?.rank ?? 0)) best.set(brandDomain, { url: brandLogo.url, rank });
  }
  return best;
}
