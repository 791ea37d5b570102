import { countOf } from "./counting";

/**
 * How many of one kind of request a single account may make in a window, whichever address and whichever API process
 * each comes through: for what sends mail or costs real work, where a limit per address alone lets one person with
 * many addresses through.
 */
export interface AccountLimit {
  /** Names the count; routes that do the same work share one. */
  readonly name: string;
  readonly max: number;
  readonly windowMinutes: number;
  /** What is counted, as a person reads it. */
  readonly what: string;
}

export const ACCOUNT_LIMITS = {
  /** Each sends an email to the account's address. */
  testReport: { name: "test-report", max: 10, windowMinutes: 60, what: "test reports" },
  /** Each reads the mailbox at Gmail, from the person's quota there, and runs the extractor on what is new. */
  syncStart: { name: "sync-start", max: 20, windowMinutes: 60, what: "syncs" },
  /** Each makes a code that opens an extension session; a person pairs a browser now and then. */
  pairingCode: { name: "pairing-code", max: 20, windowMinutes: 60, what: "extension pairing codes" },
  /** Each sends a request to a sender's server on the person's behalf (one-click unsubscribe). */
  unsubscribe: { name: "unsubscribe", max: 30, windowMinutes: 60, what: "unsubscribe requests" },
} as const satisfies Record<string, AccountLimit>;

/** "in 42 minutes": the wait rounded up to the unit it is said in, so that trying again then is soon enough. */
export function tryAgainIn(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 60) return `in ${countOf(wait, "second")}`;
  if (wait <= 90 * 60) return `in ${countOf(Math.ceil(wait / 60), "minute")}`;
  return `in ${countOf(Math.ceil(wait / 3600), "hour")}`;
}

const per = (minutes: number) =>
  minutes === 60 ? "an hour" : minutes % 60 === 0 ? `every ${countOf(minutes / 60, "hour")}` : minutes === 1 ? "a minute" : `every ${countOf(minutes, "minute")}`;

/** The refusal of a request past an account's limit: the limit, and when to try again. */
export function accountLimitMessage(limit: AccountLimit, retryAfterSeconds: number): string {
  return `Too many ${limit.what}: one account may ask for ${limit.max} ${per(limit.windowMinutes)}. Please try again ${tryAgainIn(retryAfterSeconds)}.`;
}
