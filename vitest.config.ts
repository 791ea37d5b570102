import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";

/**
 * The server and end-to-end files each start their own stack (database, server, emulator, Chromium) on ports of their
 * own, so two run side by side; most of a file's time is waiting on sockets, so two workers keep two cores busy. They
 * share one module graph per worker (no isolation) because loading the server's modules again for every file cost
 * more than a minute of CI; every file starts and stops what it uses, and holds no state in a module.
 */
const sharedStackFiles = { fileParallelism: true, maxWorkers: 2, isolate: false } as const;

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
          ...sharedStackFiles,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          ...sharedStackFiles,
        },
      },
    ],
  },
});
