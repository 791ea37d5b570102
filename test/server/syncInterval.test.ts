import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqlPreferencesRepository } from "../../server/infrastructure/db/preferencesRepository";
import { DATABASES, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

describe.each(DATABASES)("a person's sync interval on %s", (database) => {
  let stack: Stack;
  let userId: string;
  const now = new Date("2026-11-24T12:00:00Z");
  const minutesAgo = (count: number) => new Date(now.getTime() - count * 60_000);
  const lastSyncedAt = (at: Date) => stack.server.db.query("UPDATE gmail_sync_state SET last_sync_at = $2 WHERE user_id = $1", [userId, at]);

  beforeAll(async () => {
    stack = await startStack({ database });
    const signedUp = await signUpWithGmail(stack, "new.user@example.com");
    userId = signedUp.user.id;
    await waitForSync(stack, signedUp.access_token);
  });
  afterAll(() => stack.close());

  it("follows the configured interval until the person chooses one, also after another setting made their row", async () => {
    const preferences = new SqlPreferencesRepository(stack.server.db, 60);
    expect((await preferences.get(userId)).syncIntervalMinutes).toBe(60);
    expect((await preferences.save(userId, { weeklyReport: false })).syncIntervalMinutes).toBe(60);
    expect((await preferences.get(userId)).syncIntervalMinutes).toBe(60);

    await lastSyncedAt(minutesAgo(45));
    expect(await preferences.dueForSync(now, 60)).not.toContain(userId);
    await lastSyncedAt(minutesAgo(61));
    expect(await preferences.dueForSync(now, 60)).toContain(userId);

    expect((await preferences.save(userId, { syncIntervalMinutes: 15 })).syncIntervalMinutes).toBe(15);
    await lastSyncedAt(minutesAgo(16));
    expect(await preferences.dueForSync(now, 60)).toContain(userId);
    expect((await preferences.save(userId, { weeklyReport: true })).syncIntervalMinutes).toBe(15);
  });
});
