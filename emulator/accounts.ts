/** The Google accounts the emulator knows. Each has a fixed `sub`, as a real Google account does. */
export interface EmulatorAccount {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Folder of .eml files (relative to emulator/) that fills the account's mailbox; none means an empty mailbox. */
  mailboxFolder: string | null;
  /** Google marks an address unverified until its owner has proved it; apps must not trust such an address. */
  emailVerified: boolean;
}

export const DEMO_ACCOUNT_EMAIL = "demo@example.com";

export const ACCOUNTS: readonly EmulatorAccount[] = [
  { sub: "104729318756201948375", email: DEMO_ACCOUNT_EMAIL, givenName: "Demo", familyName: "User", mailboxFolder: "demo-mailbox", emailVerified: true },
  { sub: "117305528193640027561", email: "new.user@example.com", givenName: "New", familyName: "User", mailboxFolder: null, emailVerified: true },
  // A newcomer named as people are, with no promotions yet: an empty mailbox's first run as a person sees it.
  { sub: "108264519937402816650", email: "priya.raman@example.com", givenName: "Priya", familyName: "Raman", mailboxFolder: null, emailVerified: true },
  { sub: "109846120374458812093", email: "other.user@example.com", givenName: "Other", familyName: "User", mailboxFolder: "other-mailbox", emailVerified: true },
  { sub: "112658093347120985524", email: "unverified.user@example.com", givenName: "Unverified", familyName: "User", mailboxFolder: null, emailVerified: false },
];

/** Accounts with empty mailboxes for tests that sign many people in at once: load.user1@example.com and on. */
export function loadTestAccounts(count: number): EmulatorAccount[] {
  return Array.from({ length: count }, (_, index) => ({
    sub: String(200000000000000000000n + BigInt(index + 1)),
    email: `load.user${index + 1}@example.com`,
    givenName: "Load",
    familyName: `User ${index + 1}`,
    mailboxFolder: null,
    emailVerified: true,
  }));
}

export function fullName(account: EmulatorAccount): string {
  return `${account.givenName} ${account.familyName}`;
}
