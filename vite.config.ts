import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";

/** The SPA build. The API is on the same origin under /api unless VITE_API_BASE_URL names another host. */
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: "dist", sourcemap: true },
  server: {
    port: 5173,
    proxy: { "/api": process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080" },
  },
});
