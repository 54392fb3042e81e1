import { defineConfig } from "vitest/config";
import { aiSdkInstall } from "./scenarios/ai-sdk-install.js";
import { langgraphInstall } from "./scenarios/langgraph-install.js";

/**
 * LangGraph is optional (the course's default install does not include it). These suites need the
 * adapter installed as pinned; without it they are not measured, said on the first line of the
 * output, and everything else still runs. In CI the adapter is always installed, so its absence fails.
 */
const LANGGRAPH_SUITES = [
  "langgraph-adapter/**",
  "test/faults/schedules.test.ts",
  "test/crash/**",
  // The runtime record was made with all three engines measured.
  "test/evidence/runtime-record.test.ts",
];
const langgraph = langgraphInstall();
if (!langgraph.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the LangGraph suites: ${langgraph.reason}`);
  process.stderr.write(`not measured: the LangGraph suites (${LANGGRAPH_SUITES.join(", ")}): ${langgraph.reason}\n`);
}

/** The AI SDK adapter's suites, likewise optional: absent, they are not measured and say why. */
const aiSdk = aiSdkInstall();
if (!aiSdk.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the AI SDK suites: ${aiSdk.reason}`);
  process.stderr.write(`not measured: the AI SDK suites (ai-sdk-adapter/**): ${aiSdk.reason}\n`);
}

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      "langgraph-adapter/node_modules/**",
      // StrykerJS's sandboxes (npm run mutate) hold copies of the test files.
      ".stryker-tmp/**",
      ...(langgraph.installed ? [] : LANGGRAPH_SUITES),
      ...(aiSdk.installed ? [] : ["ai-sdk-adapter/**"]),
    ],
    testTimeout: 30_000,
    pool: "forks",
  },
});
