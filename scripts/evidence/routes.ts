/**
 * What the checker can and cannot tell about a submitted route. A route whose turns, as the engines
 * see them, begin with every turn of a route shipped with the project is that shipped route, whatever
 * its label, model name or digest. A route must carry the provider metadata a LangChain chat model
 * reports; the checker requires it, but it cannot prove a route fabricated from scratch was not.
 * A route that calls a shipped route's tools in the same order, with at most NEAR_COPY_MAX_CHANGES
 * scalar arguments changed (turn texts aside: they cost nothing to rewrite), is a near copy of it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson, type JsonValue } from "../../contract/index.js";
import { isFakeModel, parseRoute, plannerTextOf, type Route } from "../../handwritten/route/index.js";

export { CANNOT_PROVE, ROUTE_METADATA_RULE } from "./terms.js";

export type ShippedRoute = { readonly path: string; readonly route: Route };

/**
 * The fake-model routes shipped in the project's routes/ folder. A route a learner recorded there
 * from a real model is not one of them: the project ships no real route.
 */
export function shippedRoutes(project: string): ShippedRoute[] {
  let names: string[];
  try {
    names = readdirSync(join(project, "routes")).filter((n) => n.endsWith(".route.json"));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const parsed = parseRoute(readFileSync(join(project, "routes", name), "utf8"));
    return parsed.ok && isFakeModel(parsed.value.model) ? [{ path: `routes/${name}`, route: parsed.value }] : [];
  });
}

/** What the engines are given, turn by turn: labels, raw metadata and ids a single call drops do not count. */
const plannerTurns = (route: Route) => route.turns.map((turn) => plannerTextOf(turn));

/** The shipped route `route` replays, or null. */
export function shippedRouteOf(route: Route, shipped: readonly ShippedRoute[]): ShippedRoute | null {
  const turns = plannerTurns(route);
  return (
    shipped.find((s) => {
      const reference = plannerTurns(s.route);
      return reference.length <= turns.length && reference.every((text, i) => text === turns[i]);
    }) ?? null
  );
}

/** Whether the route says what the shipped one says about itself (its label and model), unchanged. */
export function isRelabelled(route: Route, shipped: ShippedRoute): boolean {
  const identity = (r: Route) => canonicalJson({ id: r.id, label: r.label, model: r.model });
  return identity(route) !== identity(shipped.route);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** What provider metadata the route lacks (ROUTE_METADATA_RULE), or null when it carries it all. */
export function metadataGap(route: Route): string | null {
  const gaps: string[] = [];
  if (route.model.provider === null || route.model.provider.trim() === "") gaps.push("model.provider");
  const llmType = route.model.params["llm_type"];
  if (typeof llmType !== "string" || llmType.trim() === "") gaps.push("model.params.llm_type");
  const turn = route.turns.findIndex((t) => {
    if (!isObject(t.raw)) return true;
    const { response_metadata: meta, usage_metadata: usage } = t.raw;
    return (
      !isObject(meta) ||
      Object.keys(meta).length === 0 ||
      !isObject(usage) ||
      typeof usage["input_tokens"] !== "number" ||
      typeof usage["output_tokens"] !== "number"
    );
  });
  if (turn >= 0) gaps.push(`turns[${turn}].raw.response_metadata or usage_metadata`);
  return gaps.length === 0 ? null : gaps.join(", ");
}

/** "A few" changed arguments: the forgery changed one; a recorded route differs in its calls. */
export const NEAR_COPY_MAX_CHANGES = 3;

type Call = { readonly name: string; readonly args: JsonValue };
const callsOf = (route: Route): Call[] =>
  route.turns.flatMap((t) => t.tool_calls.map((c) => ({ name: c.name, args: c.args })));

/** Scalar leaves (by their path) of an argument value; an empty object or list counts as one leaf. */
function leaves(value: JsonValue, path: string, into: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) into.set(path, canonicalJson(value));
    for (const [key, v] of entries) leaves(v as JsonValue, `${path}/${key}`, into);
  } else into.set(path, canonicalJson(value));
  return into;
}

/** Scalar arguments that differ between two calls of the same tool (a leaf on one side only counts once). */
function changedArgs(a: Call, b: Call): number {
  const left = leaves(a.args, "", new Map());
  const right = leaves(b.args, "", new Map());
  const paths = new Set([...left.keys(), ...right.keys()]);
  return [...paths].filter((p) => left.get(p) !== right.get(p)).length;
}

export type NearCopy = { readonly shipped: ShippedRoute; readonly changes: number };

/**
 * The shipped route `route` nearly copies: the same tools in the same order (calls appended after
 * them count as changes too), at most NEAR_COPY_MAX_CHANGES changed scalar arguments; or null.
 */
export function nearCopyOf(route: Route, shipped: readonly ShippedRoute[]): NearCopy | null {
  const calls = callsOf(route);
  let best: NearCopy | null = null;
  for (const s of shipped) {
    const reference = callsOf(s.route);
    if (calls.length < reference.length || reference.some((c, i) => c.name !== calls[i]?.name)) continue;
    const changes =
      reference.reduce((n, c, i) => n + changedArgs(c, calls[i] as Call), 0) + (calls.length - reference.length);
    if (changes <= NEAR_COPY_MAX_CHANGES && (best === null || changes < best.changes)) best = { shipped: s, changes };
  }
  return best;
}
