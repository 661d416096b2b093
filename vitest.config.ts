import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Every evaluate call is also run on the compiled engine and compared bit for bit (MINIXLA_CROSSCHECK=0 turns it off).
    setupFiles: ["test/setup/cross_check.ts"],
  },
});
