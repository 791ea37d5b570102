import type { NewUser, UserRecord, UsersRepository } from "../../application/repositories";
import type { Database } from "./database";

const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.google_sub,
  EXISTS (SELECT 1 FROM gmail_grants g WHERE g.user_id = u.id) AS gmail_connected`;

export class SqlUsersRepository implements UsersRepository {
  constructor(private readonly db: Database) {}

  private async one(where: string, value: string): Promise<UserRecord | null> {
    const rows = await this.db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE ${where} = $1`, [value]);
    return rows[0] ?? null;
  }

  findById(id: string) {
    return this.one("u.id", id);
  }

  findByGoogleSub(sub: string) {
    return this.one("u.google_sub", sub);
  }

  findByEmail(email: string) {
    return this.one("u.email", email.toLowerCase());
  }

  async create(user: NewUser): Promise<UserRecord> {
    const [row] = await this.db.query<{ id: string }>(
      "INSERT INTO users (email, first_name, last_name, google_sub) VALUES ($1, $2, $3, $4) RETURNING id",
      [user.email.toLowerCase(), user.firstName, user.lastName, user.googleSub],
    );
    return (await this.findById(row!.id))!;
  }

  async linkGoogle(userId: string, googleSub: string): Promise<void> {
    await this.db.query("UPDATE users SET google_sub = $2 WHERE id = $1", [userId, googleSub]);
  }

  delete(userId: string): Promise<Record<string, number>> {
    return this.db.transaction(async (tx) => {
      const counted: Record<string, number> = {};
      const count = async (label: string, sql: string) => {
        const rows = await tx.query<{ n: number }>(sql, [userId]);
        counted[label] = Number(rows[0]?.n ?? 0);
      };
      await count("deals", "SELECT count(*)::int AS n FROM deals WHERE user_id = $1");
      await count("brands", "SELECT count(*)::int AS n FROM brands WHERE user_id = $1");
      await count("emails", "SELECT count(*)::int AS n FROM gmail_messages WHERE user_id = $1");
      await count("sessions", "SELECT count(*)::int AS n FROM sessions WHERE user_id = $1");
      await count("gmailGrants", "SELECT count(*)::int AS n FROM gmail_grants WHERE user_id = $1");
      // The landing page's early-access request is keyed by email, not by user, so no cascade reaches it.
      await count("earlyAccessRequests", `WITH gone AS (
        DELETE FROM early_access_requests WHERE email = (SELECT lower(email) FROM users WHERE id = $1) RETURNING 1)
        SELECT count(*)::int AS n FROM gone`);
      // Every other table that holds a user's rows references users with ON DELETE CASCADE.
      await tx.query("DELETE FROM users WHERE id = $1", [userId]);
      return counted;
    });
  }
}
