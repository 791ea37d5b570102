/** Persistence the use cases need; server/infrastructure/db implements it on PostgreSQL (PGlite or a server). */
import type { User } from "../../src/domain/user";
import type { ExtractedDeal } from "../extraction";

export interface NewUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  googleSub: string;
}

export interface UserRecord extends User {
  google_sub: string | null;
}

export interface UsersRepository {
  findById(id: string): Promise<UserRecord | null>;
  findByGoogleSub(sub: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  create(user: NewUser): Promise<UserRecord>;
  linkGoogle(userId: string, googleSub: string): Promise<void>;
  /** Deletes the user and every row that belongs to them; answers how many rows of each kind went. */
  delete(userId: string): Promise<Record<string, number>>;
}

export type RefreshOutcome =
  | { kind: "rotated"; sessionId: string; userId: string }
  | { kind: "reused"; sessionId: string }
  | { kind: "invalid" };

export interface SessionsRepository {
  create(userId: string, expiresAt: Date): Promise<string>;
  /** The user of a session that has not ended or expired. */
  activeUser(sessionId: string, now: Date): Promise<string | null>;
  end(sessionId: string, reason: string, now: Date): Promise<void>;
  addRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void>;
  /** Marks the token used, atomically: only one caller can rotate a given token. */
  useRefreshToken(tokenHash: string, now: Date): Promise<RefreshOutcome>;
}

export type OAuthFlow = "signin" | "signup" | "gmail_signin" | "link" | "connect_gmail";

export interface PendingAuthorization {
  flow: OAuthFlow;
  codeVerifier: string;
  nonce: string;
  userId: string | null;
  /** Hash of the secret in the starting browser's binding cookie. */
  browserBindingHash: string;
}

export interface OAuthStatesRepository {
  save(stateHash: string, pending: PendingAuthorization, expiresAt: Date): Promise<void>;
  /** Removes and returns an unexpired state, so that it can be used once only. */
  take(stateHash: string, now: Date): Promise<PendingAuthorization | null>;
}

export interface LoginCode {
  userId: string;
  action: string;
  /** Hash of the state of the flow that issued the code. */
  stateHash: string;
}

export interface LoginCodesRepository {
  save(codeHash: string, login: LoginCode, expiresAt: Date): Promise<void>;
  /** Marks an unused, unexpired code used, atomically, and returns it. */
  take(codeHash: string, now: Date): Promise<LoginCode | null>;
}

export interface StoredGmailGrant {
  googleEmail: string;
  scopes: string[];
  accessTokenEncrypted: string;
  accessTokenExpiresAt: Date;
  refreshTokenEncrypted: string | null;
  grantedAt: Date;
}

export interface GmailGrantsRepository {
  save(userId: string, grant: StoredGmailGrant): Promise<void>;
  get(userId: string): Promise<StoredGmailGrant | null>;
  updateAccessToken(userId: string, accessTokenEncrypted: string, expiresAt: Date): Promise<void>;
  delete(userId: string): Promise<boolean>;
  connectedUserIds(): Promise<string[]>;
}

export type SyncStatusValue = "idle" | "syncing";

export interface SyncState {
  monitoredLabels: string[];
  status: SyncStatusValue;
  progressMessage: string;
  processed: number;
  total: number;
  historyId: string | null;
  lastSyncAt: Date | null;
  lastError: string | null;
}

export interface MessageToStore {
  gmailId: string;
  sender: string | null;
  subject: string | null;
  sentAt: Date | null;
}

/** A message read and extracted, with the deals to keep. */
export interface ProcessedMessage {
  message: MessageToStore;
  deals: ExtractedDeal[];
}

/**
 * A message that could not be read or stored (deleted since it was listed, not an email, past a limit, refused by the
 * database): skipped and counted. Its reason is ours (a limit, an error class, a SQLSTATE), safe to store and to log.
 */
export interface FailedMessage {
  gmailId: string;
  reason: string;
}

/**
 * The database refused what was stored for its content (a constraint, a value it cannot hold: SQLSTATE classes 22,
 * 23 and 54), as opposed to being unavailable. Trying again with other messages may succeed.
 */
export class StoreRefusedError extends Error {
  constructor(readonly code: string) {
    super(`The database refused the data (SQLSTATE ${code})`);
    this.name = "StoreRefusedError";
  }
}

export interface SyncRepository {
  /** Reads only: a user whose sync never ran gets the defaults, with nothing written. */
  state(userId: string): Promise<SyncState>;
  /** Claims the user's sync atomically; false when one is already running (and alive) elsewhere. */
  claim(userId: string, now: Date, staleAfterMs: number): Promise<boolean>;
  progress(userId: string, message: string, processed: number, total: number, now: Date): Promise<void>;
  finish(userId: string, outcome: { message: string; historyId: string | null; error: string | null }, now: Date): Promise<void>;
  setMonitoredLabels(userId: string, labelIds: string[]): Promise<void>;
  /** Records message ids still to process; ids already known are left as they are. */
  addPending(userId: string, gmailIds: string[]): Promise<number>;
  pendingIds(userId: string): Promise<string[]>;
  /**
   * Stores a group of messages in one transaction: each processed message is marked processed in the same commit as
   * its deals, each failed one marked failed. Messages no longer pending (stored by an earlier run) are left alone.
   * Answers how many deals were new. Throws StoreRefusedError when the database refuses something in the group, and
   * then stores nothing of it.
   */
  storeBatch(userId: string, processed: ProcessedMessage[], failed: FailedMessage[], now: Date): Promise<number>;
  /** Users whose sync was running when the process stopped. */
  interrupted(): Promise<string[]>;
}

export interface BrandRecord {
  id: string;
  name: string;
  domain: string;
  isActive: boolean;
}

export interface BrandsRepository {
  list(userId: string): Promise<BrandRecord[]>;
  /** Flips a brand of this user; null when the user has no such brand. */
  toggle(userId: string, brandId: string): Promise<boolean | null>;
}

export interface Preferences {
  weeklyReport: boolean;
  syncIntervalMinutes: number;
}

export interface PreferencesRepository {
  get(userId: string): Promise<Preferences>;
  save(userId: string, preferences: Preferences): Promise<void>;
  /** Connected users whose last sync is older than their interval. */
  dueForSync(now: Date, defaultIntervalMinutes: number): Promise<string[]>;
}

export type ShoppingFrequency = "daily" | "weekly" | "monthly" | "occasionally";

export interface EarlyAccessRepository {
  /** Stores a request; false when that email had asked already. */
  add(request: { name: string; email: string; shoppingFrequency: ShoppingFrequency }): Promise<boolean>;
}
