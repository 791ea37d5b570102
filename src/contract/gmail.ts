import * as t from "io-ts";
import type { GmailLabel } from "../domain/brand";
import { nullable } from "./nullable";
import type { Same } from "./same";

/** GET /sync-gmail. */
export const SyncStatusCodec = t.intersection([
  t.type({
    status: t.literal("success"),
    gmail_sync_status: t.keyof({ idle: null, syncing: null }),
    gmail_sync_progress: t.string,
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

/** Compile-time proof that the wire's label is the domain's label. */
const contractMatchesDomain: Same<t.TypeOf<typeof GmailLabelCodec>, GmailLabel> = true;
void contractMatchesDomain;
