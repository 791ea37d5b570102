/**
 * The wire contract: every response shape of the HTTP API, defined once as io-ts codecs.
 * The SPA's fetch adapters decode every response with these; the server's tests decode what they receive with the
 * same codecs, so the two sides cannot drift apart silently.
 */
import * as t from "io-ts";
import { CATEGORIES, type Category } from "../../domain/category";
import type { Deal } from "../../domain/deal";
import type { User } from "../../domain/user";
import type { Brand, GmailLabel } from "../../domain/brand";
import type { Dashboard } from "../../domain/dashboard";

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

export const UserCodec = t.type({
  id: t.string,
  email: t.string,
  first_name: nullable(t.string),
  last_name: nullable(t.string),
  gmail_connected: t.boolean,
});

/** The failure body of every endpoint: a machine-readable code and a message a person can read. */
export const ApiErrorCodec = t.type({ success: t.literal(false), code: t.string, message: t.string });

/** POST /login, POST /auth/complete. */
export const LoginResponseCodec = t.union([
  t.type({ success: t.literal(true), access_token: t.string, refresh_token: t.string, user: UserCodec }),
  t.type({ success: t.literal(false), error: t.string }),
]);

/** GET /google-signin, /google-signup, /google-gmail-signin, /link-google-account, /connect-gmail. */
export const GoogleAuthStartCodec = t.union([
  t.type({ success: t.literal(true), authUrl: t.string, state: t.string }),
  t.type({ success: t.literal(false), error: t.string }),
]);

export const AuthMeCodec = t.type({ success: t.literal(true), user: UserCodec });

export const RefreshResponseCodec = t.type({ access_token: t.string, refresh_token: t.string, user: UserCodec });

export const LogoutResponseCodec = t.type({ success: t.boolean });

export const AppConfigCodec = t.type({
  demoMode: t.boolean,
  extensionStoreUrl: t.string,
  feedbackFormUrl: t.string,
});

const CategoryCodec = t.keyof(
  Object.fromEntries(CATEGORIES.map((category) => [category, null])) as Record<Category, null>,
);

export const DealCodec = t.type({
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
});

const StatFigureCodec = t.type({ value: t.number, delta: nullable(t.number) });

export const DashboardCodec = t.type({
  categories: t.array(t.type({ id: t.string, label: t.string, count: t.number })),
  deals: t.array(DealCodec),
  stats: t.type({
    activePromos: StatFigureCodec,
    emailsScanned: StatFigureCodec,
    uniqueBrands: StatFigureCodec,
    expiring: StatFigureCodec,
  }),
  newDealsToday: t.number,
});

export const SyncStatusCodec = t.type({
  status: t.literal("success"),
  gmail_sync_status: t.keyof({ idle: null, syncing: null }),
  gmail_sync_progress: t.string,
  /** Messages processed and found so far in the running or last sync, for a progress bar. */
  progress: nullable(t.type({ processed: t.number, total: t.number })),
});

export const BrandCodec = t.type({ id: t.string, name: t.string, domain: t.string, isActive: t.boolean });

export const GmailLabelCodec = t.type({ id: t.string, name: t.string, isChecked: t.boolean, isCustom: t.boolean });

export const SettingsCodec = t.type({
  status: t.literal("success"),
  data: t.type({
    brands: t.array(BrandCodec),
    gmailLabels: t.array(GmailLabelCodec),
    gmailConnected: t.boolean,
    lastSync: nullable(t.string),
    linkedAccount: nullable(t.string),
    user: UserCodec,
  }),
});

/** GET /gmail/labels, PUT /gmail/labels. */
export const GmailLabelsCodec = t.type({ status: t.literal("success"), labels: t.array(GmailLabelCodec) });

/** GET /discover: one page of the dashboard's deals. */
export const DiscoverPageCodec = t.type({
  deals: t.array(DealCodec),
  page: t.number,
  pageSize: t.number,
  total: t.number,
  totalPages: t.number,
});

/** GET /user/settings, PUT /user/settings. */
export const UserPreferencesCodec = t.type({
  status: t.literal("success"),
  settings: t.type({ weeklyReport: t.boolean, syncIntervalMinutes: t.number }),
});

export const BrandToggleCodec = t.type({ status: t.literal("success"), is_active: t.boolean, message: t.string });

/** POST /sync-gmail, POST /gmail/sync, POST /disconnect-gmail: a status and a sentence a person can read. */
export const StatusMessageCodec = t.type({ status: t.literal("success"), message: t.string });

/** DELETE /account: what was deleted, and whether Google access could be revoked. */
export const AccountDeletionCodec = t.type({
  success: t.literal(true),
  deleted: t.record(t.string, t.number),
  googleAccessRevoked: t.boolean,
  message: t.string,
});

/** POST /early-access: the success answer (a 400 answers with ApiErrorCodec). */
export const EarlyAccessResponseCodec = t.type({ success: t.boolean, message: t.string });

export type UserDto = t.TypeOf<typeof UserCodec>;
export type DealDto = t.TypeOf<typeof DealCodec>;
export type DashboardDto = t.TypeOf<typeof DashboardCodec>;
export type LoginResponse = t.TypeOf<typeof LoginResponseCodec>;
export type SyncStatus = t.TypeOf<typeof SyncStatusCodec>;
export type AppConfig = t.TypeOf<typeof AppConfigCodec>;

/** Compile-time proof that the wire shapes are the domain's shapes. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatchesDomain: [
  Same<UserDto, User>,
  Same<DealDto, Deal>,
  Same<DashboardDto, Dashboard>,
  Same<t.TypeOf<typeof BrandCodec>, Brand>,
  Same<t.TypeOf<typeof GmailLabelCodec>, GmailLabel>,
] = [true, true, true, true, true];
void contractMatchesDomain;
