/**
 * Checks what a user's engine module exports before a single column runs on it: an engine factory
 * with an id, the version it reports, `create`, and optionally `shape` and `diagram`. A wrong shape
 * is a reason, never a crash halfway through the comparison.
 */
import { err, ok, type Result } from "../../contract/index.js";
import type { EngineFactory } from "../../runtime/api.js";

const ENGINE_METHODS = [
  "start",
  "submitApproval",
  "resume",
  "reconcileUncertain",
  "state",
  "trace",
  "graphSteps",
] as const;

export function checkEngineFactory(candidate: unknown): Result<EngineFactory<string>, string> {
  if (candidate === null || typeof candidate !== "object")
    return err("expected `export const engineFactory` (or a default export) holding an object");
  const f = candidate as Record<string, unknown>;
  if (typeof f["id"] !== "string" || f["id"].trim() === "") return err("`id` must be a non-empty string");
  if (typeof f["version"] !== "string" || f["version"].trim() === "")
    return err("`version` must be a non-empty string: the version of the engine that runs");
  if (typeof f["create"] !== "function") return err("`create(context)` must be a function returning an engine");
  for (const optional of ["shape", "diagram"] as const) {
    if (f[optional] !== undefined && typeof f[optional] !== "function")
      return err(`\`${optional}\` must be a function`);
  }
  const factory = candidate as EngineFactory<string>;
  return ok({
    id: factory.id,
    version: factory.version,
    create: (context) => checkedEngine(factory.create(context)),
    shape: async (context) => (f["shape"] === undefined ? null : factory.shape(context)),
    diagram: async (context) => (f["diagram"] === undefined ? null : ((await factory.diagram?.(context)) ?? null)),
  });
}

/** An engine missing a method fails at create, naming the method, instead of deep inside a scenario. */
function checkedEngine<E>(engine: E): E {
  const missing = ENGINE_METHODS.filter((m) => typeof (engine as Record<string, unknown>)?.[m] !== "function");
  if (missing.length > 0) throw new TypeError(`the engine create() returned lacks ${missing.join(", ")}`);
  return engine;
}
