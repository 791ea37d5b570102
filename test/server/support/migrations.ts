import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";
import type { Database } from "../../../server/infrastructure/db/database";

const MIGRATIONS = fileURLToPath(new URL("../../../server/infrastructure/db/migrations/", import.meta.url));

/** The migration files, in the order they are applied. */
export const MIGRATION_FILES: readonly string[] = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith(".sql"))
  .sort();

/**
 * A database as it stood before `migration`: every migration before it applied, and recorded as applied, so that a
 * test can store data the old way and then see `migrate` bring it over.
 */
export async function databaseBefore(db: Database, migration: string): Promise<void> {
  await db.exec("CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
  for (const file of MIGRATION_FILES.filter((name) => name < migration)) {
    await db.exec(readFileSync(join(MIGRATIONS, file), "utf8"));
    await db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
  }
}

/** The SQLSTATE a statement is refused with (23514 for a broken CHECK), or null when it runs. */
export function refusalCode(db: Database, sql: string, params: unknown[]): Promise<string | null | undefined> {
  return db.query(sql, params).then(() => null, (error: { code?: string }) => error.code);
}

interface OpenedDatabase {
  db: Database;
  drop?: () => Promise<void>;
}

/**
 * A throwaway database for each test of a describe that calls this, opened by `open` (as openTestDatabase does) and
 * closed and dropped after the test.
 */
export function migrationDatabases(open: () => Promise<OpenedDatabase>) {
  let opened: OpenedDatabase | undefined;
  afterEach(async () => {
    const done = opened;
    opened = undefined;
    await done?.db.close();
    await done?.drop?.();
  });
  const empty = async (): Promise<Database> => {
    opened = await open();
    return opened.db;
  };
  return {
    /** With no migration applied. */
    empty,
    /** As it stood before `migration` (databaseBefore). */
    async before(migration: string): Promise<Database> {
      const db = await empty();
      await databaseBefore(db, migration);
      return db;
    },
  };
}
