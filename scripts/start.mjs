#!/usr/bin/env node
// `npm start`: builds the single-page app when it has not been built (or its sources changed), then starts the
// server, which serves the app and the API on one origin and, without GOOGLE_CLIENT_ID, the Google emulator.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

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

const server = spawn("npx", ["tsx", "server/main.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
