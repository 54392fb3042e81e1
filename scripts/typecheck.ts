/**
 * tsx scripts/typecheck.ts: type-checks the project, then the LangGraph, OpenAI Agents, AI SDK, LangChain and Mastra adapters when each is
 * installed as pinned; otherwise says the adapter's check is not measured, and why. The checks are independent and each
 * tsc uses one core, so they run side by side, one per core; each one's output is printed whole, in the list's order.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { helpAsked, pooled } from "../cli/index.js";
import { aiSdkInstall } from "../scenarios/ai-sdk-install.js";
import { langgraphInstall } from "../scenarios/langgraph-install.js";
import { langchainInstall } from "../scenarios/langchain-engines.js";
import { mastraInstall } from "../scenarios/mastra-engines.js";
import { dbosInstall } from "../scenarios/dbos-engines.js";
import { openaiAgentsInstall } from "../scenarios/openai-agents-engines.js";

type Checked = { readonly status: number; readonly output: string };

function tsc(project: string): Promise<Checked> {
  // Incremental, its state in node_modules/.cache: a run after a small change re-checks what it touches.
  const buildInfo = `node_modules/.cache/typecheck/${project.replaceAll("/", "_")}.tsbuildinfo`;
  const args = ["tsc", "-p", project, "--noEmit", "--incremental", "--tsBuildInfoFile", buildInfo];
  const child = spawn("npx", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ status: 1, output: `${project}: ${error.message}\n` }));
    child.once("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

const ADAPTERS = [
  { name: "LangGraph", install: langgraphInstall, project: "langgraph-adapter/tsconfig.json" },
  { name: "OpenAI Agents", install: openaiAgentsInstall, project: "openai-agents-adapter/tsconfig.json" },
  { name: "AI SDK", install: aiSdkInstall, project: "ai-sdk-adapter/tsconfig.json" },
  { name: "LangChain", install: langchainInstall, project: "langchain-adapter/tsconfig.json" },
  { name: "Mastra", install: mastraInstall, project: "mastra-adapter/tsconfig.json" },
  { name: "DBOS", install: dbosInstall, project: "dbos-adapter/tsconfig.json" },
];
const USAGE = "Usage: tsx scripts/typecheck.ts   (npm run typecheck; no options)";
if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
let status = 0;
const projects = ["tsconfig.json"];
for (const adapter of ADAPTERS) {
  const found = adapter.install();
  if (found.installed) projects.push(adapter.project);
  else if (process.env["CI"] === "true") {
    process.stderr.write(`typecheck: CI must type-check the ${adapter.name} adapter: ${found.reason}\n`);
    status = 1;
  } else process.stderr.write(`not measured: the ${adapter.name} adapter's type check: ${found.reason}\n`);
}
const checked = await pooled(projects, availableParallelism(), tsc);
for (const { status: code, output } of checked) {
  process.stdout.write(output);
  if (code !== 0) status = code;
}
process.exitCode = status;
