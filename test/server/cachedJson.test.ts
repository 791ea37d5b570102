import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EncodedJsonCache, sendEncodedJson } from "../../server/http/cachedJson";

const ANSWER = { deals: Array.from({ length: 200 }, (_, index) => ({ id: `deal-${index}`, title: `Summer sale ${index}` })) };

describe("cached JSON answers", () => {
  let app: FastifyInstance;
  let computed = 0;

  beforeAll(async () => {
    const cache = new EncodedJsonCache();
    app = Fastify();
    app.get("/answer", async (request, reply) => {
      const body = await cache.get("one key", async () => {
        computed++;
        return ANSWER;
      });
      return sendEncodedJson(request, reply, body);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string>) => app.inject({ method: "GET", url: "/answer", headers });

  it("sends brotli to a browser that accepts it, gzip to a client that accepts only gzip, and plain JSON otherwise", async () => {
    const browser = await get({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.headers.vary).toBe("accept-encoding");
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString("utf8"))).toEqual(ANSWER);

    const gzipOnly = await get({ "accept-encoding": "gzip, deflate" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString("utf8"))).toEqual(ANSWER);

    const refusesBoth = await get({ "accept-encoding": "br;q=0, gzip;q=0, identity" });
    expect(refusesBoth.headers["content-encoding"]).toBeUndefined();
    expect(refusesBoth.json()).toEqual(ANSWER);

    // Brotli is smaller than gzip here, which is why it is offered first.
    expect(browser.rawPayload.length).toBeLessThan(gzipOnly.rawPayload.length);
  });

  it("prefers gzip when the client weighs it above brotli", async () => {
    const answer = await get({ "accept-encoding": "br;q=0.5, gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
  });

  it("answers 304 to a client that has the same answer, and computes it once for every request", async () => {
    const first = await get({ "accept-encoding": "br" });
    const again = await get({ "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(computed).toBe(1);
  });
});
