/**
 * The MCP flow, driven for real: the project's MCP server (`createHarnessServer`, the same
 * guards, validation, policy, approval, ledger and `executeIntent` as over stdio) and the SDK's client,
 * linked by the SDK's in-memory transport inside the page. Every JSON-RPC message the server
 * receives or sends, and every audit fact it records, lands in one ordered log with its step.
 * The reader advances one step at a time; the server decides a call in one request, and each
 * later step reveals its part of that decision.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { approvePending, assertNever, type TraceEvent } from "../../contract/index.js";
import { createMemoryAuditSink } from "../../mcp/audit.js";
import { META_KEYS } from "../../mcp/meta.js";
import { createGuards } from "../../mcp/guards.js";
import { createHarnessServer } from "../../mcp/server.js";
import { PROPOSED_CALLS, type CallChoice } from "./choices.js";
import { createFlowDeps, type FlowDeps } from "./deps.js";
import { recordingTransport, type WireDirection } from "./recorder.js";
import { FLOW_STEPS, pendingOfAnswer, statusOfAnswer, stepOfFact, stepOfMessage, type FlowStep } from "./steps.js";

export const FLOW_SESSION = "flow-page";
export const FLOW_CLIENT_INFO = Object.freeze({ name: "agent-harness-flow-page", version: "0.1.0" });

export type FlowEntry =
  | {
      readonly n: number;
      readonly step: FlowStep;
      readonly kind: "wire";
      readonly direction: WireDirection;
      readonly message: JSONRPCMessage;
    }
  | { readonly n: number; readonly step: FlowStep; readonly kind: "fact"; readonly event: TraceEvent }
  | {
      readonly n: number;
      readonly step: "policy";
      readonly kind: "person";
      readonly decision: "approved" | "declined";
    };

type Unnumbered<T> = T extends unknown ? Omit<T, "n"> : never;

export type Discovered = {
  readonly tools: readonly string[];
  /** null: the server does not offer the capability, so the client did not ask. */
  readonly resources: readonly string[] | null;
  readonly prompts: readonly string[] | null;
};

export type FlowNext = "discover" | "propose" | "schema" | "policy" | "await_person" | "result" | "finished";

export type Flow = {
  readonly choice: CallChoice;
  readonly world: FlowDeps["world"];
  entries(): readonly FlowEntry[];
  /** The last step revealed, or null before discovery. */
  cursor(): FlowStep | null;
  next(): FlowNext;
  discovered(): Discovered | null;
  advance(): Promise<void>;
  approve(): Promise<void>;
  decline(): Promise<void>;
  close(): Promise<void>;
};

export function createFlow(choice: CallChoice, logError: (error: unknown) => void): Flow {
  const log: FlowEntry[] = [];
  const methods = new Map<string | number, string>();
  const push = (entry: Unnumbered<FlowEntry>) => void log.push({ ...entry, n: log.length + 1 } as FlowEntry);
  const memory = createMemoryAuditSink();
  const { deps, world } = createFlowDeps({
    ...memory,
    append(event) {
      memory.append(event);
      push({ kind: "fact", step: stepOfFact(event.type), event });
    },
  });
  const guards = createGuards({ frames: "objects" });
  const server = createHarnessServer(deps, { connectionSession: FLOW_SESSION, logError, guards });
  const client = new Client(FLOW_CLIENT_INFO);
  const call = PROPOSED_CALLS[choice];
  let cursor: FlowStep | null = null;
  let discovered: Discovered | null = null;
  let busy = false;

  const record = ({ direction, message }: { direction: WireDirection; message: JSONRPCMessage }) => {
    if ("method" in message && "id" in message) methods.set(message.id, message.method);
    push({ kind: "wire", step: stepOfMessage(message, (id) => methods.get(id)), direction, message });
  };

  const lastAnswer = () => {
    for (let i = log.length - 1; i >= 0; i -= 1) {
      const entry = log[i];
      if (entry?.kind === "person") return null;
      if (entry?.kind === "wire" && entry.direction === "to_client" && statusOfAnswer(entry.message) !== null)
        return entry.message;
    }
    return null;
  };
  const awaitingPerson = () => {
    const answer = lastAnswer();
    return answer !== null && statusOfAnswer(answer) === "approval_required";
  };

  function next(): FlowNext {
    if (cursor === null) return "discover";
    if (cursor === "policy" && awaitingPerson()) return "await_person";
    return FLOW_STEPS[FLOW_STEPS.indexOf(cursor) + 1] ?? "finished";
  }

  async function exclusive(work: () => Promise<void>): Promise<void> {
    if (busy) throw new Error("a step is already running");
    busy = true;
    try {
      await work();
    } finally {
      busy = false;
    }
  }

  async function discover(): Promise<void> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(guards.transport(recordingTransport(serverSide, record)));
    await client.connect(clientSide);
    const capabilities = client.getServerCapabilities();
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const resources = capabilities?.resources ? (await client.listResources()).resources.map((r) => r.uri) : null;
    const prompts = capabilities?.prompts ? (await client.listPrompts()).prompts.map((p) => p.name) : null;
    discovered = { tools, resources, prompts };
  }

  const send = (meta?: Record<string, string>) =>
    client.callTool({ name: call.tool, arguments: { ...call.arguments }, ...(meta ? { _meta: meta } : {}) });

  return {
    choice,
    world,
    entries: () => log,
    cursor: () => cursor,
    next,
    discovered: () => discovered,
    advance: () =>
      exclusive(async () => {
        const action = next();
        switch (action) {
          case "await_person":
          case "finished":
            return;
          case "discover":
            await discover();
            break;
          case "propose":
            await send();
            break;
          // The server's answer to the proposal already shows these steps; moving the cursor is all.
          case "schema":
          case "policy":
          case "result":
            break;
          default:
            return assertNever(action);
        }
        cursor = action;
      }),
    approve: () =>
      exclusive(async () => {
        const answer = lastAnswer();
        const pending = answer === null ? null : pendingOfAnswer(answer);
        if (pending === null || !awaitingPerson()) throw new Error("no call is waiting for approval");
        push({ kind: "person", step: "policy", decision: "approved" });
        await send({ [META_KEYS.approval]: approvePending(pending, FLOW_SESSION, deps.secret, deps.clock.now()) });
      }),
    decline: () =>
      exclusive(async () => {
        if (!awaitingPerson()) throw new Error("no call is waiting for approval");
        push({ kind: "person", step: "policy", decision: "declined" });
      }),
    close: () => client.close(),
  };
}
