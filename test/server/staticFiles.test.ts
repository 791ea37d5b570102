// @module-tag runtime
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding } from "../../server/http/staticFiles";
import { startStack, type Stack } from "./support/stack";

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, not decompressed (fetch would decompress it). */
  body: Buffer;
}

/** A GET with exactly these request headers, answered as the bytes on the wire. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** Writes a file and, as the build does, its .br and .gz beside it. */
function writeBuilt(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

const SCRIPT = `console.log(${JSON.stringify("app ".repeat(200))});`;
const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><div id="root"><h1>${title}</h1></div></body></html>`;
const INLINE_SCRIPT = 'location.replace("/dashboard")';
const pageWithInlineScript = (title: string) => page(title).replace("<head>", `<head><script>${INLINE_SCRIPT}</script>`);
const HOSTILE_FEEDBACK_URL = "https://forms.example/?q=</script><script>alert(1)</script>";

describe("the app's files", () => {
  const dist = mkdtempSync(join(tmpdir(), "deal-finder-dist-"));
  let stack: Stack;
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    mkdirSync(join(dist, "pages"));
    writeBuilt(join(dist, "index.html"), page("Shell"));
    writeBuilt(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    writeBuilt(join(dist, "assets", "index-abc123.js"), SCRIPT);
    writeFileSync(join(dist, "assets", "index-abc123.js.map"), JSON.stringify({ version: 3, sourcesContent: ["secret source"] }));
    writeBuilt(join(dist, "pages", "index.html"), page("Landing"));
    writeBuilt(join(dist, "pages", "index.demo.html"), page("Landing in demo mode"));
    writeBuilt(join(dist, "pages", "dashboard.html"), page("Dashboard shell"));
    writeBuilt(join(dist, "pages", "brands.html"), page("Brand shell"));
    writeBuilt(join(dist, "pages", "login.html"), pageWithInlineScript("Welcome Back"));
    writeBuilt(join(dist, "pages", "404.html"), page("Page Not Found"));
    stack = await startStack({ staticDir: dist, env: { FEEDBACK_FORM_URL: HOSTILE_FEEDBACK_URL } });
  });
  afterAll(async () => {
    await stack.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(`${stack.baseUrl}${path}`, headers);

  it("sends a built script brotli-compressed when the browser accepts brotli", async () => {
    const script = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(script.status).toBe(200);
    expect(script.headers["content-encoding"]).toBe("br");
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(script.body).toString()).toBe(SCRIPT);
  });

  it("sends gzip when only gzip is accepted, and the plain file when nothing is", async () => {
    const gzipped = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const refusedBrotli = await get("/assets/index-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refusedBrotli.headers["content-encoding"]).toBe("gzip");

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("lets browsers keep hashed assets for a year without asking again", async () => {
    const script = await get("/assets/index-abc123.js", { "accept-encoding": "br" });
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("makes browsers revalidate unhashed files, with an ETag to revalidate against", async () => {
    const icon = await get("/favicon.svg", { "accept-encoding": "br" });
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect(icon.headers.etag).toBeTruthy();
  });

  it("answers a page no-cache with an ETag, compressed, and 304 when the browser has it", async () => {
    const landing = await get("/", { "accept-encoding": "gzip, br" });
    expect(landing.status).toBe(200);
    expect(landing.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect(landing.headers.vary).toMatch(/accept-encoding/i);
    expect(landing.headers["content-encoding"]).toBe("br");
    // The test server runs in demo mode, so it answers the page prerendered for demo mode.
    expect(brotliDecompressSync(landing.body).toString()).toContain("<h1>Landing in demo mode</h1>");
    const etag = landing.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get("/", { "accept-encoding": "gzip, br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("writes the app's configuration into each page, so that no value can end its script element", async () => {
    const html = (await get("/")).body.toString();
    const block = html.match(/<script id="app-config" type="application\/json">(.*?)<\/script>/);
    expect(block).not.toBeNull();
    expect(block![1]).not.toContain("<");
    expect(JSON.parse(block![1]!)).toEqual({ demoMode: true, feedbackFormUrl: HOSTILE_FEEDBACK_URL, outboxUrl: null });
  });

  it("lets a page run the scripts the build wrote into it, by their hash, and no other page", async () => {
    const policyOf = (answer: RawAnswer) => String(answer.headers["content-security-policy"]);
    const scriptSources = (answer: RawAnswer) => policyOf(answer).match(/(?:^|;)\s*script-src ([^;]*)/)?.[1]?.split(" ");
    const hash = `'sha256-${createHash("sha256").update(INLINE_SCRIPT).digest("base64")}'`;
    const login = await get("/login");
    expect(login.body.toString()).toContain(`<script>${INLINE_SCRIPT}</script>`);
    expect(scriptSources(login)).toEqual(["'self'", hash]);
    // Everything else in the policy is as the security headers set it.
    const landing = await get("/");
    expect(scriptSources(landing)).toEqual(["'self'"]);
    expect(policyOf(login).replace(` ${hash}`, "")).toBe(policyOf(landing));
    const revalidated = await get("/login", { "if-none-match": login.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  it("answers each route with its own page and any other path with the 404 page", async () => {
    const dashboard = await get("/dashboard?tab=all");
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.toString()).toContain("<h1>Dashboard shell</h1>");

    for (const path of ["/nowhere", "/404", "/index", "/index.demo", "/dashboard/", "/DASHBOARD"]) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(missing.body.toString(), path).toContain("<h1>Page Not Found</h1>");
    }
  });

  it("answers the page of one brand, /brands/:id, with the brands page, and neither /brands alone nor anything deeper", async () => {
    const brand = await get("/brands/5a1f7c2e-0000-4000-8000-000000000001");
    expect(brand.status).toBe(200);
    expect(brand.body.toString()).toContain("<h1>Brand shell</h1>");
    for (const path of ["/brands", "/brands/a/b", "/dashboard/5a1f7c2e", "/brands/"]) expect((await get(path)).status, path).toBe(404);
  });

  it("never serves an HTML file by its own name, where the app would not know its route", async () => {
    for (const path of ["/index.html", "/pages/index.html", "/pages/dashboard.html.br"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toContain("Page Not Found");
    }
  });

  it("never serves source maps, which hold our sources", async () => {
    for (const encoding of ["", "br", "gzip"]) {
      const map = await get("/assets/index-abc123.js.map", encoding ? { "accept-encoding": encoding } : {});
      expect(map.status).toBe(404);
      expect(map.body.toString()).not.toContain("secret source");
    }
  });

  it("answers 404 for a missing build file instead of a page", async () => {
    const missing = await get("/assets/missing-chunk.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/application\/json/);
  });
});

describe("the encoding chosen from Accept-Encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.5, br;q=0.8", "br"],
    ["br;q=0, gzip;q=1", "gzip"],
    ["br;q=0.000, gzip", "gzip"],
    ["*", "br"],
    ["deflate", "identity"],
    ["gzip;q=0", "identity"],
    ["", "identity"],
    [undefined, "identity"],
  ])("%s gives %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
