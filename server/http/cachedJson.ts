import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Negotiator } from "@fastify/accept-negotiator";
import { LRUCache } from "lru-cache";
import { etagMatches } from "./etag";

/** A response body serialised and compressed once, answered to every request for the same data. */
export interface EncodedJson {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

export function encodeJson(value: unknown): EncodedJson {
  const json = Buffer.from(JSON.stringify(value));
  return { json, gzip: gzipSync(json, { level: 6 }), etag: `"${createHash("sha1").update(json).digest("base64url")}"` };
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

/** Reads Accept-Encoding with its weights: "gzip;q=0" refuses gzip. */
const encodings = new Negotiator({ supportedValues: ["gzip"] });

/** Sends an encoded body: 304 when the client has it, gzip when the client accepts it. */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson) {
  reply.header("etag", body.etag).header("vary", "accept-encoding").header("cache-control", "private, no-cache");
  if (etagMatches(request.headers["if-none-match"], body.etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  if (encodings.negotiate(request.headers["accept-encoding"] ?? "") === "gzip") return reply.header("content-encoding", "gzip").send(body.gzip);
  return reply.send(body.json);
}
