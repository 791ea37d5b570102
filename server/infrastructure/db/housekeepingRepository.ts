import type { HousekeepingRepository, PurgedCounts } from "../../application/housekeeping";
import type { Database } from "./database";

/** How long a test report's row stays in the sent log, for support questions ("did my test report go out?"). */
const TEST_REPORT_LOG_DAYS = 7;
/**
 * How long the new deals' counts per quarter hour stored are kept: the dashboard reads those since the person's
 * midnight, never more than a day (25 hours on a day clocks go back) before now in any zone.
 */
const NEW_DEAL_COUNTS_HOURS = 48;

export class SqlHousekeepingRepository implements HousekeepingRepository {
  constructor(private readonly db: Database) {}

  async purgeExpired(now: Date): Promise<PurgedCounts> {
    const states = await this.db.query("DELETE FROM oauth_states WHERE expires_at <= $1 RETURNING 1", [now]);
    // A used code is never accepted again, so it has no reason to stay.
    const codes = await this.db.query("DELETE FROM login_codes WHERE expires_at <= $1 OR used_at IS NOT NULL RETURNING 1", [now]);
    const pairingCodes = await this.db.query("DELETE FROM extension_pairing_codes WHERE expires_at <= $1 RETURNING 1", [now]);
    // A lapsed extension session can never be refreshed again; its refresh tokens go with it (ON DELETE CASCADE).
    const sessions = await this.db.query("DELETE FROM extension_sessions WHERE expires_at <= $1 RETURNING 1", [now]);
    // A test report's sent-log row guards nothing once it is sent (each test has a period of its own).
    const testReports = await this.db.query(
      "DELETE FROM email_sends WHERE kind = 'test' AND claimed_at <= $1 RETURNING 1",
      [new Date(now.getTime() - TEST_REPORT_LOG_DAYS * 86_400_000)],
    );
    const newDealCounts = await this.db.query("DELETE FROM dashboard_found_counts WHERE found_quarter < $1 RETURNING 1", [
      new Date(now.getTime() - NEW_DEAL_COUNTS_HOURS * 3_600_000),
    ]);
    // The embedded database runs no autovacuum: its planner statistics are refreshed here, hourly, as the deals grow.
    if (this.db.kind === "pglite") await this.db.exec("ANALYZE");
    return { oauthStates: states.length, loginCodes: codes.length, extensionPairingCodes: pairingCodes.length, extensionSessions: sessions.length, testReports: testReports.length, newDealCounts: newDealCounts.length };
  }
}
