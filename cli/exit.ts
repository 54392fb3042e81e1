/**
 * Exits once stdout and stderr hold everything written (a write's callback comes after those before it), not
 * when the event loop empties: Node then also frees the heap page by page (~150 MiB after a run), about a
 * tenth of compare's time beyond tsx's start on a busy machine, which an exit leaves to the system. And a
 * framework's runtime that keeps connections open (DBOS's pool to its system database) would never let the
 * loop empty: the matrix and the ablation wrote their evidence and then waited forever (measured on dbos_hardened).
 * Imports nothing, so a light entry (compare) may use it.
 */
export function exitWhenWritten(code: number): void {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}
