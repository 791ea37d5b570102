import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardCodec } from "../../src/contract";
import { composeServer, type ComposedServer } from "../../server/compose";
import { SqlDataVersions } from "../../server/infrastructure/db/dataVersionsRepository";
import type { Database } from "../../server/infrastructure/db/database";
import { DATABASES, api, decode, listeningOnFreePort, openMigratedTestDatabase, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

describe.each(DATABASES)("data versions live in the database, on %s", (database) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("reads a bump made through another reader, per user", async () => {
    const [ada, bob] = (await db.query<{ id: string }>(
      "INSERT INTO users (email) VALUES ('ada@example.org'), ('bob@example.org') RETURNING id",
    )).map((row) => row.id);
    const [one, two] = [new SqlDataVersions(db), new SqlDataVersions(db)];
    expect(await two.of(ada!)).toBe(0);
    await one.bump(ada!);
    await one.bump(ada!);
    expect(await two.of(ada!)).toBe(2);
    expect(await two.of(bob!)).toBe(0);
    expect(await two.of("00000000-0000-4000-8000-000000000000")).toBe(0);
  });
});

// Two API processes share one database only on a PostgreSQL server (PGlite is one process's own).
describe.each(DATABASES.filter((kind) => kind === "postgres"))("two API servers on one %s database", (database) => {
  let stack: Stack;
  let second: ComposedServer;
  let secondApi: Pick<Stack, "apiUrl">;
  let token: string;

  beforeAll(async () => {
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    const { server, port } = await listeningOnFreePort((port) =>
      composeServer({ ...stack.config, port, publicUrl: `http://127.0.0.1:${port}` }, { checkReplies: true }),
    );
    second = server;
    secondApi = { apiUrl: `http://127.0.0.1:${port}/api` };
    token = (await signUpWithGmail(stack, "demo@example.com")).access_token;
    await waitForSync(stack, token);
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  const dashboardFrom = async (server: Pick<Stack, "apiUrl">) => decode(DashboardCodec, (await api(server, "GET", "/dashboard-products", { token })).body);

  it("serves from the other server, at once, a dashboard without the brand toggled through the first, and with its deal marked", async () => {
    const cached = await dashboardFrom(secondApi);
    expect(await dashboardFrom(secondApi)).toEqual(cached);
    const brandId = cached.deals[0]!.brandId;
    const dealId = cached.deals.find((deal) => deal.brandId !== brandId)!.id;

    expect((await api(stack, "POST", `/api/toggle_brand/${brandId}`, { token })).status).toBe(200);
    const hidden = await dashboardFrom(secondApi);
    expect(hidden.deals.some((deal) => deal.brandId === brandId)).toBe(false);
    expect(hidden.totalDeals).toBeLessThan(cached.totalDeals);

    expect((await api(stack, "PUT", `/deals/${dealId}/status`, { token, body: { status: "used" } })).status).toBe(200);
    const { deals, nextCursor } = await dashboardFrom(secondApi);
    const all = [...deals];
    for (let cursor = nextCursor; cursor !== null; ) {
      const page = (await api(secondApi, "GET", `/dashboard-products/deals?after=${cursor}`, { token })).body as { deals: typeof deals; nextCursor: string | null };
      all.push(...page.deals);
      cursor = page.nextCursor;
    }
    expect(all.find((deal) => deal.id === dealId)?.status).toBe("used");

    expect((await api(secondApi, "POST", `/api/toggle_brand/${brandId}`, { token })).status).toBe(200);
    expect((await dashboardFrom(stack)).deals.some((deal) => deal.brandId === brandId)).toBe(true);
  });
});
