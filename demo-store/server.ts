import { createServer, type IncomingMessage, type Server } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkoutPage } from "./pages";
import { DEMO_STORES, discountFor, subtotalFor, type DemoStore } from "./stores";

export interface DemoStoreServer {
  port: number;
  /** The checkout's address on a brand's domain; a browser reaches it when the domain resolves to 127.0.0.1. */
  checkoutUrl(domain: string): string;
  /** The codes each store's checkout was sent so far, in order: what a test checks the extension tried. */
  codesSent(domain: string): string[];
  close(): Promise<void>;
}

const storeOf = (request: IncomingMessage, stores: readonly DemoStore[]) => {
  const host = (request.headers.host ?? "").replace(/:\d+$/, "").replace(/^www\./, "").toLowerCase();
  return stores.find((store) => store.domain === host) ?? null;
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  let body = "";
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 10_000) throw new Error("too large");
  }
  return JSON.parse(body);
}

/** Serves every demo store on one port, choosing the store by the Host header. */
export function startDemoStore(port = 0, stores: readonly DemoStore[] = DEMO_STORES): Promise<DemoStoreServer> {
  const sent: { domain: string; code: string }[] = [];
  const server: Server = createServer((request, response) => {
    const store = storeOf(request, stores);
    const url = new URL(request.url ?? "/", "http://demo.invalid");
    if (!store) {
      response.writeHead(404, { "content-type": "text/plain" }).end("No demo store at this address.");
    } else if (request.method === "GET" && (url.pathname === "/" || url.pathname === "/checkout")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(checkoutPage(store));
    } else if (request.method === "POST" && url.pathname === "/apply") {
      readJson(request)
        .then((body) => {
          const { code, items } = body as { code?: unknown; items?: unknown };
          const added = Array.isArray(items) && items.every((item) => typeof item === "string") ? (items as string[]) : [];
          const subtotal = subtotalFor(store, added);
          if (typeof code !== "string" || subtotal === null) throw new Error("bad request");
          sent.push({ domain: store.domain, code });
          response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(discountFor(store, code, subtotal)));
        })
        .catch(() => response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "Bad request." })));
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found.");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      done({
        port: actualPort,
        checkoutUrl: (domain) => `http://www.${domain}:${actualPort}/checkout`,
        codesSent: (domain) => sent.filter((entry) => entry.domain === domain).map((entry) => entry.code),
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}

// tsx demo-store/server.ts [PORT]: the demo store for a manual demo (map the brands' domains to 127.0.0.1 first).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const store = await startDemoStore(Number(process.argv[2] ?? 4100));
  console.info(`Demo store on port ${store.port}: e.g. ${store.checkoutUrl(DEMO_STORES[0]!.domain)}`);
}
