/** What a log line may say about an error. */
export interface ErrorLogRecord {
  /** The error's class, e.g. "GmailApiError", "StoreRefusedError", "DatabaseError". */
  error: string;
  /** Its code when it has one: a SQLSTATE ("23514"), a system error code ("ECONNREFUSED"). */
  code?: string;
  /** An HTTP status (a Gmail call that failed). */
  status?: number;
}

const NAME = /^\w{1,60}$/;
const CODE = /^[A-Za-z0-9_]{1,40}$/;

/**
 * An error as logs may carry it: its class and codes only. An error's message and fields can quote what it was about:
 * a database error's detail, "where" and parameters hold the rows of a failed statement (senders, subjects, titles,
 * codes), and a parser's message the text it choked on. Those never reach a log.
 */
export function errorLogRecord(error: unknown): ErrorLogRecord {
  if (!(error instanceof Error)) return { error: typeof error };
  const record: ErrorLogRecord = { error: NAME.test(error.name) ? error.name : "Error" };
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof code === "string" && CODE.test(code)) record.code = code;
  if (typeof status === "number" && Number.isInteger(status)) record.status = status;
  return record;
}
