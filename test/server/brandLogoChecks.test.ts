// @module-tag runtime
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Deal } from "../../src/domain/deal";
import { ImageLinks } from "../../server/application/images/imageLinks";
import { ImageProxy } from "../../server/application/images/imageProxy";
import { BrandLogoChecks } from "../../server/application/images/brandLogoChecks";
import type { JobQueue } from "../../server/application/jobs/jobQueue";
import { systemClock } from "../../server/application/ports";
import type { Database } from "../../server/infrastructure/db/database";
import { SqlDataVersions } from "../../server/infrastructure/db/dataVersionsRepository";
import { SqlLogoChecksRepository } from "../../server/infrastructure/db/logoChecksRepository";
import { HttpImageFetcher } from "../../server/infrastructure/images/httpImageFetcher";
import { api, DATABASES, openMigratedTestDatabase, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { wholeDashboard } from "./support/dashboard";
import { startImageServer, type ImageServer } from "./support/imageServer";
import { waitForLogoChecks } from "./support/logoChecks";
import { ACCOUNT, header, promotion, PROMOTIONS } from "./support/logoMail";

/** The address a proxy path names, as the server signed it ("logo " and the address). */
const targetOf = (path: string) => Buffer.from(path.split("/").at(-1)!, "base64url").toString("utf8");

describe.each(DATABASES)("brand logos are checked once before they are offered, on %s", (database) => {
  let stack: Stack;
  let images: ImageServer;
  let token: string;
  let deals: Deal[];
  const dealOf = (brand: string) => deals.find((deal) => deal.brand === brand)!;
  // The emulator serves the demo's drawn logos, and a 404 for any other name.
  const demoLogo = (name: string) => `${stack.emulator.baseUrl}/demo-images/${name}`;
  const brandRow = async (name: string) =>
    (await stack.server.db.query<{ logo_url: string | null; logo_state: string; logo_checked_at: Date | string | null }>(
      "SELECT logo_url, logo_state, logo_checked_at FROM brands WHERE name = $1",
      [name],
    ))[0]!;
  const failuresOf = async (name: string) =>
    (await stack.server.db.query<{ url: string; reason: string }>("SELECT f.url, f.reason FROM brand_logo_failures f JOIN brands b ON b.id = f.brand_id WHERE b.name = $1", [name]));
  const requestsFor = (path: string) => images.requests.filter((request) => request.path === path).length;
  const dashboard = async () => {
    await waitForLogoChecks(stack.server.db);
    deals = (await wholeDashboard(stack, token)).deals;
  };

  beforeAll(async () => {
    images = await startImageServer();
    stack = await startStack({ database, env: { IMAGE_PROXY_ALLOWED_HOSTS: "127.0.0.1" } });
    const mail = [
      promotion("Goodlogo", 1, header("Goodlogo", demoLogo("ambergloss-logo.png"))),
      promotion("Gonelogo", 2, header("Gonelogo", demoLogo("gone-logo.png"))),
      // On a server that counts its requests: a 404 too.
      promotion("Counted", 3, header("Counted", `${images.origin}/gone-logo.png`)),
      // Plain http to a host the proxy does not allow (the image server, by another name): refused unsent.
      promotion("Hostile", 4, header("Hostile", `http://localhost:${images.port}/photo.png`)),
    ];
    for (const raw of mail) stack.emulator.addMessage(ACCOUNT, raw, PROMOTIONS);
    ({ access_token: token } = await signUpWithGmail(stack, ACCOUNT));
    await waitForSync(stack, token);
    await dashboard();
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await images?.close();
  });

  it("offers the logo that loads, and no answer of the API points at the one that fails", async () => {
    const [path] = dealOf("Goodlogo").brandLogoUrls!;
    expect(targetOf(path!)).toBe(`logo ${demoLogo("ambergloss-logo.png")}`);
    const served = await fetch(`${stack.baseUrl}${path}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(await brandRow("Goodlogo")).toMatchObject({ logo_state: "ok", logo_checked_at: expect.anything() });

    expect(dealOf("Gonelogo").brandLogoUrls).toEqual([]);
    expect(await brandRow("Gonelogo")).toMatchObject({ logo_state: "failed", logo_checked_at: expect.anything() });
    expect(await failuresOf("Gonelogo")).toEqual([{ url: demoLogo("gone-logo.png"), reason: "upstream_status" }]);
    // Neither its address nor a signed path to it, in the dashboard, any deal's details or any brand's page.
    const signedGone = new ImageLinks(stack.config.sessionSigningKey).logoPath(demoLogo("gone-logo.png"))!;
    const answers = [
      await api(stack, "GET", "/dashboard-products", { token }),
      ...(await Promise.all(deals.map((deal) => api(stack, "GET", `/deals/${deal.id}`, { token })))),
      ...(await Promise.all([...new Set(deals.map((deal) => deal.brandId))].map((brandId) => api(stack, "GET", `/brands/${brandId}`, { token })))),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain("gone-logo");
      expect(text).not.toContain(signedGone.split("/").at(-1));
    }
    // The good logo does reach the deal's details as well, so the scan above looked where logos are.
    expect(JSON.stringify(answers.map((answer) => answer.body))).toContain(path!.split("/").at(-1));
  });

  it("refuses a hostile address without a connection, and fetches a failing one once", async () => {
    expect(dealOf("Hostile").brandLogoUrls).toEqual([]);
    expect((await failuresOf("Hostile")).map((failure) => failure.reason)).toEqual(["address_refused"]);
    expect(requestsFor("/photo.png")).toBe(0);
    expect(dealOf("Counted").brandLogoUrls).toEqual([]);
    expect(requestsFor("/gone-logo.png")).toBe(1);
  });

  it("does not check a failed address again when later mail names it before its retry time, but takes and checks a different one", async () => {
    const countedBefore = await brandRow("Counted");
    stack.emulator.addMessage(ACCOUNT, promotion("Counted", 5, header("Counted", `${images.origin}/gone-logo.png`)), PROMOTIONS);
    stack.emulator.addMessage(ACCOUNT, promotion("Gonelogo", 6, header("Gonelogo", demoLogo("bluegannet-logo.png"))), PROMOTIONS);
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    await waitForSync(stack, token);
    await dashboard();

    expect(deals.filter((deal) => deal.brand === "Counted")).toHaveLength(2);
    for (const deal of deals.filter((shown) => shown.brand === "Counted")) expect(deal.brandLogoUrls).toEqual([]);
    expect(requestsFor("/gone-logo.png")).toBe(1);
    expect(await brandRow("Counted")).toEqual(countedBefore);

    // A different address, though no better evidence than the one that failed, is taken, checked and offered.
    for (const deal of deals.filter((shown) => shown.brand === "Gonelogo")) {
      expect(deal.brandLogoUrls!.map(targetOf)).toEqual([`logo ${demoLogo("bluegannet-logo.png")}`]);
    }
    expect(await brandRow("Gonelogo")).toMatchObject({ logo_url: demoLogo("bluegannet-logo.png"), logo_state: "ok" });

    // Past its retry time, a mail naming the failed address has it checked once more (the proxy's memory of the
    // refusal, kept ten minutes, answers here) and remembered again.
    const retryAfter = async () =>
      new Date((await stack.server.db.query<{ retry_after: Date | string }>("SELECT retry_after FROM brand_logo_failures WHERE url = $1", [`${images.origin}/gone-logo.png`]))[0]!.retry_after).getTime();
    await stack.server.db.query("UPDATE brand_logo_failures SET retry_after = now() - interval '1 minute' WHERE url = $1", [`${images.origin}/gone-logo.png`]);
    stack.emulator.addMessage(ACCOUNT, promotion("Counted", 7, header("Counted", `${images.origin}/gone-logo.png`)), PROMOTIONS);
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    await waitForSync(stack, token);
    await dashboard();
    expect(await retryAfter()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await brandRow("Counted")).logo_checked_at).not.toEqual(countedBefore.logo_checked_at);
    expect(await brandRow("Counted")).toMatchObject({ logo_state: "failed" });
    for (const deal of deals.filter((shown) => shown.brand === "Counted")) expect(deal.brandLogoUrls).toEqual([]);
  });
});

describe.each(DATABASES)("a run of the brand logos' checks, on %s", (database) => {
  let db: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let images: ImageServer | undefined;
  afterEach(async () => {
    await db?.close();
    await drop?.();
    await images?.close();
    db = undefined;
    drop = undefined;
    images = undefined;
  });

  // The checks queue nothing themselves: only a sync's storing sends their job.
  const noQueue = new Proxy({}, { get: () => () => Promise.reject(new Error("no queue in this test")) }) as JobQueue;

  it("checks at most its cap of one person's logos a run, queues the person's next run while some may be left, and drops the cached dashboard when one loads", async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    images = await startImageServer();
    const [ada, bo] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('ada@example.com'), ('bo@example.com') RETURNING id");
    // Two that load, then three that answer 404; and someone else's tracking pixel, which is no logo.
    // Stored a second apart, so "oldest first" has one answer (two rows stored in the same instant would tie).
    const storedAt = (second: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, second));
    for (const [index, path] of ["/photo.png", "/photo-labelled-jpeg", "/gone-1.png", "/gone-2.png", "/gone-3.png"].entries()) {
      await db.query("INSERT INTO brands (user_id, domain, name, logo_url, logo_rank, created_at) VALUES ($1, $2, $3, $4, 1, $5)", [
        ada!.id,
        `shop-${index}.test`,
        `Shop ${index}`,
        `${images.origin}${path}`,
        storedAt(index),
      ]);
    }
    await db.query("INSERT INTO brands (user_id, domain, name, logo_url, logo_rank, created_at) VALUES ($1, 'other.test', 'Other', $2, 1, $3)", [
      bo!.id,
      `${images.origin}/open-image`,
      storedAt(5),
    ]);
    const versions = new SqlDataVersions(db);
    const versionBefore = await versions.of(ada!.id);
    const proxy = new ImageProxy(new ImageLinks(Buffer.alloc(32, 7)), new HttpImageFetcher(["127.0.0.1"]), { cacheBytes: 1024 * 1024 });
    // The queue as the person's next run would be sent to it: by name, for whom, under the person's key.
    const sent: unknown[] = [];
    const queue = { send: async (...job: unknown[]) => void sent.push(job) } as unknown as JobQueue;
    const checks = new BrandLogoChecks(new SqlLogoChecksRepository(db), proxy, versions, queue, systemClock, () => {}, { perPersonRun: 2, perSweep: 3, concurrency: 2 });

    expect(await checks.checkPerson(ada!.id)).toBe(2);
    expect(images.requests).toHaveLength(2);
    expect(await versions.of(ada!.id)).toBeGreaterThan(versionBefore);
    const states = async () => (await db!.query<{ logo_state: string }>("SELECT logo_state FROM brands ORDER BY created_at, id")).map((row) => row.logo_state);
    expect((await states()).filter((state) => state === "ok")).toHaveLength(2);
    // At its cap, the run queued the person's next one.
    expect(sent).toEqual([["check-logos", { userId: ada!.id }, { key: ada!.id }]]);

    // The sweep takes anyone's, oldest first, within its own cap.
    expect(await checks.sweep()).toBe(3);
    expect(await checks.sweep()).toBe(1);
    expect(await checks.sweep()).toBe(0);
    expect(await states()).toEqual(["ok", "ok", "failed", "failed", "failed", "failed"]);
    expect(images.requests).toHaveLength(6);

    // A run below its cap left nothing behind: it queues no other.
    await db.query("INSERT INTO brands (user_id, domain, name, logo_url, logo_rank, created_at) VALUES ($1, 'late.test', 'Late', $2, 1, $3)", [
      ada!.id,
      `${images.origin}/photo.png`,
      storedAt(6),
    ]);
    expect(await checks.checkPerson(ada!.id)).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("remembers a failure for a day when the host did not answer, and for a month when its answer was no logo", async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    images = await startImageServer();
    const [ada] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('ada@example.com') RETURNING id");
    // Port 1 refuses the connection: nothing answers there.
    for (const [index, url] of [`http://127.0.0.1:1/logo.png`, `${images.origin}/gone.png`].entries()) {
      await db.query("INSERT INTO brands (user_id, domain, name, logo_url, logo_rank) VALUES ($1, $2, $3, $4, 1)", [ada!.id, `shop-${index}.test`, `Shop ${index}`, url]);
    }
    const now = new Date("2026-11-27T12:00:00.000Z");
    const proxy = new ImageProxy(new ImageLinks(Buffer.alloc(32, 7)), new HttpImageFetcher(["127.0.0.1"]), { cacheBytes: 1024 * 1024 });
    const checks = new BrandLogoChecks(new SqlLogoChecksRepository(db), proxy, new SqlDataVersions(db), noQueue, { now: () => now });
    expect(await checks.checkPerson(ada!.id)).toBe(2);
    const failures = await db.query<{ reason: string; failed_at: Date | string; retry_after: Date | string }>("SELECT reason, failed_at, retry_after FROM brand_logo_failures ORDER BY reason");
    expect(failures.map((failure) => [failure.reason, new Date(failure.failed_at).toISOString(), new Date(failure.retry_after).toISOString()])).toEqual([
      ["unreachable", now.toISOString(), "2026-11-28T12:00:00.000Z"],
      ["upstream_status", now.toISOString(), "2026-12-27T12:00:00.000Z"],
    ]);
  });

  it("refuses an address no request may go to before any connection, and records why", async () => {
    ({ db, drop } = await openMigratedTestDatabase(database));
    images = await startImageServer();
    const [ada] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ('ada@example.com') RETURNING id");
    const hostile = [
      `http://localhost:${images.port}/photo.png`,
      "https://10.0.0.1/logo.png",
      "https://[::ffff:127.0.0.1]/logo.png",
      "http://169.254.169.254/latest/meta-data/logo.png",
    ];
    for (const [index, url] of hostile.entries()) {
      await db.query("INSERT INTO brands (user_id, domain, name, logo_url, logo_rank) VALUES ($1, $2, $3, $4, 1)", [ada!.id, `hostile-${index}.test`, `Hostile ${index}`, url]);
    }
    const proxy = new ImageProxy(new ImageLinks(Buffer.alloc(32, 7)), new HttpImageFetcher(["127.0.0.1"]), { cacheBytes: 1024 * 1024 });
    const checks = new BrandLogoChecks(new SqlLogoChecksRepository(db), proxy, new SqlDataVersions(db), noQueue, systemClock);
    const started = performance.now();
    expect(await checks.checkPerson(ada!.id)).toBe(4);
    // A connection attempt to 10.0.0.1 would wait for the fetch's time limit; nothing was even tried.
    expect(performance.now() - started).toBeLessThan(2500);
    expect(images.requests).toEqual([]);
    const failures = await db.query<{ url: string; reason: string }>("SELECT url, reason FROM brand_logo_failures ORDER BY url");
    expect(failures.map((failure) => failure.reason)).toEqual(["address_refused", "address_refused", "address_refused", "address_refused"]);
    expect(await db.query("SELECT 1 FROM brands WHERE logo_state <> 'failed'")).toEqual([]);
  });
});
