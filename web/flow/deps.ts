/**
 * The server's dependencies for the page, as `server-main.ts` builds them, over a fresh fixture
 * world, a manual clock, seeded ids and the fixture secret, so a flow is the same every time.
 */
import type { FixtureWorld } from "../../handwritten/fixtures/index.js";
import type { AuditSink } from "../../mcp/audit.js";
import { createFixtureHarnessDeps } from "../../mcp/deps.js";
import type { HarnessDeps } from "../../mcp/server.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";

export type FlowDeps = { readonly deps: HarnessDeps; readonly world: FixtureWorld };

export function createFlowDeps(audit: AuditSink): FlowDeps {
  const { world, registry, ledger, nonces, artifacts, clock, ids, secret } = createEnvironment({ script: [] });
  const deps = createFixtureHarnessDeps({ world, registry, ledger, nonces, artifacts, clock, ids, secret, audit });
  return { deps, world };
}
