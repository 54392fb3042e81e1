/**
 * Shared helpers for the handwritten engine tests. Test-only: nothing in the engine imports it.
 * It deliberately avoids `node:` imports so the handwritten folder stays browser-clean.
 */
import { expect } from "vitest";
import {
  createRegistry,
  defineTool,
  type AgentState,
  type AnyToolSpec,
  type Message,
  type Result,
  type ToolContext,
  type ToolRegistry,
  type TraceEvent,
  messagesOf,
  AppendList,
} from "../../contract/index.js";
import { createFixtureTools, type FixtureWorld } from "../fixtures/index.js";
import { createEnvironment, type Environment, type EnvironmentOptions } from "../fixtures/environment.js";
import { createHandwrittenEngine, type HandwrittenEngine } from "./index.js";

export type ToolMessage = Extract<Message, { role: "tool" }>;

export type Harness = { readonly env: Environment; readonly engine: HandwrittenEngine };

/** A fresh environment and a handwritten engine over it; `registry` replaces the fixture registry. */
export function setup(options: EnvironmentOptions, registry?: (env: Environment) => ToolRegistry): Harness {
  const env = createEnvironment(options);
  const engine = createHandwrittenEngine(registry === undefined ? env : { ...env, registry: registry(env) });
  return { env, engine };
}

/** A second process over the same stores (the old one "died"). */
export function restart(env: Environment, registry?: ToolRegistry): HandwrittenEngine {
  return createHandwrittenEngine(registry === undefined ? env : { ...env, registry });
}

/** The value of an ok result; fails the test on an error result. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function toolMessages(state: AgentState): ToolMessage[] {
  return messagesOf(state).filter((m): m is ToolMessage => m.role === "tool");
}

export function onlyToolMessage(state: AgentState): ToolMessage {
  const messages = toolMessages(state);
  expect(messages).toHaveLength(1);
  const [message] = messages;
  if (message === undefined) throw new Error("no tool message");
  return message;
}

export function traceOf(env: Environment, session: string): readonly TraceEvent[] {
  return env.trace.list(session);
}

export function traceTypes(env: Environment, session: string): string[] {
  return env.trace.list(session).map((e) => e.type);
}

export function eventsOfType(env: Environment, session: string, type: string): TraceEvent[] {
  return env.trace.list(session).filter((e) => e.type === type);
}

/** Narrows a state to one status, failing the test otherwise. */
export function expectStatus<S extends AgentState["status"]>(
  state: AgentState,
  status: S,
): Extract<AgentState, { status: S }> {
  expect(state.status).toBe(status);
  return state as Extract<AgentState, { status: S }>;
}

/** Reads a field of a JSON object content (tool message content). */
export function field(content: unknown, key: string): unknown {
  if (content === null || typeof content !== "object" || Array.isArray(content))
    throw new Error(`not an object: ${JSON.stringify(content)}`);
  return (content as Record<string, unknown>)[key];
}

/**
 * The fixture tools with an observer called at the start of every executor call, before the
 * fixture world sees it. The specs are re-defined, so they still go through `defineTool`.
 */
export function observedRegistry(
  world: FixtureWorld,
  observe: (tool: string, args: unknown, ctx: ToolContext) => void,
): ToolRegistry {
  const tools: AnyToolSpec[] = createFixtureTools(world).map((spec) =>
    defineTool({
      name: spec.name,
      description: spec.description,
      input: spec.input,
      risk: spec.risk,
      timeoutMs: spec.timeoutMs,
      ...(spec.output === undefined ? {} : { output: spec.output }),
      execute: (args: unknown, ctx: ToolContext) => {
        observe(spec.name, args, ctx);
        return spec.execute(args as Record<string, unknown>, ctx);
      },
    }),
  );
  return createRegistry(tools);
}

/**
 * An independent canonical JSON (sorted keys, no whitespace) for hand-computed digests; it shares
 * no code with `canonicalJson`, so a test comparing the two can fail if either is wrong.
 */
export function referenceCanonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(referenceCanonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${referenceCanonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The checkpoint hash rule of `state-hash.ts`, written again from its documentation with the
 * caller's sha256 (node's, in the tests): each top-level array (or AppendList) is a chain
 * h0 = sha256("[]"), h(i+1) = sha256(h(i) + canonical(item)), replaced by { chain, length }.
 */
export function referenceStateHash(state: AgentState, sha256: (text: string) => string): string {
  const { checkpoint_hash: _ignored, ...rest } = state;
  const fields = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => {
      // An AppendList counts as the array of its items.
      const items: unknown = value instanceof AppendList ? value.toArray() : value;
      if (!Array.isArray(items)) return [key, value];
      let chain = sha256("[]");
      for (const item of items) chain = sha256(chain + referenceCanonical(item));
      return [key, { chain, length: items.length }];
    }),
  );
  return sha256(referenceCanonical(fields));
}
