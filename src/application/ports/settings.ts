import type { Brand, GmailLabel } from "../../domain/brand";
import type { SyncOutcome } from "../../domain/gmailSettings";
import type { User } from "../../domain/user";

/** GET /settings: everything the settings page shows. */
export interface SettingsData {
  brands: Brand[];
  gmailLabels: GmailLabel[];
  gmailConnected: boolean;
  /** ISO time of the last finished sync, or null before the first. */
  lastSync: string | null;
  linkedAccount: string | null;
  user: User;
}

export interface SyncProgress {
  processed: number;
  total: number;
}

/** GET /sync-gmail, in the SPA's words. */
export interface SyncState {
  syncing: boolean;
  /** A sentence a person understands: 'Scanning 120 of 480 emails', 'Sync completed: 14 new deals', or what failed. */
  message: string;
  /** How it stands, which colours the message. */
  outcome: Exclude<SyncOutcome, "already_running">;
  progress: SyncProgress | null;
  /** ISO time the last successful sync finished; null before the first. */
  lastSyncAt: string | null;
  /** The last sync ended in failure; its message says why. */
  lastSyncFailed: boolean;
  /** ISO time the background sync looks again; null while syncing, before the first sync, or when it is off. */
  nextSyncAt: string | null;
}

/** The answer to Sync Now: started, or refused because a sync already runs (which is not a failure: it runs). */
export interface SyncStart {
  outcome: "running" | "already_running";
  /** 'Gmail sync started.', or 'Sync is already in progress. Please wait for it to complete.' */
  message: string;
}

export interface BrandToggleResult {
  isActive: boolean;
  message: string;
}

export interface AccountDeletion {
  message: string;
  googleAccessRevoked: boolean;
  /** Rows deleted, per kind of data (deals, brands, sessions ...). */
  deleted: Record<string, number>;
}

/** Calls that take no toast of the HTTP client: the caller shows its own message. */
export interface CallOptions {
  silent?: boolean;
}

/** Settings, brands and the account. Failures throw RequestError. */
export abstract class SettingsGateway {
  abstract settings(options?: CallOptions): Promise<SettingsData>;
  /** Shows or hides a brand, whatever it was (idempotent). */
  abstract setBrandActive(brandId: string, isActive: boolean, options?: CallOptions): Promise<BrandToggleResult>;
  abstract deleteAccount(options?: CallOptions): Promise<AccountDeletion>;
}

/** The Gmail connection and its sync. Failures throw RequestError. */
export abstract class GmailGateway {
  abstract syncStatus(options?: CallOptions): Promise<SyncState>;
  abstract startSync(options?: CallOptions): Promise<SyncStart>;
  abstract disconnect(options?: CallOptions): Promise<string>;
}
