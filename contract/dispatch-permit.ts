/**
 * The guard against a bare executor: a registered tool's `execute` runs only under a context the
 * contract granted when it dispatched the call (`executeIntent`, after validation, policy, approval
 * and the ledger). Any other caller handed the registry (an MCP adapter calling `execute` itself,
 * a framework's own tool node) is refused before the handler runs, so nothing runs unvalidated,
 * unapproved or unrecorded. The grant is an object identity, not data: it cannot be forged from JSON.
 */
import { HarnessError } from "./result.js";
import type { AnyToolSpec, ToolContext } from "./tool.js";

const granted = new WeakSet<ToolContext>();

/** The context of a dispatch the contract decided: the only one a registered executor runs under. */
export function grantDispatch(ctx: ToolContext): ToolContext {
  const permit: ToolContext = Object.freeze({
    idempotencyKey: ctx.idempotencyKey,
    // Read through: a signal the caller makes only when the tool reads it (`executeIntent`) stays unmade.
    get signal() {
      return ctx.signal;
    },
  });
  granted.add(permit);
  return permit;
}

/** The spec as a registry hands it out: its executor refuses any context the contract did not grant. */
export function guardExecutor(spec: AnyToolSpec): AnyToolSpec {
  // A method, not an arrow property: a registry is made per run, and under tsx each arrow is named as it is made.
  return Object.freeze({
    ...spec,
    execute(args: unknown, ctx: ToolContext): Promise<unknown> {
      return granted.has(ctx)
        ? spec.execute(args as never, ctx)
        : Promise.reject(
            new HarnessError(
              "bare_executor",
              `${spec.name}'s executor was called past the contract (no dispatch granted it): nothing ran`,
            ),
          );
    },
  });
}
