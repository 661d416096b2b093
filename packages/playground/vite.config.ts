/**
 * The playground's build: plain files under dist/ with relative paths, so any
 * static host serves them; one index.html with everything inlined, so
 * file:// works too. node:os (read by the interpreter's
 * memory budget) becomes a browser stand-in.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { inlineIntoHtml } from "./src/inline_build.ts";

export default defineConfig({
  base: "./",
  plugins: [inlineIntoHtml()],
  resolve: {
    alias: { "node:os": fileURLToPath(new URL("./src/node_os_shim.ts", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 4096,
    // The worker's bundling is slow by nature (it holds the engines); no timing report on every build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // A classic worker: pages opened from file:// (an opaque origin) cannot start module workers from blob URLs.
  worker: { format: "iife" },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
