import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";

// Real-Google settings, so that loading the configuration writes no demo secrets anywhere.
const BASE = {
  GOOGLE_CLIENT_ID: "client",
  GOOGLE_CLIENT_SECRET: "secret",
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  SESSION_SIGNING_KEY: randomBytes(32).toString("base64"),
};

describe("CORS_ORIGINS", () => {
  it("is empty by default: the API answers its own origin only", () => {
    expect(loadConfig(BASE).corsOrigins).toEqual([]);
    expect(loadConfig({ ...BASE, CORS_ORIGINS: " , " }).corsOrigins).toEqual([]);
  });

  it("reads comma-separated exact origins, with or without a port", () => {
    const config = loadConfig({ ...BASE, CORS_ORIGINS: "https://deals.example.org, http://localhost:5173" });
    expect(config.corsOrigins).toEqual(["https://deals.example.org", "http://localhost:5173"]);
  });

  it.each([
    ["a trailing slash", "https://deals.example.org/"],
    ["a path", "https://deals.example.org/app"],
    ["no scheme", "deals.example.org"],
    ["another scheme", "ftp://deals.example.org"],
    ["a wildcard", "*"],
    ["capitals, which a browser never sends", "https://Deals.example.org"],
    ["a default port written out", "https://deals.example.org:443"],
    ["a query", "https://deals.example.org?x=1"],
  ])("refuses an origin with %s at startup, naming it", (_, origin) => {
    expect(() => loadConfig({ ...BASE, CORS_ORIGINS: `https://ok.example.org,${origin}` })).toThrow(
      new RegExp(`^CORS_ORIGINS must list origins .*not "${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\.$`),
    );
  });
});

describe("UNSUBSCRIBE_ALLOWED_HOSTS", () => {
  it("is empty by default: one-click unsubscribe reaches public https addresses only", () => {
    expect(loadConfig(BASE).unsubscribeAllowedHosts).toEqual([]);
  });

  it("reads comma-separated host names and addresses, lower-cased, and refuses anything else at startup", () => {
    expect(loadConfig({ ...BASE, UNSUBSCRIBE_ALLOWED_HOSTS: "127.0.0.1, Emulator.Internal" }).unsubscribeAllowedHosts).toEqual(["127.0.0.1", "emulator.internal"]);
    expect(() => loadConfig({ ...BASE, UNSUBSCRIBE_ALLOWED_HOSTS: "http://127.0.0.1" })).toThrow("UNSUBSCRIBE_ALLOWED_HOSTS must list host names or addresses");
  });
});

describe("IMAGE_PROXY_ALLOWED_HOSTS", () => {
  it("is empty by default: the image proxy fetches from public addresses only", () => {
    expect(loadConfig(BASE).imageProxyAllowedHosts).toEqual([]);
  });

  it("reads comma-separated host names and addresses, lower-cased, each with a port or without", () => {
    const config = loadConfig({ ...BASE, IMAGE_PROXY_ALLOWED_HOSTS: "127.0.0.1, [::1]:8081, Emulator.Internal:9000" });
    expect(config.imageProxyAllowedHosts).toEqual(["127.0.0.1", "[::1]:8081", "emulator.internal:9000"]);
  });

  it.each([
    ["a port no URL has", "127.0.0.1:99999"],
    ["the scheme's default port, which a URL never shows", "127.0.0.1:80"],
    ["a scheme", "http://127.0.0.1"],
    ["a path", "emulator.internal/images"],
    ["an address spelt other than a URL writes it", "0x7f000001"],
    ["an IPv6 address without brackets", "::1"],
  ])("refuses an entry with %s at startup, naming it", (_, entry) => {
    expect(() => loadConfig({ ...BASE, IMAGE_PROXY_ALLOWED_HOSTS: entry })).toThrow(`IMAGE_PROXY_ALLOWED_HOSTS must list host names or addresses`);
    expect(() => loadConfig({ ...BASE, IMAGE_PROXY_ALLOWED_HOSTS: entry })).toThrow(`not "${entry}"`);
  });
});

describe("FEEDBACK_FORM_URL", () => {
  it("is unset by default, which hides the feedback banner rather than linking to no form in particular", () => {
    expect(loadConfig(BASE).feedbackFormUrl).toBeNull();
    expect(loadConfig({ ...BASE, FEEDBACK_FORM_URL: "  " }).feedbackFormUrl).toBeNull();
  });

  it("reads an http(s) address", () => {
    expect(loadConfig({ ...BASE, FEEDBACK_FORM_URL: "https://forms.example.org/deal-finder" }).feedbackFormUrl).toBe("https://forms.example.org/deal-finder");
  });

  it.each(["forms.example.org/f", "javascript:alert(1)", "mailto:feedback@example.org"])("refuses %s at startup", (address) => {
    expect(() => loadConfig({ ...BASE, FEEDBACK_FORM_URL: address })).toThrow(/^FEEDBACK_FORM_URL must be an http\(s\) address/);
  });
});

describe("GMAIL_QUOTA_UNITS_PER_MINUTE", () => {
  it("throttles to Google's 6000 units with real Google, not in demo mode (our own emulator), and obeys a setting", () => {
    expect(loadConfig(BASE).sync.quotaUnitsPerMinute).toBe(6000);
    expect(loadConfig({ ...BASE, GMAIL_QUOTA_UNITS_PER_MINUTE: "2400" }).sync.quotaUnitsPerMinute).toBe(2400);
    const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-config-"));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).sync.quotaUnitsPerMinute).toBe(0);
      expect(loadConfig({ DATA_DIR: dataDir, GMAIL_QUOTA_UNITS_PER_MINUTE: "6000" }).sync.quotaUnitsPerMinute).toBe(6000);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
