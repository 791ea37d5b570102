import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";

// Real-Google settings, so that loading the configuration writes no demo secrets anywhere.
const BASE = {
  GOOGLE_CLIENT_ID: "client",
  GOOGLE_CLIENT_SECRET: "secret",
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  SESSION_SIGNING_KEY: randomBytes(32).toString("base64"),
};

describe("EXTRACTION_TIME_LIMIT_MS", () => {
  it("is 10 seconds by default, and leaves a configured language model its own 30 seconds more", () => {
    expect(loadConfig(BASE).extractionTimeLimitMs).toBe(10_000);
    expect(loadConfig({ ...BASE, LLM_BASE_URL: "http://127.0.0.1:1/v1" }).extractionTimeLimitMs).toBe(40_000);
  });

  it("takes a positive number of milliseconds and refuses anything else", () => {
    expect(loadConfig({ ...BASE, EXTRACTION_TIME_LIMIT_MS: "250" }).extractionTimeLimitMs).toBe(250);
    expect(() => loadConfig({ ...BASE, EXTRACTION_TIME_LIMIT_MS: "0" })).toThrow("EXTRACTION_TIME_LIMIT_MS must be at least 1");
    expect(() => loadConfig({ ...BASE, EXTRACTION_TIME_LIMIT_MS: "ten" })).toThrow("EXTRACTION_TIME_LIMIT_MS must be a whole number");
  });
});
