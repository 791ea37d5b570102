/**
 * npx tsx bench/server.ts : prints the sync throughput against the emulator (quota throttle off) and the latency of
 * GET /dashboard-products at 50 concurrent connections for a user with 5,000 deals, on PGlite, and also on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. `sync` or `dashboard` as argument runs one of them.
 */
import http from "node:http";
import { api, signUpWithGmail, startStack, waitForSync } from "../test/server/support/stack";
import { generatedPromotion } from "../test/server/support/generatedMail";

const SYNC_MESSAGES = 2_000;
const DASHBOARD_DEALS = 5_000;
const CONNECTIONS = 50;
const DASHBOARD_SECONDS = 10;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function benchSync(database: "pglite" | "postgres"): Promise<void> {
  const stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
  try {
    const start = Date.now() - 86_400_000;
    for (let index = 0; index < SYNC_MESSAGES; index++) {
      stack.emulator.addMessage("new.user@example.com", generatedPromotion(index, new Date(start + index * 1000)), ["CATEGORY_PROMOTIONS"]);
    }
    const began = performance.now();
    const { access_token: token } = await signUpWithGmail(stack, "new.user@example.com");
    const status = await waitForSync(stack, token, 600_000);
    const seconds = (performance.now() - began) / 1000;
    console.info(`[${database}] sync: ${SYNC_MESSAGES} messages in ${seconds.toFixed(1)} s = ${(SYNC_MESSAGES / seconds).toFixed(0)} messages/s end to end (${status.gmail_sync_progress})`);
  } finally {
    await stack.close();
  }
}

async function benchDashboard(database: "pglite" | "postgres"): Promise<void> {
  const stack = await startStack({ database });
  try {
    const { access_token: token, user } = await signUpWithGmail(stack, "new.user@example.com");
    // Seed 5,000 deals through the sync's own storage path.
    const { syncState } = stack.server.services;
    const ids = Array.from({ length: DASHBOARD_DEALS }, (_, index) => `bench-${index}`);
    await syncState.addPending(user.id, ids);
    for (let index = 0; index < DASHBOARD_DEALS; index++) {
      const brand = `Brand ${index % 120}`;
      await syncState.storeProcessed(user.id, { gmailId: ids[index]!, sender: brand, subject: `Offer ${index}`, sentAt: new Date(Date.now() - (index % 60) * 86_400_000) }, [{
        brand,
        brandDomain: `brand${index % 120}.test`,
        title: `${10 + (index % 50)}% off offer ${index}`,
        description: `Save on everything at ${brand} with this offer.`,
        category: (["Fashion", "Home", "Beauty", "Pets", "Health", "Shopping"] as const)[index % 6]!,
        promoCodes: [`CODE${index}`],
        discount: `${10 + (index % 50)}% off`,
        terms: [],
        expirationDate: new Date(Date.now() + ((index % 40) - 10) * 86_400_000).toISOString().slice(0, 10),
        dealUrl: `https://brand${index % 120}.test/sale`,
        imageUrls: [],
        source: "text",
      }]);
    }
    const check = await api(stack, "GET", "/dashboard-products", { token });
    const dealCount = (check.body as { deals: unknown[] }).deals.length;

    const latencies: number[] = [];
    const deadline = performance.now() + DASHBOARD_SECONDS * 1000;
    const url = new URL(`${stack.apiUrl}/dashboard-products`);
    // node:http with keep-alive, reading the body as sent (gzip, as a browser asks for it) without decoding it here,
    // so the measuring client takes as little as possible of the CPU the server runs on.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let bytes = 0;
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } }, (response) => {
          let size = 0;
          response.on("data", (chunk: Buffer) => (size += chunk.length));
          response.on("end", () => (response.statusCode === 200 ? resolve(size) : reject(new Error(`dashboard answered ${response.statusCode}`))));
        });
        request.on("error", reject);
      });
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const began = performance.now();
          bytes = await get();
          latencies.push(performance.now() - began);
        }
      }),
    );
    agent.destroy();
    latencies.sort((a, b) => a - b);
    console.info(
      `[${database}] GET /dashboard-products with ${dealCount} deals, ${CONNECTIONS} connections, ${DASHBOARD_SECONDS} s: ` +
        `${(bytes / 1024).toFixed(0)} KB gzip per response, ${latencies.length} requests, ${(latencies.length / DASHBOARD_SECONDS).toFixed(0)}/s, ` +
        `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
    );
  } finally {
    await stack.close();
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const databases: ("pglite" | "postgres")[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];
const only = process.argv[2];
for (const database of databases) {
  if (only !== "dashboard") await benchSync(database);
  if (only !== "sync") await benchDashboard(database);
}
