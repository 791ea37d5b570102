// @module-tag runtime
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { gracefulCloser } from "../../server/http/gracefulClose";

const clients: Socket[] = [];
afterEach(() => clients.splice(0).forEach((socket) => socket.destroy()));

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

function openConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
    clients.push(socket);
  });
}

/** Sends one keep-alive GET on the socket and resolves with the raw response text once `marker` has arrived. */
function get(socket: Socket, path: string, marker: string): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(marker)) {
        socket.off("data", onData);
        resolve(text);
      }
    };
    socket.on("data", onData);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  });
}

const closedBy = (socket: Socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once("close", () => resolve())));

describe("closing the server", () => {
  it("does not wait on a connection that never sent a request, nor on an idle keep-alive one", async () => {
    const app = Fastify();
    app.get("/ping", async () => ({ pong: true }));
    const close = gracefulCloser(app, 60_000);
    const port = await listening(app);
    const silent = await openConnection(port);
    const keptAlive = await openConnection(port);
    expect(await get(keptAlive, "/ping", "pong")).toContain("200 OK");

    await close();
    await Promise.all([closedBy(silent), closedBy(keptAlive)]);
  });

  it("lets a request in flight finish with its answer", async () => {
    const app = Fastify();
    let release: (() => void) | null = null;
    app.get("/slow", () => new Promise((resolve) => (release = () => resolve({ done: "slowly" }))));
    const close = gracefulCloser(app, 60_000);
    const port = await listening(app);
    const client = await openConnection(port);
    const answer = get(client, "/slow", "slowly");
    await expect.poll(() => release).not.toBeNull();

    const closed = close();
    setTimeout(() => release?.(), 300);
    expect(await answer).toContain("200 OK");
    await closed;
  });

  it("cuts a request that outlasts the grace period", async () => {
    const app = Fastify();
    let started = false;
    app.get("/never", () => {
      started = true;
      return new Promise(() => {});
    });
    const close = gracefulCloser(app, 200);
    const port = await listening(app);
    const client = await openConnection(port);
    void get(client, "/never", "never answered");
    await expect.poll(() => started).toBe(true);

    await close();
    await closedBy(client);
  });
});
