import * as t from "io-ts";
import { nullable } from "./nullable";

/** POST /extension/pairing-codes: a one-time code the SPA hands the extension on this page. */
export const PairingCodeCodec = t.type({ code: t.string, expiresAt: t.string });

/** POST /extension/sessions and POST /extension/sessions/refresh: the extension's own tokens. */
export const ExtensionTokensCodec = t.type({
  accessToken: t.string,
  accessTokenExpiresAt: t.string,
  refreshToken: t.string,
  sessionId: t.string,
});

export const ExtensionCodeCodec = t.type({ code: t.string, condition: nullable(t.string) });

/** One deal the extension may offer at a checkout: only what matching a site and applying a code need. */
export const ExtensionDealCodec = t.type({
  id: t.string,
  brand: t.string,
  /** The brand's registrable domain, matched against the current tab's inside the extension. */
  brandDomain: t.string,
  title: t.string,
  discount: nullable(t.string),
  expirationDate: nullable(t.string),
  codes: t.array(ExtensionCodeCodec),
  /** The deal's fine print ("Minimum spend $50", "New customers only", "In store only"): what its codes ask of a cart. */
  terms: t.array(t.string),
});

/**
 * GET /extension/codes: the code-carrying deals the user can still use (dealLifecycle's current states) on `today`,
 * their own day (YYYY-MM-DD) in `timeZone`, their settings' IANA time zone. The extension keeps the answer between
 * syncs and judges it again on the person's day in that zone, not on UTC's.
 */
export const ExtensionCodesCodec = t.type({
  deals: t.array(ExtensionDealCodec),
  lastSyncAt: nullable(t.string),
  today: t.string,
  timeZone: t.string,
});

export const ExtensionSessionCodec = t.type({
  id: t.string,
  createdAt: t.string,
  lastUsedAt: nullable(t.string),
  userAgent: nullable(t.string),
});

/** GET /extension/sessions: the user's connected extensions, for Settings. */
export const ExtensionSessionsCodec = t.type({ sessions: t.array(ExtensionSessionCodec) });

/** DELETE /extension/sessions/:id. */
export const ExtensionDisconnectedCodec = t.type({ status: t.literal("success"), message: t.string });

/** POST /extension/logout. */
export const ExtensionLogoutCodec = t.type({ success: t.literal(true) });

export type ExtensionTokensDto = t.TypeOf<typeof ExtensionTokensCodec>;
export type ExtensionDealDto = t.TypeOf<typeof ExtensionDealCodec>;
export type ExtensionCodesDto = t.TypeOf<typeof ExtensionCodesCodec>;
