/** Global setup: the configuration's `not measured:` line (test/setup/requirements.ts), said again at the end. */
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    notMeasured: string | null;
  }
}

export default function setup(project: TestProject): () => void {
  const line = project.getProvidedContext().notMeasured;
  return () => {
    if (line !== null) process.stderr.write(`${line}\n`);
  };
}
