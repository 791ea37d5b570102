/** The Google accounts the emulator knows. Each has a fixed `sub`, as a real Google account does. */
export interface EmulatorAccount {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Folder of .eml files (relative to emulator/) that fills the account's mailbox; none means an empty mailbox. */
  mailboxFolder: string | null;
}

export const DEMO_ACCOUNT_EMAIL = "demo@example.com";

export const ACCOUNTS: readonly EmulatorAccount[] = [
  { sub: "104729318756201948375", email: DEMO_ACCOUNT_EMAIL, givenName: "Demo", familyName: "User", mailboxFolder: "demo-mailbox" },
  { sub: "117305528193640027561", email: "new.user@example.com", givenName: "New", familyName: "User", mailboxFolder: null },
  { sub: "109846120374458812093", email: "other.user@example.com", givenName: "Other", familyName: "User", mailboxFolder: "other-mailbox" },
];

export function fullName(account: EmulatorAccount): string {
  return `${account.givenName} ${account.familyName}`;
}
