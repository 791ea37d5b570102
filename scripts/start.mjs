#!/usr/bin/env node
// `npm start`: builds the single-page app when it has not been built (or its sources changed), then starts the
// server, which serves the app and the API on one origin and, without GOOGLE_CLIENT_ID, the Google emulator.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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

const server = spawn("npx", ["tsx", "server/main.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
