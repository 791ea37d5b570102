import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "../../../server/infrastructure/db/database";

const MIGRATIONS = fileURLToPath(new URL("../../../server/infrastructure/db/migrations/", import.meta.url));

/**
 * A database as it stood before `migration`: every migration before it applied, and recorded as applied, so that a
 * test can store data the old way and then see `migrate` bring it over.
 */
export async function databaseBefore(db: Database, migration: string): Promise<void> {
  await db.exec("CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
  for (const file of readdirSync(MIGRATIONS).filter((name) => name < migration).sort()) {
    await db.exec(readFileSync(`${MIGRATIONS}${file}`, "utf8"));
    await db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
  }
}
