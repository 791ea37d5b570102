import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The dependency rule of ARCHITECTURE.md: imports point inward; the server reuses only the domain and the wire contract. */
const dependencyRule = [
  { target: "./src/domain", from: ["./src/contract", "./src/application", "./src/infrastructure", "./src/ui", "./server", "./emulator"], message: "The domain imports nothing of ours." },
  { target: "./src/contract", from: ["./src/application", "./src/infrastructure", "./src/ui", "./server", "./emulator"], message: "The wire contract imports only the domain (and io-ts)." },
  { target: "./src/application", from: ["./src/contract", "./src/infrastructure", "./src/ui", "./server", "./emulator"], message: "Application code imports only the domain." },
  { target: "./src/ui", from: ["./src/contract", "./src/infrastructure", "./server", "./emulator"], message: "Views reach adapters only through the composition root (src/main.tsx); the wire contract is the adapters' business." },
  { target: "./src/infrastructure", from: ["./src/ui", "./server", "./emulator"], message: "Adapters do not import views." },
  {
    target: "./server",
    from: ["./src/application", "./src/infrastructure", "./src/ui", "./src/main.tsx", "./src/prerender.tsx"],
    message: "The server may import src/domain and src/contract, nothing else of src/.",
  },
  { target: ["./server/!(main.ts)", "./server/!(cli)/**"], from: ["./emulator"], message: "Only the server's composition root (server/main.ts) may start the emulator." },
  { target: "./server/cli", from: "./emulator", except: ["./mbox.ts"], message: "The command-line tools read mail files with the emulator's mbox reader, and use nothing else of it." },
  { target: "./emulator", from: ["./src/contract", "./src/application", "./src/infrastructure", "./src/ui", "./server"], message: "The emulator stands alone, like Google; it may reuse pure domain helpers." },
  {
    target: "./extension",
    from: ["./src/application", "./src/infrastructure", "./src/ui", "./src/main.tsx", "./server", "./emulator"],
    message: "The browser extension shares only src/domain and the wire contract (src/contract) with the app.",
  },
  { target: ["./src/**", "./server/**"], from: ["./extension", "./demo-store"], message: "The app and the server never import the extension or the demo store." },
];

/** The server's layers (ARCHITECTURE.md, "The server as it grows"): use cases behind ports, routes side by side, presenters for routes. */
const serverRule = [
  { target: "./server/application", from: ["./server/http", "./server/infrastructure"], message: "Use cases know adapters and HTTP only through their ports." },
  { target: "./server/http/routes/**", from: ["./server/http/routes/**"], message: "A route never imports another route: what two routes share belongs in presenters.ts or a use case." },
  { target: "./server/http/routes/**", from: ["./server/http/app.ts"], message: "Routes know the app only through server/http/services.ts (no import cycle)." },
  {
    target: ["./server/*.ts", "./server/!(http)/**", "./server/http/*.ts", "./src/**", "./emulator/**", "./bench/**", "./test/**"],
    from: ["./server/http/presenters.ts"],
    message: "Presenters turn use cases' answers into the wire contract's shapes for routes, and only routes use them.",
  },
];

/**
 * No import circle anywhere, type-only imports included. import-x/no-cycle skips type-only imports (and has no option
 * not to), yet a circle of types ties modules together all the same: the extraction's and the outbox's circles were
 * type-only. Imports are read with TypeScript's own scanner and module resolution; dynamic imports count too, as a
 * lazy import still makes two modules depend on each other. Each file's imports are kept until the file changes, so an
 * editor's long-running ESLint sees an edit elsewhere at once.
 */
const importGraph = (() => {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const ours = (file) => file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
  /** Our own file a specifier names, or null for a package, a file outside the repository or one that does not resolve. */
  const resolve = (specifier, from) => {
    const target = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule;
    if (!target || target.isExternalLibraryImport) return null;
    const file = path.resolve(target.resolvedFileName);
    return ours(file) ? file : null;
  };
  /** Every import of the text (static, type-only, re-exports, dynamic) that names another of our files, and where. */
  const scan = (text, from) =>
    ts
      .preProcessFile(text, true, false)
      .importedFiles.map(({ fileName, pos, end }) => ({ file: resolve(fileName, from), pos, end }))
      .filter((edge) => edge.file !== null && edge.file !== from);
  const importsOf = new Map();
  const imports = (file) => {
    const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (importsOf.get(file)?.modified !== modified) {
      const files = modified === -1 ? [] : [...new Set(scan(fs.readFileSync(file, "utf8"), file).map((edge) => edge.file))];
      importsOf.set(file, { modified, files });
    }
    return importsOf.get(file).files;
  };
  /**
   * The files that lead back to `file`, each with the next file on a shortest way back: every file its imports reach,
   * then, walking importers backwards from `file` among those, the ones that import their way back to it.
   */
  const waysBack = (file, direct) => {
    const importers = new Map();
    const seen = new Set(direct);
    for (const queue = [...seen]; queue.length > 0; ) {
      const current = queue.shift();
      if (current === file) continue;
      for (const next of imports(current)) {
        if (!importers.has(next)) importers.set(next, []);
        importers.get(next).push(current);
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    const towards = new Map([[file, null]]);
    for (const queue = [file]; queue.length > 0; ) {
      const current = queue.shift();
      for (const importer of importers.get(current) ?? []) {
        if (towards.has(importer)) continue;
        towards.set(importer, current);
        queue.push(importer);
      }
    }
    return towards;
  };
  return { root, ours, scan, waysBack };
})();

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import circles, type-only imports included." },
    messages: { cycle: "Import circle: {{circle}}. Move what they share into a module of its own." },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!importGraph.ours(file)) return {};
    return {
      Program() {
        const { sourceCode } = context;
        // This file's imports as its text stands now, which may be ahead of the disk in an editor.
        const edges = importGraph.scan(sourceCode.text, file);
        const towards = importGraph.waysBack(file, new Set(edges.map((edge) => edge.file)));
        for (const edge of edges) {
          if (!towards.has(edge.file)) continue;
          const circle = [file];
          for (let next = edge.file; next !== null; next = towards.get(next)) circle.push(next);
          const loc = { start: sourceCode.getLocFromIndex(edge.pos), end: sourceCode.getLocFromIndex(edge.end) };
          context.report({ loc, messageId: "cycle", data: { circle: circle.map((each) => path.relative(importGraph.root, each)).join(" -> ") } });
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ["dist", "dist-server", "extension/dist", "storybook-static", "node_modules", "data", "test-results", "coverage", "test/fixtures/importCycle"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX, repository: { rules: { "no-import-cycle": noImportCycle } } },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...dependencyRule, ...serverRule] }],
      "repository/no-import-cycle": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", AbortController: "readonly" } },
  },
);
