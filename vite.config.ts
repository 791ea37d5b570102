import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { VitePWA } from "vite-plugin-pwa";
import type * as Prerender from "./src/prerender";
import { STATIC_PAGES, type StaticPage } from "./src/ui/routing/pages.js";

const OUT_DIR = "dist";
/** Where the per-route HTML files go; the server answers them for their paths (server/http/staticFiles.ts). */
const PAGES_DIR = join(OUT_DIR, "pages");
/** The suffix of a page prerendered for a server in demo mode, which shows a "Demo mode" badge. */
const DEMO_VARIANT = ".demo";
const PRERENDER_CACHE = join("node_modules", ".cache", "deal-finder-prerender");
const ROOT_ELEMENT = '<div id="root"></div>';
/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);

/** Vite's build manifest, for the files each source module became. */
const MANIFEST = join(".vite", "manifest.json");
type Manifest = Record<string, { file: string; name?: string; css?: string[]; imports?: string[] }>;

type PrerenderModule = typeof Prerender;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes one HTML file per route from the built index.html: the public pages rendered by React at build time (the
 * same components the browser hydrates), the signed-in pages as their shell (src/ui/SignedInShell.tsx), which the
 * app renders over. The render runs from a server-side build of src/prerender.tsx, so vanilla-extract's class names
 * are the ones in the client build's stylesheet.
 */
function prerenderPages(signedInModules: ReadonlySet<string>): Plugin {
  return {
    name: "deal-finder:prerender-pages",
    apply: "build",
    async closeBundle() {
      const shell = await readFile(join(OUT_DIR, "index.html"), "utf8");
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
      // Inside the project, so that the built module resolves its packages from node_modules.
      await mkdir(PRERENDER_CACHE, { recursive: true });
      const serverBuild = await mkdtemp(join(PRERENDER_CACHE, "build-"));
      try {
        await build({
          configFile: false,
          mode: "production",
          logLevel: "warn",
          plugins: [react(), vanillaExtractPlugin()],
          // Bundled whole: several packages (fp-ts, io-ts) cannot be imported by Node's ES module resolution.
          ssr: { noExternal: true },
          build: { ssr: "src/prerender.tsx", outDir: serverBuild, emptyOutDir: true, sourcemap: false },
        });
        const { renderPage, renderSignedInShell, pageTitle, signedInRedirectScript, firstRequestsScript } = (await import(
          pathToFileURL(join(serverBuild, "prerender.js")).href
        )) as PrerenderModule;
        const manifest = JSON.parse(await readFile(join(OUT_DIR, MANIFEST), "utf8")) as Manifest;
        await mkdir(PAGES_DIR, { recursive: true });
        // Replacements are functions: a "$" in a page's text must not be read as a replacement pattern.
        const withChunks = (page: StaticPage) => {
          const modules = [...(page.lazyModule ? [page.lazyModule] : []), ...(page.servicesModules ?? [])];
          return shell.replace("</head>", () => `${modules.length > 0 ? chunkLinks(manifest, modules, shell, signedInModules) : ""}</head>`);
        };
        const render = async (page: StaticPage, demoMode: boolean) => {
          const markup = await renderPage(page.path, demoMode);
          // First in <head>: a classic script after a stylesheet would wait for the stylesheet.
          const redirect = page.signedInGoesTo ? `\n    <script>${signedInRedirectScript(page.signedInGoesTo)}</script>` : "";
          return withChunks(page)
            .replace(/<head>/, () => `<head>${redirect}`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(pageTitle(page.path))}</title>`)
            // The page shows without JavaScript, so the notice that it needs JavaScript goes.
            .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "")
            // The app installs from the signed-in pages it opens on (the manifest's start_url is the dashboard): a public
            // page without the manifest spares every first visit the manifest's and its icons' requests.
            .replace(/\s*<link rel="manifest"[^>]*>/, "")
            .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
        };
        // A page painted before its script has run: the scripts are fetched at low priority, leaving the bandwidth
        // to the stylesheets (and to a signed-in page's first request) first.
        const scriptsAfterPaint = (html: string) =>
          html.replace(/<(script type="module"|link rel="modulepreload") /g, (tag) => `${tag}fetchpriority="low" `);
        // A signed-in page: its shell, painted before the app has run, preloading the page's own chunks so that they
        // are not found only once the app has run, and asking its first screen's data at once.
        const renderShell = async (page: StaticPage, demoMode: boolean) => {
          const firstRequests = page.firstRequests ? `\n    <script>${firstRequestsScript(page.firstRequests)}</script>` : "";
          const markup = await renderSignedInShell(demoMode);
          return withChunks(page)
            .replace(/<head>/, () => `<head>${firstRequests}`)
            // The shell says that it needs JavaScript where its spinner would be.
            .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "")
            .replace(ROOT_ELEMENT, () => `<div id="root" data-shell="signed-in">${markup}</div>`);
        };
        const pageFile = async (page: StaticPage, demoMode: boolean) =>
          scriptsAfterPaint(await (page.prerendered ? render : renderShell)(page, demoMode));
        for (const page of STATIC_PAGES) {
          const name = page.file.replace(/\.html$/, "");
          // The server answers the variant of its own demo mode (server/http/staticFiles.ts).
          await writeFile(join(PAGES_DIR, page.file), await pageFile(page, false));
          await writeFile(join(PAGES_DIR, `${name}${DEMO_VARIANT}.html`), await pageFile(page, true));
        }
      } finally {
        await rm(serverBuild, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build, at the highest levels since it happens once; the
 * server sends the one the browser accepts.
 */
function precompress(): Plugin {
  return {
    name: "deal-finder:precompress",
    apply: "build",
    async closeBundle() {
      const files = (await readdir(OUT_DIR, { recursive: true, withFileTypes: true }))
        // Pages are compressed by the server, once it has written its configuration into them.
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)) && resolve(entry.parentPath) !== resolve(PAGES_DIR))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The <link>s a page needs for its lazily loaded modules: their stylesheets (else a prerendered page shows unstyled
 * until its script has run) and its scripts, preloaded so that the app need not discover them one by one.
 */
function chunkLinks(manifest: Manifest, modules: readonly string[], shell: string, signedInModules: ReadonlySet<string>): string {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key] ?? sharedChunkOf(manifest, key, signedInModules);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const links = [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  // The shell links what every page needs already.
  return links.filter((link) => !shell.includes(link.match(/href="([^"]+)"/)![1]!)).map((link) => `  ${link}\n  `).join("");
}

/**
 * A module the manifest does not key by its source is in a shared chunk, which the manifest keys by its file
 * ("_dashboardSource-<hash>.js") and names after the module, or after its group (signedInChunk).
 */
function sharedChunkOf(manifest: Manifest, module: string, signedInModules: ReadonlySet<string>): Manifest[string] {
  const name = signedInModules.has(resolve(module)) ? SIGNED_IN_CHUNK : module.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  const chunks = Object.entries(manifest).filter(([key, chunk]) => key.startsWith("_") && chunk.name === name);
  if (chunks.length !== 1) throw new Error(`${module} is not in the build manifest`);
  return chunks[0]![1];
}

const SIGNED_IN_CHUNK = "signedIn";

/**
 * The signed-in pages' code in one script: what those pages and their services statically import, unless the first
 * page's script or a public page needs it too. Left to itself, rolldown makes a chunk of every set of modules two lazy
 * pages share: about 25 small scripts before the dashboard's first screen, each a request of its own. `modules` tells
 * the prerender which source modules went there.
 */
function signedInChunk(): { group: Rolldown.CodeSplittingGroup; modules: Set<string> } {
  const rootsOf = (pages: readonly StaticPage[]) =>
    pages.flatMap((page) => [...(page.lazyModule ? [page.lazyModule] : []), ...(page.servicesModules ?? [])]).map((module) => resolve(module));
  const signedInRoots = rootsOf(STATIC_PAGES.filter((page) => !page.prerendered));
  const publicRoots = rootsOf(STATIC_PAGES.filter((page) => page.prerendered));
  const modules = new Set<string>();
  let graph: { signedIn: Set<string>; public: Set<string>; inFirstScript: Map<string, boolean> } | undefined;
  const name: Rolldown.CodeSplittingNameFunction = (moduleId, context) => {
    const info = (id: string) => context.getModuleInfo(id);
    const closureOf = (roots: readonly string[]) => {
      const found = new Set<string>();
      const visit = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        info(id)?.importedIds.forEach(visit);
      };
      roots.forEach(visit);
      return found;
    };
    graph ??= { signedIn: closureOf(signedInRoots), public: closureOf(publicRoots), inFirstScript: new Map() };
    const { inFirstScript } = graph;
    // Some chain of static imports leads to it from an entry.
    const isInFirstScript = (id: string): boolean => {
      const known = inFirstScript.get(id);
      if (known !== undefined) return known;
      inFirstScript.set(id, false); // an import cycle adds nothing
      const module = info(id);
      const result = !!module && (module.isEntry || module.importers.some(isInFirstScript));
      inFirstScript.set(id, result);
      return result;
    };
    if (!graph.signedIn.has(moduleId) || graph.public.has(moduleId) || isInFirstScript(moduleId)) return null;
    modules.add(moduleId);
    return SIGNED_IN_CHUNK;
  };
  // What the group leaves out stays out: rolldown would otherwise pull those modules in after the signed-in code
  // that imports them, and the public pages with them.
  return { group: { name, includeDependenciesRecursively: false }, modules };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The Cache Storage cache the service worker keeps the signed-in pages' HTML in, as the server last answered them. */
const PAGES_CACHE = "deal-finder-pages";

/**
 * The app installable and opening offline (docs/product.md, "Codes in your pocket"), by Workbox: a web app manifest,
 * and a service worker that precaches the built scripts, styles, icons and stock images, and keeps the dashboard's
 * page network-first (a page carries the server's configuration, written in when served, so it is not precached).
 * It caches no API answer: the dashboard keeps the person's own copy itself (src/infrastructure/offline), cleared
 * on sign-out. The worker is registered by the dashboard's code once the page has loaded, never by the landing page.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    registerType: "autoUpdate",
    manifest: {
      name: "Deal Finder",
      short_name: "Deal Finder",
      description: "The deals and promo codes in your Gmail Promotions, on one dashboard, in your pocket.",
      id: "/dashboard",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      background_color: "#f8fafc",
      theme_color: "#4338ca",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["assets/*.{js,css}", "icons/*.png", "stock/*.svg"],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && url.pathname === "/dashboard",
          handler: "NetworkFirst",
          // A shop's weak signal: after a few seconds the page kept is better than waiting.
          options: { cacheName: PAGES_CACHE, networkTimeoutSeconds: 4, expiration: { maxEntries: 4 } },
        },
      ],
    },
  });
}

/** The SPA build. The API is on the same origin under /api unless VITE_API_BASE_URL names another host. */
export default defineConfig(({ isSsrBuild }) => {
  const signedIn = signedInChunk();
  return {
    plugins: [react(), vanillaExtractPlugin(), ...(isSsrBuild ? [] : [prerenderPages(signedIn.modules), ...installableApp(), precompress()])],
    // "hidden": maps are written for reading production stack traces, but no script points to them (and none is served).
    build: {
      outDir: OUT_DIR,
      sourcemap: "hidden",
      // A stylesheet per lazily loaded chunk beside the first page's (the signed-in pages share theirs): the landing page
      // does not carry the signed-in screens' styles. A page links its chunks' stylesheets.
      cssCodeSplit: true,
      // The prerender plugin reads which files each lazy page became.
      manifest: true,
      rolldownOptions: {
        // The prerender and compression steps take a few seconds by design; rolldown's note about slow plugins is noise.
        checks: { bundlerTimings: false },
        // Everything the first page needs in one script: left to itself, rolldown splits what the lazy pages share with
        // it (React, wouter) into a second one, one more request on every first visit.
        output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }, signedIn.group] } },
      },
    },
    server: {
      port: 5173,
      proxy: { "/api": process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080" },
    },
  };
});
