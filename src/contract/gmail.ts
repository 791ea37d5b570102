import * as t from "io-ts";
import type { GmailLabel } from "../domain/brand";
import type { SyncOutcome } from "../domain/gmailSettings";
import { nullable } from "./nullable";
import type { Same } from "./same";

/** How the running or last sync stands; its message's colour follows this, never the message's words. */
export const SyncStatusOutcomeCodec = t.keyof({ none: null, running: null, completed: null, failed: null });

/**
 * POST /sync-gmail and POST /gmail/sync refuse with this (409) while a sync runs; the SPA shows the same sentence
 * (docs/product.md, "Sync messages").
 */
export const SYNC_ALREADY_RUNNING = {
  status: 409,
  code: "sync_in_progress",
  message: "Sync is already in progress. Please wait for it to complete.",
} as const;

/** GET /sync-gmail. */
export const SyncStatusCodec = t.intersection([
  t.type({
    status: t.literal("success"),
    gmail_sync_status: t.keyof({ idle: null, syncing: null }),
    gmail_sync_progress: t.string,
    outcome: SyncStatusOutcomeCodec,
    /** Messages processed and found so far in the running or last sync, for a progress bar. */
    progress: nullable(t.type({ processed: t.number, total: t.number })),
  }),
  // Beyond the first answer's three fields, so a reader that knows only those still fits.
  t.partial({
    /** ISO time the last successful sync finished; null before the first. */
    last_sync_at: nullable(t.string),
    /** Whether the last sync ended in failure (its message says why). */
    last_sync_failed: t.boolean,
    /** ISO time the background sync looks again; null while syncing, before the first sync, or when it is off. */
    next_sync_at: nullable(t.string),
  }),
]);

export const GmailLabelCodec = t.type({ id: t.string, name: t.string, isChecked: t.boolean, isCustom: t.boolean });

/** GET /gmail/labels, PUT /gmail/labels. */
export const GmailLabelsCodec = t.type({ status: t.literal("success"), labels: t.array(GmailLabelCodec) });

/** POST /sync-gmail, POST /gmail/sync, POST /disconnect-gmail: a status and a sentence a person can read. */
export const StatusMessageCodec = t.type({ status: t.literal("success"), message: t.string });

export type SyncStatus = t.TypeOf<typeof SyncStatusCodec>;

/** Compile-time proof that the wire's outcomes are the domain's, but for a refused start (a 409, not a status). */
const outcomesMatchDomain: Same<t.TypeOf<typeof SyncStatusOutcomeCodec>, Exclude<SyncOutcome, "already_running">> = true;
void outcomesMatchDomain;

/** Compile-time proof that the wire's label is the domain's label. */
const contractMatchesDomain: Same<t.TypeOf<typeof GmailLabelCodec>, GmailLabel> = true;
void contractMatchesDomain;
