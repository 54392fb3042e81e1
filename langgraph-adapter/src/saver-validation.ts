/**
 * LangGraph's own saver validation suite (@langchain/langgraph-checkpoint-validation) under this
 * repository's vitest. The package's specs call vitest's globals (`describe`, `it`, `beforeAll`…)
 * without importing them, so they are put on `globalThis` first; `known` turns a case the
 * upstream package itself lists as unsupported for a saver into `it.fails`: asserted to fail, so
 * it neither hides as a skip nor goes unnoticed when it starts to pass.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";

export type KnownDeviations = Readonly<Record<string, string>>;

export async function validateSaver<S extends BaseCheckpointSaver>(options: {
  readonly name: string;
  readonly create: () => Promise<S> | S;
  readonly destroy?: (saver: S) => Promise<void> | void;
  readonly known?: KnownDeviations;
}): Promise<void> {
  const known = options.known ?? {};
  // A proxy keeps `it.skip`, `it.each` and the rest exactly vitest's own; only a plain call is looked at.
  const checked = new Proxy(it, {
    apply(target, self, args: Parameters<typeof it>) {
      const [title, ...rest] = args;
      const reason = typeof title === "string" ? known[title] : undefined;
      if (reason === undefined) return Reflect.apply(target, self, args);
      return Reflect.apply(target.fails, self, [`[known deviation: ${reason}] ${title as string}`, ...rest]);
    },
  });
  Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it: checked });
  const { validate } = await import("@langchain/langgraph-checkpoint-validation");
  validate<S>({
    checkpointerName: options.name,
    createCheckpointer: options.create,
    ...(options.destroy === undefined ? {} : { destroyCheckpointer: options.destroy }),
  });
}
