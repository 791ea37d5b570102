import * as t from "io-ts";
import { CATEGORIES, type Category } from "../domain/category";
import type { Deal } from "../domain/deal";
import { CONFIDENCES, EVIDENCE_KINDS, type Confidence, type EvidenceKind } from "../domain/evidence";
import type { Dashboard } from "../domain/dashboard";
import { nullable } from "./nullable";
import type { Same } from "./same";

export const CategoryCodec = t.keyof(Object.fromEntries(CATEGORIES.map((category) => [category, null])) as Record<Category, null>);

const FieldEvidenceCodec = t.type({
  kind: t.keyof(Object.fromEntries(EVIDENCE_KINDS.map((kind) => [kind, null])) as Record<EvidenceKind, null>),
  confidence: t.keyof(Object.fromEntries(CONFIDENCES.map((confidence) => [confidence, null])) as Record<Confidence, null>),
});

/**
 * Where each of a deal's fields came from and how sure it is (src/domain/evidence.ts, docs/product.md "Evidence").
 * `kind` is the source: `markup` (schema.org), `label` ("Code: X", "Offer ends 29 Nov"), `box` (a styled code box),
 * `link` (a link parameter), `alt-text`, `subject` (subject or preheader), `relative` ("ends tomorrow", "this
 * weekend", a day counted in the sender's zone), `implied` ("last chance" with no day: `endDate` of a deal with no
 * date), `sender` (its name, address or domain), `words` (weighed words of the mail), `brand-mail` (decided over the
 * brand's mail), `corrected` (by the person), `none` (the default). `confidence` is `stated`, `inferred` or `guessed`.
 * `codes` has one entry per code of `promoCode`; a null field, or no `evidence` at all, is unknown.
 */
export const DealEvidenceCodec = t.type({
  codes: t.array(t.intersection([t.type({ code: t.string }), FieldEvidenceCodec])),
  endDate: nullable(FieldEvidenceCodec),
  brand: nullable(FieldEvidenceCodec),
  category: nullable(FieldEvidenceCodec),
});

/** Hundredths of a currency's unit (a yen amount too) and the currency's ISO 4217 code. */
const MoneyCodec = t.type({ hundredths: t.number, currency: t.string });

/** The was/now price the mail states (src/domain/dealPrice.ts): `wasHundredths` above `nowHundredths`. */
export const DealPriceCodec = t.type({ currency: t.string, nowHundredths: t.number, wasHundredths: t.number });

/** What the person said using the deal saved them, and when they said it (ISO 8601). */
export const RecordedSavingCodec = t.intersection([MoneyCodec, t.type({ at: t.string })]);

const DealFieldsCodec = t.type({
  id: t.string,
  title: t.string,
  description: t.string,
  brand: t.string,
  brandId: t.string,
  brandDomain: t.string,
  category: CategoryCodec,
  dealUrl: nullable(t.string),
  promoCode: nullable(t.string),
  discount: nullable(t.string),
  expirationDate: nullable(t.string),
  imageUrls: t.array(t.string),
  source: t.keyof({ markup: null, text: null, llm: null }),
  terms: t.array(t.string),
  codeConditions: t.array(t.type({ code: t.string, condition: t.string })),
  status: nullable(t.keyof({ used: null, not_working: null })),
  remind: t.boolean,
  sentAt: nullable(t.string),
});

/**
 * The barcode the mail gave for the cashier (src/domain/barcode.ts): its digits (8 to 24), or its image as a signed path
 * of our image proxy.
 */
export const BarcodeCodec = t.union([
  t.type({ kind: t.literal("digits"), value: t.string }),
  t.type({ kind: t.literal("image"), url: t.string }),
]);

/**
 * A deal; `evidence` (DealEvidenceCodec) is left out for a deal stored before evidence was kept, `price` when the mail
 * stated no was/now price, `saved` while the person has recorded no saving for it, `brandLogoUrls` outside the
 * dashboard, `barcode` (BarcodeCodec) when the mail gave none.
 */
export const DealCodec = t.intersection([
  DealFieldsCodec,
  t.partial({
    evidence: DealEvidenceCodec,
    price: DealPriceCodec,
    saved: RecordedSavingCodec,
    // The brand's logo as image proxy paths to try in turn (the dashboard's deals only).
    brandLogoUrls: t.array(t.string),
    barcode: BarcodeCodec,
  }),
]);

const StatFigureCodec = t.type({ value: t.number, delta: nullable(t.number) });

/**
 * GET /dashboard-products: the figures and the first screenful of deals; the rest from GET /dashboard-products/deals.
 * A category's `count` is all its deals, `current` those the person can still use. `stats.activePromos` keeps the
 * spec's name and means the deals the person can still use today: brand shown, not marked used or not working, not
 * expired (undated deals included), the current view's size; `stats.expiring` those of them ending within 7 days.
 * `newDealsToday` counts the current deals a sync found since the start of today. The states are
 * src/domain/dealLifecycle.ts's. `today` is the day all of this was judged on: the person's own day, YYYY-MM-DD, in the
 * time zone of their settings (UTC until they choose one); the browser judges the deals it holds on that day too.
 */
export const DashboardCodec = t.type({
  categories: t.array(t.type({ id: t.string, label: t.string, count: t.number, current: t.number })),
  deals: t.array(DealCodec),
  totalDeals: t.number,
  nextCursor: nullable(t.string),
  stats: t.type({
    activePromos: StatFigureCodec,
    emailsScanned: StatFigureCodec,
    uniqueBrands: StatFigureCodec,
    expiring: StatFigureCodec,
  }),
  newDealsToday: t.number,
  today: t.string,
  /** "Saved this month / this year" on `today`: one total per currency, biggest first; empty lists when none. */
  saved: t.type({ month: t.array(MoneyCodec), year: t.array(MoneyCodec) }),
});

/** GET /dashboard-products/deals?after=CURSOR: the next deals in the dashboard's order (keyset paging). */
export const DashboardDealsPageCodec = t.type({
  deals: t.array(DealCodec),
  nextCursor: nullable(t.string),
});

/** GET /discover: one page of the dashboard's deals. */
export const DiscoverPageCodec = t.type({
  deals: t.array(DealCodec),
  page: t.number,
  pageSize: t.number,
  total: t.number,
  totalPages: t.number,
});

export type DealDto = t.TypeOf<typeof DealCodec>;
export type DashboardDto = t.TypeOf<typeof DashboardCodec>;
export type DashboardDealsPageDto = t.TypeOf<typeof DashboardDealsPageCodec>;

/** Compile-time proof that the wire shapes are the domain's shapes. */
const contractMatchesDomain: [Same<DealDto, Deal>, Same<DashboardDto, Dashboard>] = [true, true];
void contractMatchesDomain;
