/** Types of embedded-postgres.mjs, for the TypeScript that starts it (the server tests' global set-up). */
export class EmbeddedPostgresError extends Error {}
export interface EmbeddedPostgres {
  url: string;
  /** Null when a server already running on the data folder was joined. */
  version: string | null;
  stop(): Promise<void>;
}
export function startEmbeddedPostgres(options: { dataDir?: string; password: string }): Promise<EmbeddedPostgres>;
export function newPassword(): string;
