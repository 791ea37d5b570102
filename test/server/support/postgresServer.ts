import type { TestProject } from "vitest/node";
// The scripts' own module, shared with `npm start -- --postgres`.
import { EmbeddedPostgresError, newPassword, startEmbeddedPostgres, type EmbeddedPostgres } from "../../../scripts/embedded-postgres.mjs";

/**
 * The server tests' global set-up: they run on PGlite and on a real PostgreSQL server, TEST_DATABASE_URL's when it is
 * set, otherwise one started for this run from the npm registry's binaries and removed afterwards. Nothing is skipped:
 * when no PostgreSQL can be had, the run stops with the reason.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return async () => {};
  let server: EmbeddedPostgres;
  try {
    server = await startEmbeddedPostgres({ password: newPassword() });
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresError)) throw error;
    const refusal = new Error(`No PostgreSQL for the server tests: ${error.message}.`);
    refusal.stack = refusal.message;
    throw refusal;
  }
  // The test files read it from the environment, which the workers inherit.
  process.env.TEST_DATABASE_URL = server.url;
  project.vitest.logger.log(`PostgreSQL ${server.version} started for the server tests (TEST_DATABASE_URL is not set).`);
  return () => server.stop();
}
