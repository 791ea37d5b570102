import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

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
  { target: ["./server/!(main.ts)", "./server/*/**"], from: ["./emulator"], message: "Only the server's composition root (server/main.ts) may start the emulator." },
  { target: "./emulator", from: ["./src/contract", "./src/application", "./src/infrastructure", "./src/ui", "./server"], message: "The emulator stands alone, like Google; it may reuse pure domain helpers such as the mbox reader." },
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

export default tseslint.config(
  { ignores: ["dist", "dist-server", "extension/dist", "storybook-static", "node_modules", "data", "test-results", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...dependencyRule, ...serverRule] }],
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
