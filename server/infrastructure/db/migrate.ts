import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import type { Database } from "./database";

// Beside this file in the sources; beside the compiled bundle in dist-server/, where scripts/build-server.mjs copies them.
const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any constant shared by every version of this code: the key of the advisory lock that migrations take. */
const MIGRATION_LOCK_KEY = 160_010;

/**
 * Applies the numbered SQL files in migrations/ that this database has not seen yet, each in its own transaction;
 * answers those this call applied. Several processes may start at once on one PostgreSQL server (API and worker
 * processes, a rolling restart): each step holds the same transaction-scoped advisory lock, so one process applies a
 * migration while the others wait, then find it applied and go on.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  });
  const applied = new Set(
    (await db.query<{ version: string }>("SELECT version FROM schema_migrations")).map((row) => row.version),
  );
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_.+\.sql$/.test(file))
    .sort()
    .filter((file) => !applied.has(file));
  const appliedHere: string[] = [];
  for (const file of pending) {
    const statements = readFileSync(join(MIGRATIONS_DIR, file), "utf8");
    const appliedNow = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      if ((await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [file])).length > 0) return false;
      for (const statement of splitStatements(statements)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
      return true;
    });
    if (appliedNow) appliedHere.push(file);
  }
  return appliedHere;
}

/**
 * Migration files hold statements separated by semicolons at line ends; a function's body, between $$ quotes, is part
 * of its statement whatever it holds.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split("\n")) {
    current.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join("\n").replace(/;\s*$/, ""));
      current = [];
    }
  }
  statements.push(current.join("\n"));
  return statements.map((statement) => statement.replace(/^\s*--.*$/gm, "").trim()).filter((statement) => statement.length > 0);
}
