/** Persistence the use cases need; server/infrastructure/db implements it on PostgreSQL (PGlite or a server). */
import type { ReminderLeadDays } from "../../src/domain/alertRules";
import type { User } from "../../src/domain/user";
import type { ShoppingFrequency } from "../../src/domain/earlyAccess";
import type { ExtractedDeal } from "../extraction";
import type { MailCategoryEvidence } from "../../src/domain/brandCategory";

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

/** A refresh token's replacement, and how long a spent token may still ask for one whose answer was lost. */
export interface RefreshRotation {
  successorHash: string;
  successorExpiresAt: Date;
  /** A token spent before this is a reuse, even when nothing used its replacement. */
  retryableSince: Date;
}

export interface SessionsRepository {
  create(userId: string, expiresAt: Date): Promise<string>;
  /** The user of a session that has not ended or expired. */
  activeUser(sessionId: string, now: Date): Promise<string | null>;
  end(sessionId: string, reason: string, now: Date): Promise<void>;
  addRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void>;
  /**
   * Spends the token and stores its successor, atomically: only one caller can rotate a given token. A token spent
   * since `retryableSince` whose replacement was never used nor delivered rotates again, and that replacement is
   * retired (showing it later is a reuse).
   */
  rotateRefreshToken(tokenHash: string, rotation: RefreshRotation, now: Date): Promise<RefreshOutcome>;
  /**
   * Marks a refresh token delivered: the access token issued beside it was used. False when that token was retired
   * (its answer was taken for lost and given again), so that access token is in hands it never reached.
   */
  markRefreshTokenDelivered(tokenHash: string, now: Date): Promise<boolean>;
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
  /** The new deals the sync running (or the last one) has stored, over every worker that ran it (storeBatch's count). */
  newDeals: number;
  /** The emails it skipped (unreadable, or refused by the database), counted the same way. */
  skipped: number;
  historyId: string | null;
  lastSyncAt: Date | null;
  lastError: string | null;
}

export interface MessageToStore {
  gmailId: string;
  sender: string | null;
  subject: string | null;
  sentAt: Date | null;
  /** The brand a promotion is from, its name as the mail gives it, and its unsubscribe headers: "Your senders" lists, names, counts and offers them. */
  brandDomain?: string | null;
  brandName?: string | null;
  listUnsubscribe?: string | null;
  listUnsubscribePost?: string | null;
}

/** A message read and extracted, with the deals to keep. */
export interface ProcessedMessage {
  message: MessageToStore;
  deals: ExtractedDeal[];
  /** What a brand's marketing mail says about the brand's trade, summed with the rest of its mail (docs/product.md, "Categories"). */
  brandEvidence?: { domain: string; evidence: MailCategoryEvidence } | null;
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

/** A sync that waits or runs with no sign of life for longer than the lease, put back in the queue. */
export interface RequeuedSync {
  userId: string;
  /** The queue's job of that sync, when one was sent. */
  jobId: string | null;
}

/**
 * A sync's life in the database, the guard against two workers running one user's sync: idle, then queued (asked
 * for, a job sent), then syncing (claimed by one worker, whose heartbeat keeps its lease), then idle again. A queued
 * or syncing sync whose heartbeat is older than the lease has lost its worker and may be taken over.
 */
export interface SyncRepository {
  /** Reads only: a user whose sync never ran gets the defaults, with nothing written. A queued sync reads as syncing. */
  state(userId: string): Promise<SyncState>;
  /**
   * Marks the user's sync queued, atomically, when it is idle or its lease (`leaseMs` without a heartbeat) has run out;
   * null when one waits or runs with a live lease. Answers the job of the previous sync, to put back or replace.
   */
  enqueue(userId: string, now: Date, leaseMs: number): Promise<{ previousJobId: string | null } | null>;
  /** Remembers the queue's job of the user's latest sync. */
  setJob(userId: string, jobId: string): Promise<void>;
  /**
   * Takes a queued sync for this worker, atomically, and answers its lease, which the worker's later writes of the
   * sync's state name; null when it is not queued (another worker has it, or it is over).
   */
  claim(userId: string, now: Date): Promise<string | null>;
  /** Keeps a claimed sync's lease alive; false when the lease is no longer this worker's (it was taken over). */
  heartbeat(userId: string, lease: string, now: Date): Promise<boolean>;
  /** Gives a claimed sync back: queued again, for another worker to resume from the stored pending ids. */
  release(userId: string, lease: string, now: Date): Promise<void>;
  /** Puts every sync that waits or runs without a heartbeat for `leaseMs` back to queued; answers them. */
  requeueStale(now: Date, leaseMs: number): Promise<RequeuedSync[]>;
  /** Writes of a claimed sync's state: they change nothing once the lease is no longer the writer's. */
  progress(userId: string, lease: string, message: string, processed: number, total: number, now: Date): Promise<void>;
  finish(userId: string, lease: string, outcome: { message: string; historyId: string | null; error: string | null }, now: Date): Promise<void>;
  setMonitoredLabels(userId: string, labelIds: string[]): Promise<void>;
  /** Records message ids still to process; ids already known are left as they are. */
  addPending(userId: string, gmailIds: string[]): Promise<number>;
  pendingIds(userId: string): Promise<string[]>;
  /**
   * Stores a group of messages in one transaction: each processed message is marked processed in the same commit as
   * its deals, each failed one marked failed and added to the sync's kept count of skipped emails (SyncState.skipped:
   * gmail_sync_state.skipped_count, migration 029). Messages no longer pending (stored by an earlier run) are left alone.
   * Answers how many new deals a person can use (docs/product.md, "New deals"): those stored now that are current on
   * `now`'s day, not one that had already ended or whose brand the person hid. The same transaction adds them to the
   * sync's kept total (SyncState.newDeals: gmail_sync_state.new_deals_count, migration 028), which the sync engine
   * reads for "Sync completed: N new deals" rather than adding up these answers: a sync given back by one worker and
   * resumed by another counts what both stored. Throws StoreRefusedError when the database refuses something in the
   * group, and then stores nothing of it.
   */
  storeBatch(userId: string, processed: ProcessedMessage[], failed: FailedMessage[], now: Date): Promise<number>;
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
  /** Shows or hides a brand of this user, whatever it was; null when the user has no such brand. */
  setActive(userId: string, brandId: string, isActive: boolean): Promise<boolean | null>;
}

export interface Preferences {
  weeklyReport: boolean;
  syncIntervalMinutes: number;
  /** ISO weekday of the weekly report, 1 (Monday) to 7. */
  reportWeekday: number;
  /** Hour of the weekly report and the reminders, 0 to 23, in timeZone. */
  reportHour: number;
  /** An IANA time zone. */
  timeZone: string;
  expiryReminders: boolean;
  /** Days before a starred deal ends that its reminder goes out (src/domain/alertRules.ts: 0, 1, 3 or 7). */
  reminderLeadDays: ReminderLeadDays;
  /** The alerts of the person's own rules (src/domain/alertRules.ts); one-click unsubscribe turns them off. */
  dealAlerts: boolean;
  /** Set when a mail server refused the address for good; cleared when the person turns an email on again. */
  emailsStopped: { reason: string; at: Date } | null;
}

/** What a person may change; fields left out keep their values. */
export type PreferenceChanges = Partial<Omit<Preferences, "emailsStopped">>;

export interface PreferencesRepository {
  get(userId: string): Promise<Preferences>;
  /** Turning any email on clears emailsStopped. Answers the preferences now stored. */
  save(userId: string, changes: PreferenceChanges): Promise<Preferences>;
  /** Turns every email off (the report, the reminders, the alerts) and says why (a mail server refused the address). */
  stopEmails(userId: string, reason: string, at: Date): Promise<void>;
  /** Connected users whose last sync is older than their interval. */
  dueForSync(now: Date, defaultIntervalMinutes: number): Promise<string[]>;
}

/** The domain's frequencies, which the form offers and the contract's early-access body names. */
export type { ShoppingFrequency };

export interface EarlyAccessRepository {
  /** Stores a request; false when that email had asked already. */
  add(request: { name: string; email: string; shoppingFrequency: ShoppingFrequency }): Promise<boolean>;
}

/**
 * One sender as "Your senders" counts it (docs/product.md, "Senders that pay off"): a domain the person's promotions
 * came from, with its brand when its mail gave a deal.
 */
export interface StoredSender {
  id: string;
  /** Null for a sender whose mail never gave a deal: it has no brand, and no brand page. */
  brandId: string | null;
  /** The brand's name; else the name its latest mail gave; else its domain (mail synced before names were kept). */
  name: string;
  domain: string;
  /** Synced mails from the sender: its promotions, and any older mail that gave one of its deals. */
  mails: number;
  dealsFound: number;
  dealsUsed: number;
  /** The person's recorded savings of its used deals, summed per currency. */
  saved: Array<{ currency: string; hundredths: number }>;
  /** The unsubscribe headers of its latest mail that carries them. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  unsubscribedAt: Date | null;
}

/** Which of the person's senders: all of them, one by its id, or the one of a brand. */
export type SenderSelection = { all: true } | { senderId: string } | { brandId: string };

export interface SendersRepository {
  /** The person's senders selected (none when the person has no such sender or brand). */
  senders(userId: string, selection: SenderSelection): Promise<StoredSender[]>;
  /** The first and last synced mail of the person's mailbox: the window mails a week are counted over. */
  syncedWindow(userId: string): Promise<{ from: Date | null; to: Date | null }>;
  /**
   * Claims the sender's one-click request for this press: false when it is unsubscribed already, or another press's
   * request started after `staleBefore` (one that started earlier is taken to have died).
   */
  claimUnsubscribe(userId: string, senderId: string, now: Date, staleBefore: Date): Promise<boolean>;
  /** Gives a claim back after the request failed. */
  releaseUnsubscribe(userId: string, senderId: string): Promise<void>;
  /** Records that the person left the sender's list (and ends the claim); false when the person has no such sender. */
  markUnsubscribed(userId: string, senderId: string, at: Date): Promise<boolean>;
}
