/** The MCP flow page (flow.html) in English: this catalogue defines the page's keys. */
import { CHROME_EN } from "./chrome.js";

export const FLOW_EN = {
  ...CHROME_EN,
  "page.title": "MCP flow: the project's server in the page, one step at a time",
  "page.skip": "Skip to the steps",
  "page.heading": "MCP flow: discover, propose, schema gate, policy and approval, execute",
  "page.intro":
    "The project's own MCP server (`mcp/server.ts`: the contract's validation, policy, approval tokens, idempotency ledger and `executeIntent`) runs in this page, linked to the official SDK client by the SDK's in-memory transport. Every message below is a JSON-RPC message the server really received or sent, and every fact is one the server wrote to its audit log. The server decides a `tools/call` in one request; each step shows its part of that decision. Offline: no model, no network.",

  "choice.heading": "The call the model proposes",
  "choice.hint": "Picking a call starts a new flow with a fresh server.",
  "choice.passes": "read_table: a read-only call that passes",
  "choice.schema_fails": "save_artifact: a wrong type and an unknown key, stopped by the schema",
  "choice.high_risk": "publish_report: high risk, waits for a person's approval",
  "choice.always_deny": "run_shell: always denied",

  "controls.label": "Flow controls",
  "controls.next": "Next step",
  "controls.restart": "Restart",
  "controls.nextLabel": "Next step:",
  "world.calls": "Executor calls",
  "world.effects": "Side effects landed",

  "next.discover": "connect and discover: initialize, then tools/list (and resources/list, prompts/list when offered)",
  "next.propose": "send the model's proposed call as tools/call",
  "next.schema": "show the schema gate's decision",
  "next.policy": "show the policy decision",
  "next.await_person": "waiting for a person: approve or decline the high-risk call",
  "next.result": "show the execution and what goes back to the model's context",
  "next.finished": "the flow has ended: pick a call or restart",

  "approval.heading": "A person decides the high-risk call",
  "approval.call": "{tool} with arguments {args}",
  "approval.key": "key {key}",
  "approval.group": "Decide the high-risk call",
  "approval.approve": "Approve",
  "approval.decline": "Decline",
  "approval.hint":
    "Approve signs a single-use {term:approval_token} for this pending call (the contract's `approvePending`, under the server's secret) and the host repeats the call with the token in `_meta[\"agent-harness/approval\"]`. Decline sends nothing more.",

  "steps.heading": "The five steps",
  "step.discover": "Discover",
  "step.propose": "The model's proposed call",
  "step.schema": "Schema gate",
  "step.policy": "Policy and approval",
  "step.result": "Execute, and the result or error back to context",
  "state.done": "(done)",
  "state.current": "(current)",
  "state.waiting": "(waiting)",
  "state.not_reached": "(not reached)",
  "state.upcoming": "(upcoming)",
  "note.declined":
    "Not executed: the person declined. The host sends nothing more; the approval_required answer goes back to context as the call's error.",
  "note.notReached": "Not reached: the call stopped at an earlier step.",

  "discovered.tools": "tools: {names}",
  "discovered.resources": "resources: {names}",
  "discovered.noResources": "resources: not offered by this server",
  "discovered.prompts": "prompts: {names}",
  "discovered.noPrompts": "prompts: not offered by this server",
  "propose.call": "The model proposes {tool} with {args}.",
  "entry.toServer": "client → server: {what}",
  "entry.toClient": "server → client: {what}",
  "entry.answer": "answer to #{id}",
  "entry.fact": "server audit: {type}",
  "entry.approved": "a person approved the call",
  "entry.declined": "a person declined the call",
  "context.heading": "Back to the model's context (isError: {isError}):",

  "announce.nothing": "Nothing sent yet. Next: {next}.",
  "announce.step": "{label}: JSON-RPC messages {wire}, audit facts {facts}.",
  "announce.back": "Back to context: status {status}.",
  "announce.backError": "Back to context: status {status}, as an error.",
  "announce.next": "Next: {next}.",
} as const;

export type FlowKey = keyof typeof FLOW_EN;
