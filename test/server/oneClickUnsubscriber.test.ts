// @module-tag runtime
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpOneClickUnsubscriber } from "../../server/infrastructure/net/oneClickUnsubscriber";

/** A sender's server on 127.0.0.1 (let through by the allow-list, as the emulator is), answering as each path says. */
describe("HttpOneClickUnsubscriber", () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ path: string; method: string; body: string; cookie: boolean }> = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("latin1")));
      request.on("end", () => {
        seen.push({ path: request.url ?? "", method: request.method ?? "", body, cookie: request.headers.cookie !== undefined });
        if (request.url === "/redirect") return response.writeHead(302, { location: `${origin}/landing` }).end();
        if (request.url === "/silent") return; // never answers
        if (request.url === "/huge") {
          response.writeHead(200);
          const chunk = Buffer.alloc(64 * 1024, 120);
          const write = () => {
            while (response.write(chunk));
          };
          response.on("drain", write);
          write();
          return;
        }
        if (request.url === "/gone") return response.writeHead(410).end();
        response.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const unsubscriber = () => new HttpOneClickUnsubscriber(["127.0.0.1"], { totalTimeoutMs: 500, maxAnswerBytes: 1024 });

  it("POSTs RFC 8058's body, form-encoded, with no cookie", async () => {
    expect(await unsubscriber().post(new URL(`${origin}/ok`))).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ path: "/ok", method: "POST", body: "List-Unsubscribe=One-Click", cookie: false });
  });

  it("never follows a redirect: the sender's refusal, and the target gets nothing", async () => {
    const before = seen.length;
    expect(await unsubscriber().post(new URL(`${origin}/redirect`))).toEqual({ ok: false, refusal: "sender_refused" });
    expect(seen.slice(before).map((request) => request.path)).toEqual(["/redirect"]);
  });

  it("gives up on a sender that does not answer, and stops reading an endless answer", async () => {
    expect(await unsubscriber().post(new URL(`${origin}/silent`))).toEqual({ ok: false, refusal: "timeout" });
    const started = Date.now();
    expect(await unsubscriber().post(new URL(`${origin}/huge`))).toEqual({ ok: true });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("reports an error status as the sender's refusal", async () => {
    expect(await unsubscriber().post(new URL(`${origin}/gone`))).toEqual({ ok: false, refusal: "sender_refused" });
  });

  it("refuses plain http for a host the allow-list does not name, and private addresses, before any request", async () => {
    const before = seen.length;
    const strict = new HttpOneClickUnsubscriber([]);
    expect(await strict.post(new URL(`${origin}/ok`))).toEqual({ ok: false, refusal: "not_https" });
    expect(await strict.post(new URL(`${origin.replace("http:", "https:")}/ok`))).toEqual({ ok: false, refusal: "address_refused" });
    expect(await strict.post(new URL("https://[::ffff:127.0.0.1]/ok"))).toEqual({ ok: false, refusal: "address_refused" });
    expect(seen.length).toBe(before);
  });
});
