import type { ExtensionCodesDto } from "../../../src/contract/extension";
import type { ExtensionSession } from "../machines/sessionMachine";

/** What the extension keeps in chrome.storage.local; the popup reads the same keys. */
export interface StoredState {
  session: ExtensionSession | null;
  codes: ExtensionCodesDto | null;
  /** When this browser last received the codes (ISO). */
  receivedAt: string | null;
  alertsEnabled: boolean;
  /** Registrable domains where the person dismissed the panel. */
  dismissedSites: string[];
  /** Deals already announced (or there before alerts were on): only others are news. */
  knownDealIds: string[];
}

const DEFAULTS: StoredState = { session: null, codes: null, receivedAt: null, alertsEnabled: false, dismissedSites: [], knownDealIds: [] };
const KEYS = Object.keys(DEFAULTS) as (keyof StoredState)[];

export async function readState(): Promise<StoredState> {
  const stored = await chrome.storage.local.get(KEYS);
  return { ...DEFAULTS, ...(stored as Partial<StoredState>) };
}

export function writeState(changes: Partial<StoredState>): Promise<void> {
  return chrome.storage.local.set(changes);
}

/** Forgets the session and everything it brought; the person's choices (alerts, dismissed sites) stay. */
export function forgetSession(): Promise<void> {
  return chrome.storage.local.remove(["session", "codes", "receivedAt", "knownDealIds"]);
}
