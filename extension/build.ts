import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "vite";
import { buildManifest, ICON_SIZES } from "./manifest";
import { iconPng } from "./icons";
import { popupConfig, scriptConfig, SCRIPT_ENTRIES } from "./vite.config";

const DEFAULT_APP_URL = "http://localhost:3000";
const root = fileURLToPath(new URL("..", import.meta.url));

/** The address the extension talks to: --app-url, else DEAL_FINDER_URL, else the local app. */
function appUrlFrom(value: string | undefined): string {
  const raw = value ?? process.env.DEAL_FINDER_URL ?? DEFAULT_APP_URL;
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`The Deal Finder address must be http(s): ${raw}`);
  return url.origin;
}

/** npm run build:extension -- [--app-url URL] [--out-dir DIR]: the unpacked extension, ready for "Load unpacked". */
export async function buildExtension(appUrl: string, outDir: string): Promise<void> {
  // Always a production build, also when a test runner (NODE_ENV=test) builds it: React's JSX runtime follows NODE_ENV.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await buildInto(appUrl, outDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildInto(appUrl: string, outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(resolve(outDir, "icons"), { recursive: true });
  for (const name of Object.keys(SCRIPT_ENTRIES) as (keyof typeof SCRIPT_ENTRIES)[]) await build(scriptConfig(name, appUrl, outDir));
  await build(popupConfig(appUrl, outDir));
  const { version } = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as { version: string };
  writeFileSync(resolve(outDir, "manifest.json"), `${JSON.stringify(buildManifest({ appUrl, version }), null, 2)}\n`);
  for (const size of ICON_SIZES) writeFileSync(resolve(outDir, `icons/icon-${size}.png`), iconPng(size));
  // What `npm start` compares to decide whether the extension must be built again for another address.
  writeFileSync(resolve(outDir, "build-info.json"), `${JSON.stringify({ appUrl })}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { "app-url": { type: "string" }, "out-dir": { type: "string" } } });
  const appUrl = appUrlFrom(values["app-url"]);
  const outDir = resolve(values["out-dir"] ?? resolve(root, "extension/dist"));
  await buildExtension(appUrl, outDir);
  console.info(`Built the extension for ${appUrl} in ${outDir}`);
}
