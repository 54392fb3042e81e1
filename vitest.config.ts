import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { aiSdkInstall } from "./scenarios/ai-sdk-install.js";
import { langgraphInstall } from "./scenarios/langgraph-install.js";
import { langchainInstall } from "./scenarios/langchain-engines.js";
import { mastraInstall } from "./scenarios/mastra-engines.js";
import { openaiAgentsInstall } from "./scenarios/openai-agents-engines.js";
import { HeavyFirstSequencer } from "./test/setup/heavy-first.js";

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

/** The OpenAI Agents SDK adapter's suites, under the same rule (the heavy suites run the built-in engines only). */
const OPENAI_AGENTS_SUITES = ["openai-agents-adapter/**"];
const openaiAgents = openaiAgentsInstall();
if (!openaiAgents.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the OpenAI Agents suites: ${openaiAgents.reason}`);
  process.stderr.write(
    `not measured: the OpenAI Agents suites (${OPENAI_AGENTS_SUITES.join(", ")}): ${openaiAgents.reason}\n`,
  );
}

/** The AI SDK adapter's suites, likewise optional: absent, they are not measured and say why. */
const aiSdk = aiSdkInstall();
if (!aiSdk.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the AI SDK suites: ${aiSdk.reason}`);
  process.stderr.write(`not measured: the AI SDK suites (ai-sdk-adapter/**): ${aiSdk.reason}\n`);
}

/** The LangChain adapter's suites, likewise optional: absent, they are not measured and say why. */
const langchain = langchainInstall();
if (!langchain.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the LangChain suites: ${langchain.reason}`);
  process.stderr.write(`not measured: the LangChain suites (langchain-adapter/**): ${langchain.reason}\n`);
}

/** The Mastra adapter's suites, likewise optional: absent, they are not measured and say why. */
const mastra = mastraInstall();
if (!mastra.installed) {
  if (process.env["CI"] === "true") throw new Error(`CI must run the Mastra suites: ${mastra.reason}`);
  process.stderr.write(`not measured: the Mastra suites (mastra-adapter/**): ${mastra.reason}\n`);
}

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      "langgraph-adapter/node_modules/**",
      "openai-agents-adapter/node_modules/**",
      "ai-sdk-adapter/node_modules/**",
      "langchain-adapter/node_modules/**",
      "mastra-adapter/node_modules/**",
      // StrykerJS's sandboxes (npm run mutate) hold copies of the test files.
      ".stryker-tmp/**",
      ...(langgraph.installed ? [] : LANGGRAPH_SUITES),
      ...(openaiAgents.installed ? [] : OPENAI_AGENTS_SUITES),
      ...(aiSdk.installed ? [] : ["ai-sdk-adapter/**"]),
      ...(langchain.installed ? [] : ["langchain-adapter/**"]),
      ...(mastra.installed ? [] : ["mastra-adapter/**"]),
    ],
    // The contract takes its hashing from its host; every test file is a Node host (test/setup/hashing.ts).
    setupFiles: ["test/setup/hashing.ts"],
    testTimeout: 30_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores: a single worker on CI's two. Much of the
    // suite waits on child processes, Chromium and timers, and a second worker fills that time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
