import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "langgraph-adapter/node_modules/**"],
    testTimeout: 30_000,
    pool: "forks",
  },
});
