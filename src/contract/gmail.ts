import * as t from "io-ts";
import type { GmailLabel } from "../domain/brand";
import { nullable } from "./nullable";
import type { Same } from "./same";

/** GET /sync-gmail. */
export const SyncStatusCodec = t.type({
  status: t.literal("success"),
  gmail_sync_status: t.keyof({ idle: null, syncing: null }),
  gmail_sync_progress: t.string,
  /** Messages processed and found so far in the running or last sync, for a progress bar. */
  progress: nullable(t.type({ processed: t.number, total: t.number })),
});

export const GmailLabelCodec = t.type({ id: t.string, name: t.string, isChecked: t.boolean, isCustom: t.boolean });

/** GET /gmail/labels, PUT /gmail/labels. */
export const GmailLabelsCodec = t.type({ status: t.literal("success"), labels: t.array(GmailLabelCodec) });

/** POST /sync-gmail, POST /gmail/sync, POST /disconnect-gmail: a status and a sentence a person can read. */
export const StatusMessageCodec = t.type({ status: t.literal("success"), message: t.string });

export type SyncStatus = t.TypeOf<typeof SyncStatusCodec>;

/** Compile-time proof that the wire's label is the domain's label. */
const contractMatchesDomain: Same<t.TypeOf<typeof GmailLabelCodec>, GmailLabel> = true;
void contractMatchesDomain;
