import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

/** The extension's scripts: content scripts cannot be ES modules, so each is built alone as one classic script. */
export const SCRIPT_ENTRIES = {
  background: "src/background/serviceWorker.ts",
  checkout: "src/content/checkout.tsx",
  appBridge: "src/content/appBridge.ts",
} as const;

const shared = (appUrl: string, outDir: string): InlineConfig => ({
  configFile: false,
  root: here,
  logLevel: "warn",
  plugins: [react()],
  define: { __DEAL_FINDER_URL__: JSON.stringify(appUrl), "process.env.NODE_ENV": JSON.stringify("production") },
  build: { outDir, emptyOutDir: false, target: "chrome120", minify: true, sourcemap: false, modulePreload: false },
});

/** One script of the extension as a self-contained IIFE. */
export function scriptConfig(name: keyof typeof SCRIPT_ENTRIES, appUrl: string, outDir: string): InlineConfig {
  const base = shared(appUrl, outDir);
  return {
    ...base,
    build: {
      ...base.build,
      lib: { entry: resolve(here, SCRIPT_ENTRIES[name]), formats: ["iife"], name: `dealFinder_${name}`, fileName: () => `${name}.js` },
    },
  };
}

/** The popup page, an ordinary extension page with its own module scripts. */
export function popupConfig(appUrl: string, outDir: string): InlineConfig {
  const base = shared(appUrl, outDir);
  return {
    ...base,
    base: "./",
    root: resolve(here, "src"),
    build: { ...base.build, outDir, rollupOptions: { input: { popup: resolve(here, "src/popup/popup.html") } } },
  };
}
