import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";

export default defineConfig({
  test: {
    tags: [
      {
        name: "runtime",
        description:
          "Server tests that lean on Node's own parts (processes, worker threads, sockets, signals, fetch, streams, the compiled bundle): CI runs them again on the newest LTS line.",
      },
    ],
    projects: [
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts?(x)", "test/machines/**/*.test.ts?(x)"],
          setupFiles: ["test/unit/reflectMetadata.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["test/server/**/*.test.ts", "test/emulator/**/*.test.ts"],
          globalSetup: ["test/server/support/postgresServer.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
