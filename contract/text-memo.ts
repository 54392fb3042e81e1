/**
 * A memo keyed by text with a bound on the characters its keys hold: scanning the same strings
 * again and again (every trace event, every checkpoint seal) then costs one lookup, and memory
 * stays bounded however many distinct texts a long run sees.
 */
export type TextMemo<V> = {
  /** The value remembered for `key`, or `compute()`'s answer, remembered when the key is small enough. */
  readonly get: (key: string, compute: () => V) => V;
};

/**
 * Keys of at most `maxChars / 8` characters are remembered (one huge text cannot push out
 * everything else); when the keys together exceed `maxChars`, the oldest entries go first.
 */
export function createTextMemo<V extends object>(maxChars: number): TextMemo<V> {
  const entries = new Map<string, V>();
  let chars = 0;
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const value = compute();
      if (key.length > maxChars / 8) return value;
      entries.set(key, value);
      chars += key.length;
      for (const [oldest] of entries) {
        if (chars <= maxChars) break;
        entries.delete(oldest);
        chars -= oldest.length;
      }
      return value;
    },
  };
}
