// @module-tag runtime
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { loadConfig } from "../../server/config";
import { composeServer, type ComposedServer } from "../../server/compose";
import { EMAIL_CONCURRENCY } from "../../server/application/reports/reportJobs";
import { DATABASES, freshPostgresSchema } from "./support/stack";
import { splitDeploymentEnv, startWorkerProcess, type ChildProgram } from "./support/processes";

/**
 * The weekly batch on real worker processes (`--role worker`) sharing one PostgreSQL database, one of them killed with
 * SIGKILL mid-batch: every person still gets exactly one report. The killed worker's mail server never answers, so it
 * dies holding claims in the sent log, in the middle of sending; the other worker takes those over once their lease
 * has passed. The per-minute tick is run here, through an API process's composition on the same database.
 */
const PEOPLE = 6;
const LEASE_SECONDS = 2;

/** An SMTP server that accepts connections and never says a word: a send to it hangs until its timeout. */
async function startSilentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(DATABASES.filter((database) => database === "postgres"))("the weekly batch on worker processes (%s)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-mail-workers-"));
  let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
  let sink: MailSink;
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  let env: Record<string, string>;
  let api: ComposedServer;
  const workers: ChildProgram[] = [];

  beforeAll(async () => {
    schema = await freshPostgresSchema();
    sink = await startMailSink();
    silent = await startSilentSmtp();
    env = {
      ...splitDeploymentEnv({ databaseUrl: schema.url, emulatorUrl: "http://127.0.0.1:9", dataDir }),
      MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
      MAIL_RETRY_DELAY_SECONDS: "1",
    };
    // The worker that will die first: it migrates the database and installs the queue.
    workers.push(await startWorkerProcess({ ...env, SMTP_URL: silent.url }));
    api = await composeServer({ ...loadConfig({ ...env, SMTP_URL: sink.smtpUrl }), role: "api" });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop("SIGKILL")));
    await api?.close();
    await silent?.close();
    await sink?.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("sends exactly one report to each person when a worker is killed mid-batch", async () => {
    // Everyone's report is due this very hour, in UTC.
    const now = new Date();
    const weekday = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
    const emails: string[] = [];
    for (let index = 0; index < PEOPLE; index++) {
      const email = `batch${index}@example.com`;
      const [user] = await api.db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [email]);
      const [brand] = await api.db.query<{ id: string }>("INSERT INTO brands (user_id, domain, name) VALUES ($1, 'torqhaven.com', 'Torqhaven') RETURNING id", [user!.id]);
      await api.db.query(
        `INSERT INTO deals (user_id, brand_id, gmail_id, code_key, title, description, category, promo_codes, source)
         VALUES ($1, $2, 'm1', 'SAVE10', 'Ten off brakes', '', 'Automotive', ARRAY['SAVE10'], 'text')`,
        [user!.id, brand!.id],
      );
      await api.db.query("INSERT INTO user_preferences (user_id, report_weekday, report_hour, time_zone) VALUES ($1, $2, $3, 'UTC')", [user!.id, weekday, now.getUTCHours()]);
      emails.push(email);
    }

    expect(await api.services.reports.queueDue()).toBe(PEOPLE);
    // The first worker claims as many sends as it runs at once and hangs on its silent mail server. Read before it has
    // claimed them all, the claims it dies holding would be too few.
    await expect
      .poll(async () => (await api.db.query("SELECT 1 FROM email_sends WHERE state = 'sending'")).length, { timeout: 20_000, interval: 50 })
      .toBe(EMAIL_CONCURRENCY);
    // Its sends hang for the SMTP timeout (20 s): these claims are the ones it dies holding.
    const held = (await api.db.query<{ user_id: string }>("SELECT user_id FROM email_sends WHERE state = 'sending' ORDER BY user_id")).map((row) => row.user_id);
    workers.push(await startWorkerProcess({ ...env, SMTP_URL: sink.smtpUrl }));
    await workers[0]!.stop("SIGKILL");

    // The next ticks after the lease send again what the dead worker held; nothing else.
    await expect
      .poll(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000));
          await api.services.reports.queueDue();
          return new Set(sink.messages().flatMap((message) => message.envelopeTo)).size;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(PEOPLE);
    await api.services.reports.queueDue();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const email of emails) expect(sink.messages().filter((message) => message.envelopeTo.includes(email)), email).toHaveLength(1);
    const rows = await api.db.query<{ user_id: string; state: string; attempts: number }>("SELECT user_id, state, attempts FROM email_sends ORDER BY user_id");
    expect(rows.map((row) => row.state)).toEqual(Array.from({ length: PEOPLE }, () => "sent"));
    // The claims the dead worker held, and only those, were taken over.
    expect(rows.filter((row) => row.attempts > 1).map((row) => row.user_id)).toEqual(held);
  }, 120_000);
});
