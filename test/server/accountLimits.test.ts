import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { ApiErrorCodec, PairingCodeCodec, TestReportCodec } from "../../src/contract";
import { ACCOUNT_LIMITS, tryAgainIn } from "../../src/domain/requestLimits";
import { loadConfig } from "../../server/config";
import { composeServer, type ComposedServer } from "../../server/compose";
import type { Database } from "../../server/infrastructure/db/database";
import { DATABASES, decode, listeningOnFreePort, freshPostgresSchema, startStack, type Stack } from "./support/stack";

/** A request as a load balancer in TRUST_PROXY passes it on: X-Forwarded-For names the client's address. */
async function from(apiUrl: string, address: string, method: string, path: string, token: string, body?: unknown, rawBody?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, "x-forwarded-for": address };
  const sent = rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined);
  if (sent !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${apiUrl}${path}`, { method, headers, ...(sent !== undefined ? { body: sent } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, retryAfter: response.headers.get("retry-after") };
}

/** A new address for every request: the limit must hold whichever address each request comes from. */
let lastOctets = 0;
const anotherAddress = () => {
  lastOctets += 1;
  return `198.51.${Math.floor(lastOctets / 250)}.${(lastOctets % 250) + 1}`;
};

let serial = 0;

/** A person with one deal to report, and an access token of theirs. */
async function person(server: ComposedServer): Promise<{ id: string; email: string; token: string }> {
  const email = `limited-${(serial += 1)}-${randomBytes(3).toString("hex")}@example.com`;
  const [user] = await server.db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [email]);
  await seedDeal(server.db, user!.id);
  return { id: user!.id, email, token: (await server.services.sessions.start(user!.id)).access_token };
}

async function seedDeal(db: Database, userId: string): Promise<void> {
  const [brand] = await db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name, is_active) VALUES ($1, 'torqhaven.com', 'Torqhaven', true) RETURNING id", [userId]);
  await db.query(
    `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, discount, expiration_date, source)
     VALUES ($1, $2, 'm1', 'PADS25', 'Brake pads', '', 'Automotive', $3, '25% off', NULL, 'text')`,
    [userId, brand!.id, ["PADS25"]],
  );
}

/** Checks a refusal past an account's limit: a 429 whose Retry-After and sentence say when to try again. */
function expectRefusedUntilTheWindowEnds(answer: Awaited<ReturnType<typeof from>>, limit: { max: number; windowMinutes: number }) {
  expect(answer.status).toBe(429);
  const error = decode(ApiErrorCodec, answer.body);
  expect(error.code).toBe("rate_limited");
  const retryAfter = Number(answer.retryAfter);
  expect(retryAfter).toBeGreaterThan(limit.windowMinutes * 60 - 120);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowMinutes * 60);
  expect(error.message).toContain(`one account may ask for ${limit.max} an hour`);
  expect(error.message).toMatch(new RegExp(`Please try again in ${Math.ceil(retryAfter / 60)} minutes\\.$`));
}

describe.each(DATABASES)("limits per account, whichever address asks, on %s", (database) => {
  let sink: MailSink;
  let stack: Stack;

  beforeAll(async () => {
    sink = await startMailSink();
    // Behind a load balancer, so that each request may come from another address; the per-address limit stays as it is.
    stack = await startStack({ database, env: { SMTP_URL: sink.smtpUrl, TRUST_PROXY: "127.0.0.0/8,::1", AUTH_RATE_LIMIT_PER_MINUTE: "60" } });
  });
  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  it("sends ten test reports an hour to one account, and refuses the eleventh whichever address sends it", async () => {
    const reader = await person(stack.server);
    for (let attempt = 0; attempt < ACCOUNT_LIMITS.testReport.max; attempt++) {
      const sent = await from(stack.apiUrl, anotherAddress(), "POST", "/reports/test", reader.token);
      expect({ attempt, status: sent.status }).toEqual({ attempt, status: 200 });
      expect(decode(TestReportCodec, sent.body).message).toBe(`Test report sent to ${reader.email}.`);
    }
    const eleventh = await from(stack.apiUrl, anotherAddress(), "POST", "/reports/test", reader.token);
    expectRefusedUntilTheWindowEnds(eleventh, ACCOUNT_LIMITS.testReport);
    expect(decode(ApiErrorCodec, eleventh.body).message).toMatch(/^Too many test reports/);
    expect(sink.messages().filter((message) => message.envelopeTo.includes(reader.email))).toHaveLength(ACCOUNT_LIMITS.testReport.max);

    // Another account is not held back, even from an address the first one used.
    const other = await person(stack.server);
    expect((await from(stack.apiUrl, "198.51.0.2", "POST", "/reports/test", other.token)).status).toBe(200);
  });

  it("counts a request its address's limit refused, or a malformed one, against no account", async () => {
    const reader = await person(stack.server);
    const address = anotherAddress();
    for (let attempt = 0; attempt < 60; attempt++) {
      const malformed = await from(stack.apiUrl, address, "POST", "/extension/pairing-codes", reader.token, undefined, "{");
      expect({ attempt, status: malformed.status }).toEqual({ attempt, status: 400 });
    }
    const refused = await from(stack.apiUrl, address, "POST", "/extension/pairing-codes", reader.token);
    expect(refused.status).toBe(429);
    // The address's limit, of a minute, says its wait too: the sentence and Retry-After agree.
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(decode(ApiErrorCodec, refused.body).message).toBe(`Too many requests. Please try again ${tryAgainIn(Number(refused.retryAfter))}.`);
    // The account's own allowance is whole.
    for (let attempt = 0; attempt < ACCOUNT_LIMITS.pairingCode.max; attempt++) {
      const paired = await from(stack.apiUrl, anotherAddress(), "POST", "/extension/pairing-codes", reader.token);
      expect({ attempt, status: paired.status }).toEqual({ attempt, status: 201 });
      decode(PairingCodeCodec, paired.body);
    }
    expectRefusedUntilTheWindowEnds(await from(stack.apiUrl, anotherAddress(), "POST", "/extension/pairing-codes", reader.token), ACCOUNT_LIMITS.pairingCode);
  });

  it("counts sync starts of both routes toward one limit", async () => {
    // Gmail is not connected: each start is refused for that, and is counted all the same.
    const reader = await person(stack.server);
    for (let attempt = 0; attempt < ACCOUNT_LIMITS.syncStart.max; attempt++) {
      const [path, body] = attempt % 2 === 0 ? ["/sync-gmail", undefined] : ["/gmail/sync", {}];
      const started = await from(stack.apiUrl, anotherAddress(), "POST", path, reader.token, body);
      expect({ attempt, code: decode(ApiErrorCodec, started.body).code }).toEqual({ attempt, code: "gmail_not_connected" });
    }
    expectRefusedUntilTheWindowEnds(await from(stack.apiUrl, anotherAddress(), "POST", "/sync-gmail", reader.token), ACCOUNT_LIMITS.syncStart);
    expectRefusedUntilTheWindowEnds(await from(stack.apiUrl, anotherAddress(), "POST", "/gmail/sync", reader.token, {}), ACCOUNT_LIMITS.syncStart);
  });
});

/** Two API servers composed on one PostgreSQL database (PGlite is one process's own), as two processes would run. */
describe.each(DATABASES.filter((database) => database === "postgres"))("the test report's limit across two API servers, on %s", () => {
  let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
  let sink: MailSink;
  const servers: { server: ComposedServer; apiUrl: string; dataDir: string }[] = [];

  beforeAll(async () => {
    schema = await freshPostgresSchema();
    sink = await startMailSink();
    // One signing key, as a deployment's processes share: a session opened on one is good on the other.
    const keys = { SESSION_SIGNING_KEY: randomBytes(32).toString("base64"), TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64") };
    // One after the other: the first applies the migrations.
    for (let index = 0; index < 2; index++) {
      const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-account-limits-"));
      const { server, port } = await listeningOnFreePort((port) => {
        const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "0", SMTP_URL: sink.smtpUrl, ...keys });
        config.database = { databaseUrl: schema.url };
        config.staticDir = null;
        return composeServer(config, { checkReplies: true });
      });
      servers.push({ server, apiUrl: `http://127.0.0.1:${port}/api`, dataDir });
    }
  });
  afterAll(async () => {
    for (const { server, dataDir } of servers) {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await sink?.close();
    await schema?.drop();
  });

  it("refuses the eleventh in an hour in total, whichever server each request went to", async () => {
    const reader = await person(servers[0]!.server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ACCOUNT_LIMITS.testReport.max; attempt++) {
      statuses.push((await from(servers[attempt % 2]!.apiUrl, "127.0.0.1", "POST", "/reports/test", reader.token)).status);
    }
    expect(statuses).toEqual([...Array<number>(ACCOUNT_LIMITS.testReport.max).fill(200), 429]);
  });
});
