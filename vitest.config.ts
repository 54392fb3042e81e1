import { defineConfig } from "vitest/config";
import { langgraphInstall } from "./scenarios/langgraph-install.js";
import { openaiAgentsInstall } from "./scenarios/openai-agents-engines.js";

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

/** The OpenAI Agents SDK adapter's suites, and the suites that run every engine, under the same rule. */
const OPENAI_AGENTS_SUITES = [
  "openai-agents-adapter/**",
  "test/faults/schedules.test.ts",
  "test/crash/**",
  "test/evidence/runtime-record.test.ts",
];
const openaiAgents = openaiAgentsInstall();
if (!openaiAgents.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the OpenAI Agents suites: ${openaiAgents.reason}`);
  process.stderr.write(
    `not measured: the OpenAI Agents suites (${OPENAI_AGENTS_SUITES.join(", ")}): ${openaiAgents.reason}\n`,
  );
}

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      "langgraph-adapter/node_modules/**",
      "openai-agents-adapter/node_modules/**",
      // StrykerJS's sandboxes (npm run mutate) hold copies of the test files.
      ".stryker-tmp/**",
      ...(langgraph.installed ? [] : LANGGRAPH_SUITES),
      ...(openaiAgents.installed ? [] : OPENAI_AGENTS_SUITES),
    ],
    // The contract takes its hashing from its host; every test file is a Node host (test/setup/hashing.ts).
    setupFiles: ["test/setup/hashing.ts"],
    testTimeout: 30_000,
    pool: "forks",
  },
});
