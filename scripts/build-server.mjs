#!/usr/bin/env node
// `npm run build:server`: compiles the server to JavaScript in dist-server/, so that production runs plain `node`
// (`node dist-server/main.js`, or `npm start`, which calls this when the bundle is missing or stale).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, stop } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_BUILD_DIR = join(root, "dist-server");
const BUILD_INFO = join(SERVER_BUILD_DIR, "build-info.json");

// The extraction worker is an entry of its own: the pool starts it by file name in a thread (extractionPool.ts).
const ENTRY_POINTS = {
  main: "server/main.ts",
  extractionWorker: "server/infrastructure/workerThreads/extractionWorker.ts",
};
// Folders the code reads at run time relative to its own file (`new URL("./x", import.meta.url)`): copied beside the
// bundle, where the same expression finds them. extension/dist is found as ../extension/dist from both places.
const RUNTIME_FOLDERS = {
  migrations: "server/infrastructure/db/migrations",
  "demo-mailbox": "emulator/demo-mailbox",
  "other-mailbox": "emulator/other-mailbox",
  "demo-images": "emulator/demo-images",
};

/**
 * Packages stay in node_modules, imported as Node itself resolves them: a deep import written without its extension
 * (`fp-ts/lib/Either`, which TypeScript's bundler resolution accepts) gets the `.js` Node's ESM loader requires.
 */
const packagesAsNodeResolvesThem = {
  name: "packages-as-node-resolves-them",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (isBuiltin(path) || isFile(import.meta.resolve(path))) return { path, external: true };
      if (isFile(import.meta.resolve(`${path}.js`))) return { path: `${path}.js`, external: true };
      return { errors: [{ text: `Node cannot resolve the package import "${path}".` }] };
    });
  },
};

function isFile(url) {
  const path = fileURLToPath(url);
  return existsSync(path) && statSync(path).isFile();
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Bundles the server (our code only: packages stay in node_modules) and records what the bundle was built from. */
export async function buildServer() {
  // A source saved while the build reads the others is newer than this, so the next start builds again.
  const startedAt = Date.now();
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  let result;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints: ENTRY_POINTS,
      outdir: SERVER_BUILD_DIR,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20.19",
      plugins: [packagesAsNodeResolvesThem],
      sourcemap: "linked",
      metafile: true,
      logLevel: "warning",
    });
  } finally {
    // esbuild's service process would otherwise stay on as a child of `npm start`'s server process.
    await stop();
  }
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(root, input));
  for (const [name, source] of Object.entries(RUNTIME_FOLDERS)) {
    cpSync(join(root, source), join(SERVER_BUILD_DIR, name), { recursive: true });
    // The folder itself too: adding or removing a file changes its time.
    inputs.push(join(root, source), ...filesUnder(join(root, source)));
  }
  inputs.push(fileURLToPath(import.meta.url), join(root, "tsconfig.json"));
  // The bundles are ES modules wherever the folder is copied, with or without the project's package.json.
  writeFileSync(join(SERVER_BUILD_DIR, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  writeFileSync(BUILD_INFO, JSON.stringify({ builtAt: startedAt, inputs: inputs.map((input) => relative(root, input)) }, null, 2));
}

/** Why the bundle must be built again (missing, or a file it was built from changed or is gone), or null when it is current. */
export function serverBuildStaleReason() {
  if (!existsSync(BUILD_INFO)) return "it has not been built";
  const { builtAt, inputs } = JSON.parse(readFileSync(BUILD_INFO, "utf8"));
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > builtAt) return `${input} changed`;
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // esbuild has printed what failed.
  await buildServer().catch(() => process.exit(1));
  console.info(`Built the server in ${relative(process.cwd(), SERVER_BUILD_DIR) || "."}/ (run it with node dist-server/main.js).`);
}
