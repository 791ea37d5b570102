import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, extname, join, sep } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { Negotiator } from "@fastify/accept-negotiator";
import { etagMatches } from "./etag";

/** What the app would otherwise fetch from /api/app-config at start; written into every page instead. */
export interface InlineAppConfig {
  demoMode: boolean;
  feedbackFormUrl: string | null;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Unhashed files may change with each release: the browser keeps them but asks (with the ETag) before using them. */
const REVALIDATE = "no-cache";
/**
 * Source maps stay on disk for reading stack traces (they hold our sources); pages are answered for their routes
 * only; compressed copies are sent in place of their file, never as files of their own.
 */
const NEVER_SERVED_BY_NAME = new Set([".map", ".html", ".br", ".gz"]);

/** The build's suffix for a page prerendered as a server in demo mode shows it (vite.config.ts). */
const DEMO_VARIANT = ".demo";

/** One page of the app, with the app's configuration written in, compressed once when the server starts. */
interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** CSP sources ('sha256-...') of the scripts the build wrote inline into this page, and of no other. */
  inlineScripts: string[];
}

type Encoding = "br" | "gzip" | "identity";

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated; brotli or gzip from the
 * files the build wrote beside each one, by the request's Accept-Encoding. Pages are the per-route HTML files of
 * the build (dist/pages, see vite.config.ts), answered by the not-found handler through `sendPage`.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  staticDir: string,
  appConfig: InlineAppConfig,
): Promise<{ sendPage(request: FastifyRequest, reply: FastifyReply): FastifyReply } | null> {
  const pages = loadPages(staticDir, appConfig);
  if (!pages) return null;
  // Built files with a content hash in their name (Vite's assets folder) never change under the same name.
  const hashedAssets = join(staticDir, "assets") + sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (path) => !NEVER_SERVED_BY_NAME.has(extname(path)),
    setHeaders: (response, path) => {
      response.setHeader("cache-control", path.startsWith(hashedAssets) ? IMMUTABLE : REVALIDATE);
      response.setHeader("vary", "Accept-Encoding");
    },
  });
  return {
    sendPage(request, reply) {
      const { page, status } = pages.pageFor(request.url.split("?")[0] ?? "/");
      reply.code(status).type("text/html; charset=utf-8").header("cache-control", REVALIDATE).header("vary", "Accept-Encoding");
      reply.header("etag", page.etag);
      allowInlineScripts(reply, page.inlineScripts);
      if (status === 200 && etagMatches(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (encoding === "identity") return reply.send(page.identity);
      return reply.header("content-encoding", encoding).send(page[encoding]);
    },
  };
}

/** The app's pages of one item, such as /brands/:id: every such path is answered with the collection's page. */
const ITEM_PAGES = new Set(["/brands"]);

function itemPageOf(path: string): string | null {
  const match = /^(\/[a-z-]+)\/[^/]+$/.exec(path);
  return match && ITEM_PAGES.has(match[1]!) ? match[1]! : null;
}

/**
 * The build's pages by path: "/" is pages/index.html, "/login" pages/login.html; any other path gets pages/404.html
 * with status 404. A build without pages (older builds) answers its index.html for every path, as a plain SPA.
 */
function loadPages(staticDir: string, appConfig: InlineAppConfig) {
  const pagesDir = join(staticDir, "pages");
  const byPath = new Map<string, Page>();
  let notFound: Page | undefined;
  if (existsSync(pagesDir)) {
    const files = new Set(readdirSync(pagesDir));
    for (const file of files) {
      if (!file.endsWith(".html") || file.endsWith(`${DEMO_VARIANT}.html`)) continue;
      const name = basename(file, ".html");
      // A page prerendered with the "Demo mode" badge, for a server in demo mode, so the badge never moves the page.
      const variant = `${name}${DEMO_VARIANT}.html`;
      const chosen = appConfig.demoMode && files.has(variant) ? variant : file;
      const page = preparePage(readFileSync(join(pagesDir, chosen), "utf8"), appConfig);
      if (name === "404") notFound = page;
      else byPath.set(name === "index" ? "/" : `/${name}`, page);
    }
  }
  if (notFound) {
    const pageNotFound = notFound;
    // An item page's shell answers its items only: the bare collection path (/brands) is no page of the app.
    const pageOf = (path: string) => (ITEM_PAGES.has(path) ? undefined : byPath.get(path) ?? byPath.get(itemPageOf(path) ?? ""));
    return { pageFor: (path: string) => ({ page: pageOf(path) ?? pageNotFound, status: pageOf(path) ? 200 : 404 }) };
  }
  const shell = join(staticDir, "index.html");
  if (!existsSync(shell)) return null;
  const spa = preparePage(readFileSync(shell, "utf8"), appConfig);
  return { pageFor: () => ({ page: spa, status: 200 }) };
}

function preparePage(html: string, appConfig: InlineAppConfig): Page {
  // A JSON data block is not run, so the Content-Security-Policy allows it; "<" is escaped so no value can end it.
  const configBlock = `<script id="app-config" type="application/json">${JSON.stringify(appConfig).replace(/</g, "\\u003c")}</script>`;
  const identity = Buffer.from(html.replace("</head>", `  ${configBlock}\n  </head>`));
  return {
    inlineScripts: inlineScriptSources(html),
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }),
    // Weak: the same page is sent in three encodings, which a strong validator would have to tell apart.
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
  };
}

/** A classic script without src (a JSON data block is not run, and needs no permission). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, code]) => `'sha256-${createHash("sha256").update(code ?? "").digest("base64")}'`);
}

/**
 * Adds a page's own inline scripts, by hash, to the script-src of the policy the security headers set for this
 * answer: the rest of the app still runs only scripts from our origin, and no other page allows these.
 */
function allowInlineScripts(reply: FastifyReply, sources: string[]): void {
  const policy = reply.getHeader("content-security-policy");
  if (sources.length === 0 || typeof policy !== "string") return;
  const allowed = sources.join(" ");
  reply.header("content-security-policy", policy.replace(/(^|;)\s*script-src ([^;]*)/, (_, start: string, list: string) => `${start}script-src ${list} ${allowed}`));
}

/**
 * The encoding of a page, chosen by the same negotiator @fastify/static uses for the other files: the highest q-value
 * wins, brotli on a tie, and an encoding with q=0 is refused.
 */
const pageEncodings = new Negotiator<"br" | "gzip">({ supportedValues: ["br", "gzip"] });

export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  return (acceptEncoding && pageEncodings.negotiate(acceptEncoding)) || "identity";
}
