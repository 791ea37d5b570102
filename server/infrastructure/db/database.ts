import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** The one thing the repositories need from PostgreSQL, whether embedded (PGlite) or a server (node-postgres). */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends SqlExecutor {
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs a script of several statements and answers the rows of the last one (the job queue's scripts). */
  script<Row = Record<string, unknown>>(sql: string): Promise<Row[]>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
}

class PgliteDatabase implements Database {
  readonly kind = "pglite";
  constructor(private readonly db: PGlite) {}

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.db.query<Row>(sql, params as unknown[])).rows;
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows }),
    );
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async script<Row>(sql: string): Promise<Row[]> {
    return ((await this.db.exec(sql)).at(-1)?.rows ?? []) as Row[];
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

class PostgresDatabase implements Database {
  readonly kind = "postgres";
  constructor(private readonly pool: pg.Pool) {}

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.pool.query(sql, params as unknown[])).rows as Row[];
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work({
        query: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as Row[],
      });
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async script<Row>(sql: string): Promise<Row[]> {
    // A script of several statements answers one result per statement; a single statement, its result alone.
    const results: pg.QueryResult | pg.QueryResult[] = await this.pool.query(sql);
    return ((Array.isArray(results) ? results.at(-1)?.rows : results.rows) ?? []) as Row[];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

// DATE columns stay 'YYYY-MM-DD' strings on both drivers: a deal's expiry is a calendar date, not an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const pgliteParsers = { [pg.types.builtins.DATE]: (value: string) => value };

export type DatabaseLocation = { databaseUrl: string } | { dataDir: string } | { inMemory: true };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ("databaseUrl" in location) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 10 });
    // An idle pooled connection that drops (the server restarts, fails over, or is out of reach) is reported here, and
    // with no listener would end the process. The pool opens a new one for the next query, which fails if none can be.
    pool.on("error", () => undefined);
    await pool.query("SELECT 1");
    return new PostgresDatabase(pool);
  }
  if ("dataDir" in location) {
    mkdirSync(location.dataDir, { recursive: true, mode: 0o700 });
    return new PgliteDatabase(await PGlite.create(`${location.dataDir}/pglite`, { parsers: pgliteParsers }));
  }
  return new PgliteDatabase(await PGlite.create({ parsers: pgliteParsers }));
}
