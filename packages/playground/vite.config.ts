/**
 * The playground's build: plain files under dist/ with relative paths, so any
 * static host (or file://) serves them. node:os (read by the interpreter's
 * memory budget) becomes a browser stand-in.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  resolve: {
    alias: { "node:os": fileURLToPath(new URL("./src/node_os_shim.ts", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: "es" },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
