import { describe, expect, it } from "vitest";
import { serverRole } from "../../../server/config";

describe("the server's role", () => {
  it("is all by default, and api or worker only on a PostgreSQL server", () => {
    expect(serverRole(undefined, undefined)).toBe("all");
    expect(serverRole("", "postgres://db/deals")).toBe("all");
    expect(serverRole("api", "postgres://db/deals")).toBe("api");
    expect(serverRole("worker", "postgres://db/deals")).toBe("worker");
    expect(() => serverRole("worker", undefined)).toThrow(
      "--role worker needs DATABASE_URL: API and worker processes share a PostgreSQL server; the embedded database runs everything in one process (--role all).",
    );
    expect(() => serverRole("api", "")).toThrow("--role api needs DATABASE_URL");
    expect(() => serverRole("scheduler", "postgres://db/deals")).toThrow('--role must be api, worker or all, not "scheduler".');
  });
});
