import type { SessionService } from "./auth/sessions";
import type { DataVersions } from "./dataVersions";
import { errorLogRecord } from "./errorLogRecord";
import type { GmailConnection } from "./gmail/gmailConnection";
import type { UserRecord, UsersRepository } from "./repositories";

/** Waits for a user's running sync to end; the sync engine does. */
export interface SyncSettler {
  settled(userId: string): Promise<void>;
}

export interface AccountDeletion {
  /** Rows deleted, by kind. */
  deleted: Record<string, number>;
  /** False when Google could not be reached to revoke Deal Finder's access. */
  googleAccessRevoked: boolean;
}

/** A person's account: who they are, and deleting it with everything it holds. */
export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly gmail: GmailConnection,
    private readonly syncs: SyncSettler,
    private readonly dataVersions: DataVersions,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /** The user, or null when the account is gone. */
  user(userId: string): Promise<UserRecord | null> {
    return this.users.findById(userId);
  }

  /**
   * Deletes the account after its running sync ends (which would otherwise write rows back), revoking Gmail access at
   * Google first. The account is deleted even when Google cannot be reached; the answer says so.
   */
  async delete(userId: string): Promise<AccountDeletion> {
    await this.syncs.settled(userId);
    let googleAccessRevoked = true;
    try {
      await this.gmail.disconnect(userId);
    } catch (error) {
      this.log("Revoking Google access failed during account deletion", { userId, ...errorLogRecord(error) });
      googleAccessRevoked = false;
    }
    const deleted = await this.users.delete(userId);
    this.sessions.forgetUser(userId);
    await this.dataVersions.bump(userId);
    return { deleted, googleAccessRevoked };
  }
}
