import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/** The dependency rule of ARCHITECTURE.md: imports point inward, and the server reuses only the domain. */
const dependencyRule = [
  { target: "./src/domain", from: ["./src/application", "./src/infrastructure", "./src/ui", "./server", "./emulator"], message: "The domain imports nothing of ours." },
  { target: "./src/application", from: ["./src/infrastructure", "./src/ui", "./server", "./emulator"], message: "Application code imports only the domain." },
  { target: "./src/ui", from: ["./src/infrastructure", "./server", "./emulator"], message: "Views reach adapters only through the composition root (src/main.tsx)." },
  { target: "./src/infrastructure", from: ["./src/ui", "./server", "./emulator"], message: "Adapters do not import views." },
  { target: "./server", from: ["./src/application", "./src/infrastructure", "./src/ui"], message: "The server may import src/domain and nothing else of src/." },
  { target: "./server/!(main.ts)", from: ["./emulator"], message: "Only the server's composition root (server/main.ts) may start the emulator." },
  { target: "./emulator", from: ["./src/application", "./src/infrastructure", "./src/ui", "./server"], message: "The emulator stands alone, like Google; it may reuse pure domain helpers such as the mbox reader." },
];

export default tseslint.config(
  { ignores: ["dist", "storybook-static", "node_modules", "data", "test-results", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: dependencyRule }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
