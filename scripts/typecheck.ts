/**
 * tsx scripts/typecheck.ts: type-checks the project, then the LangGraph, OpenAI Agents and AI SDK adapters when each is
 * installed as pinned; otherwise says the adapter's check is not measured, and why.
 */
import { spawnSync } from "node:child_process";
import { aiSdkInstall } from "../scenarios/ai-sdk-install.js";
import { langgraphInstall } from "../scenarios/langgraph-install.js";
import { openaiAgentsInstall } from "../scenarios/openai-agents-engines.js";

const tsc = (project: string) => spawnSync("npx", ["tsc", "-p", project, "--noEmit"], { stdio: "inherit" }).status ?? 1;

let status = tsc("tsconfig.json");
const ADAPTERS = [
  { name: "LangGraph", install: langgraphInstall, project: "langgraph-adapter/tsconfig.json" },
  { name: "OpenAI Agents", install: openaiAgentsInstall, project: "openai-agents-adapter/tsconfig.json" },
  { name: "AI SDK", install: aiSdkInstall, project: "ai-sdk-adapter/tsconfig.json" },
];
for (const adapter of ADAPTERS) {
  const found = adapter.install();
  if (!found.installed) {
    if (process.env["CI"] === "true") {
      process.stderr.write(`typecheck: CI must type-check the ${adapter.name} adapter: ${found.reason}\n`);
      status = 1;
    } else process.stderr.write(`not measured: the ${adapter.name} adapter's type check: ${found.reason}\n`);
  } else if (status === 0) status = tsc(adapter.project);
}
process.exitCode = status;
