/**
 * What the checker can and cannot tell about a submitted route. A route whose turns, as the engines
 * see them, begin with every turn of a route shipped with the project is that shipped route, whatever
 * its label, model name or digest. A route must carry the provider metadata a LangChain chat model
 * reports; the checker requires it, but it cannot prove a route fabricated from scratch was not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson } from "../../contract/index.js";
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
