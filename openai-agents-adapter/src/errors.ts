/**
 * The SDK wraps what a tool's execute throws. A simulated process death or a spent work budget
 * must reach the caller as itself, so the innermost cause is what the engine rethrows.
 */
export function unwrapRunError(error: unknown): unknown {
  let inner = error;
  for (let depth = 0; depth < 5; depth++) {
    const next =
      (inner as { cause?: unknown; error?: unknown } | null)?.cause ?? (inner as { error?: unknown } | null)?.error;
    if (!(next instanceof Error)) return inner;
    inner = next;
  }
  return inner;
}
