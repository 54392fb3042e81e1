/**
 * Runs `run` over `items`, at most `limit` at a time, each started in the list's order; the results
 * come back in that order. For child processes on a small machine: each one loads a runtime of its own.
 */
export async function pooled<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await run(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
