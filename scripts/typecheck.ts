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
const langgraph = langgraphInstall();
if (!langgraph.installed) {
  if (process.env["CI"] === "true") {
    process.stderr.write(`typecheck: CI must type-check the LangGraph adapter: ${langgraph.reason}\n`);
    status = 1;
  } else process.stderr.write(`not measured: the LangGraph adapter's type check: ${langgraph.reason}\n`);
} else if (status === 0) status = tsc("langgraph-adapter/tsconfig.json");
const openaiAgents = openaiAgentsInstall();
if (!openaiAgents.installed) {
  if (process.env["CI"] === "true") {
    process.stderr.write(`typecheck: CI must type-check the OpenAI Agents adapter: ${openaiAgents.reason}\n`);
    status = 1;
  } else process.stderr.write(`not measured: the OpenAI Agents adapter's type check: ${openaiAgents.reason}\n`);
} else if (status === 0) status = tsc("openai-agents-adapter/tsconfig.json");
const aiSdk = aiSdkInstall();
if (!aiSdk.installed) {
  if (process.env["CI"] === "true") {
    process.stderr.write(`typecheck: CI must type-check the AI SDK adapter: ${aiSdk.reason}\n`);
    status = 1;
  } else process.stderr.write(`not measured: the AI SDK adapter's type check: ${aiSdk.reason}\n`);
} else if (status === 0) status = tsc("ai-sdk-adapter/tsconfig.json");
process.exitCode = status;
