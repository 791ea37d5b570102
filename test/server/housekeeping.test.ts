import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Housekeeping } from "../../server/application/housekeeping";
import { SqlHousekeepingRepository } from "../../server/infrastructure/db/housekeepingRepository";
import { DATABASES, signUpWithGmail, startStack, type Stack } from "./support/stack";

describe.each(DATABASES)("housekeeping on %s", (database) => {
  let stack: Stack;
  let userId: string;
  beforeAll(async () => {
    stack = await startStack({ database });
    userId = (await signUpWithGmail(stack, "new.user@example.com")).user.id;
  });
  afterAll(() => stack.close());

  it("purges expired sign-in states, used or expired login codes, lapsed extension rows and old counts of new deals, and keeps the live ones", async () => {
    const { db } = stack.server;
    const now = new Date("2026-11-23T12:00:00Z");
    const minutes = (count: number) => new Date(now.getTime() + count * 60_000);
    await db.query("DELETE FROM oauth_states");
    await db.query("DELETE FROM login_codes");
    await db.query("DELETE FROM extension_pairing_codes");
    await db.query("DELETE FROM extension_sessions");
    for (const [hash, expires] of [["expired-state", minutes(-1)], ["live-state", minutes(5)]] as const) {
      await db.query("INSERT INTO oauth_states (state_hash, flow, code_verifier, nonce, browser_binding_hash, expires_at) VALUES ($1, 'signin', 'v', 'n', 'b', $2)", [hash, expires]);
    }
    const codes = [
      ["expired-code", minutes(-1), null],
      ["used-code", minutes(1), minutes(-1)],
      ["live-code", minutes(1), null],
    ] as const;
    for (const [hash, expires, used] of codes) {
      await db.query("INSERT INTO login_codes (code_hash, user_id, action, state_hash, expires_at, used_at) VALUES ($1, $2, 'signin', 's', $3, $4)", [hash, userId, expires, used]);
    }
    for (const [hash, expires] of [["expired-pairing", minutes(-1)], ["live-pairing", minutes(1)]] as const) {
      await db.query("INSERT INTO extension_pairing_codes (code_hash, user_id, expires_at) VALUES ($1, $2, $3)", [hash, userId, expires]);
    }
    for (const [hash, expires] of [["lapsed-session", minutes(-1)], ["live-session", minutes(60)]] as const) {
      await db.query(
        "INSERT INTO extension_sessions (user_id, created_at, expires_at, access_token_hash, access_expires_at) VALUES ($1, $2, $3, $4, $2)",
        [userId, minutes(-120), expires, hash],
      );
    }

    await db.query("DELETE FROM email_sends");
    for (const [period, claimed] of [["test:old", minutes(-8 * 24 * 60)], ["test:recent", minutes(-60)], ["weekly:2026-W40", minutes(-8 * 24 * 60)]] as const) {
      await db.query("INSERT INTO email_sends (user_id, period_key, kind, state, claimed_at) VALUES ($1, $2, $3, 'sent', $4)", [userId, period, period.split(":")[0], claimed]);
    }

    await db.query("DELETE FROM dashboard_found_counts");
    for (const quarter of [minutes(-49 * 60), minutes(-47 * 60)]) {
      await db.query("INSERT INTO dashboard_found_counts (user_id, found_quarter, end_date, status, n) VALUES ($1, $2, 'infinity', '', 3)", [userId, quarter]);
    }

    const housekeeping = new Housekeeping(new SqlHousekeepingRepository(db), { now: () => now });
    expect(await housekeeping.purge()).toEqual({ oauthStates: 1, loginCodes: 2, extensionPairingCodes: 1, extensionSessions: 1, testReports: 1, newDealCounts: 1 });

    expect((await db.query<{ state_hash: string }>("SELECT state_hash FROM oauth_states")).map((row) => row.state_hash)).toEqual(["live-state"]);
    expect((await db.query<{ code_hash: string }>("SELECT code_hash FROM login_codes")).map((row) => row.code_hash)).toEqual(["live-code"]);
    expect((await db.query<{ code_hash: string }>("SELECT code_hash FROM extension_pairing_codes")).map((row) => row.code_hash)).toEqual(["live-pairing"]);
    expect((await db.query<{ access_token_hash: string }>("SELECT access_token_hash FROM extension_sessions")).map((row) => row.access_token_hash)).toEqual(["live-session"]);
    // A weekly period's row is what keeps that report from going out twice: it stays.
    expect((await db.query<{ period_key: string }>("SELECT period_key FROM email_sends ORDER BY period_key")).map((row) => row.period_key)).toEqual(["test:recent", "weekly:2026-W40"]);
    // Two days back at most: no one's today reaches further.
    expect((await db.query<{ found_quarter: Date }>("SELECT found_quarter FROM dashboard_found_counts")).map((row) => new Date(row.found_quarter).toISOString())).toEqual([
      minutes(-47 * 60).toISOString(),
    ]);
    expect(await housekeeping.purge()).toEqual({ oauthStates: 0, loginCodes: 0, extensionPairingCodes: 0, extensionSessions: 0, testReports: 0, newDealCounts: 0 });
  });
});

describe("housekeeping on the embedded database", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ database: "pglite" });
  });
  afterAll(() => stack.close());

  it("refreshes the planner statistics, which no autovacuum gathers there", async () => {
    const { db } = stack.server;
    const analyzed = async () => (await db.query<{ last_analyze: Date | null }>("SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'deals'"))[0]?.last_analyze ?? null;
    const before = await analyzed();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await new Housekeeping(new SqlHousekeepingRepository(db), { now: () => new Date() }).purge();
    const after = await analyzed();
    expect(after).not.toBeNull();
    expect(after!.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });
});
