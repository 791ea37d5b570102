// @module-tag runtime
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../../server/infrastructure/db/migrate";
import { openDatabase, type Database } from "../../server/infrastructure/db/database";
import { MIGRATION_FILES } from "./support/migrations";
import { DATABASES, freshPostgresSchema } from "./support/stack";

/** Processes starting at once on one PostgreSQL server (API and workers, a rolling restart) each run the migrations. */
describe.each(DATABASES.filter((database) => database === "postgres"))("migrations run by several processes at once, on %s", () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    for (const db of opened) await db.close();
    await drop?.();
  });

  it("are applied once each, by one of them, and none fails", async () => {
    const schema = await freshPostgresSchema();
    drop = schema.drop;
    for (let process = 0; process < 3; process++) opened.push(await openDatabase({ databaseUrl: schema.url }));
    const appliedBy = await Promise.all(opened.map((db) => migrate(db)));
    expect(appliedBy.flat().sort()).toEqual(MIGRATION_FILES);
    const recorded = await opened[0]!.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(recorded.map((row) => row.version)).toEqual(MIGRATION_FILES);
    expect(await migrate(opened[1]!)).toEqual([]);
  });
});
