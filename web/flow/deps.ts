/**
 * The server's dependencies for the page, as `server-main.ts` builds them, over a fresh fixture
 * world, a manual clock, seeded ids and the fixture secret, so a flow is the same every time.
 */
import { DEFAULT_INPUT_LIMITS } from "../../handwritten/contract/index.js";
import type { FixtureWorld } from "../../handwritten/fixtures/index.js";
import type { AuditSink } from "../../mcp/audit.js";
import type { CallToolDeps } from "../../mcp/call-tool.js";
import { createSessionStore } from "../../mcp/sessions.js";
import { createEnvironment } from "../../scenarios/environment.js";

export type FlowDeps = { readonly deps: CallToolDeps; readonly world: FixtureWorld };

export function createFlowDeps(audit: AuditSink): FlowDeps {
  const env = createEnvironment({ script: [] });
  const deps: CallToolDeps = {
    registry: env.registry,
    ledger: env.ledger,
    artifacts: env.artifacts,
    clock: env.clock,
    ids: env.ids,
    secret: env.secret,
    sessions: createSessionStore(),
    audit,
    limits: env.limits,
    inputLimits: DEFAULT_INPUT_LIMITS,
  };
  return { deps, world: env.world };
}
