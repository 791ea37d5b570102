import pg from "pg";
import { describe, expect, it } from "vitest";
import { errorLogRecord } from "../../../server/application/errorLogRecord";
import { GmailApiError } from "../../../server/application/ports";
import { StoreRefusedError } from "../../../server/application/repositories";

describe("errorLogRecord", () => {
  it("keeps a database error's SQLSTATE and drops its message, detail, where and parameters", () => {
    // As PostgreSQL answers a group commit holding a NUL: its "where" quotes the rows of the statement.
    const error = Object.assign(new pg.DatabaseError("unsupported Unicode escape sequence", 0, "error"), {
      code: "22P05",
      detail: "\\u0000 cannot be converted to text.",
      where: 'JSON data, line 1: [{"gmail_id":"1","subject":"Secret sale CODE123","sender":"Shop <a@shop.test>"...',
    });
    const record = errorLogRecord(error);
    expect(record).toEqual({ error: "error", code: "22P05" });
    expect(JSON.stringify(record)).not.toMatch(/Secret|CODE123|shop\.test|Unicode/);
  });

  it("keeps an HTTP status, and the class of our own errors", () => {
    expect(errorLogRecord(new GmailApiError("Requested entity was not found.", 404))).toEqual({ error: "GmailApiError", status: 404 });
    expect(errorLogRecord(new StoreRefusedError("23514"))).toEqual({ error: "StoreRefusedError", code: "23514" });
  });

  it("says only the kind of a thrown value that is not an error, and never a code that could carry text", () => {
    expect(errorLogRecord("subject: Secret sale")).toEqual({ error: "string" });
    expect(errorLogRecord(Object.assign(new Error("x"), { code: "Secret sale CODE123 at checkout" }))).toEqual({ error: "Error" });
    expect(errorLogRecord(Object.assign(new TypeError("x"), { name: "Secret sale!" }))).toEqual({ error: "Error" });
  });
});
