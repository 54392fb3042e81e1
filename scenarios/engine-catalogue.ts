/**
 * The built-in engines by id and description, in the order every report lists them, with nothing
 * loaded: a command checks `--framework` and prints its help from here before it imports an engine.
 * `engines.ts` gives each id its factory or loader, and refuses to start if the two lists differ.
 */
import { withoutVariants, type FrameworkVariantId } from "./variants.js";
import type { Judged } from "./verdict.js";

export const ENGINE_CATALOGUE = [
  { id: "handwritten", about: null, judged: "contract", parity: true, core: true, byRequire: true },
  {
    id: "local_state_graph",
    about: "dependency-free, in this repo",
    judged: "contract",
    parity: true,
    core: true,
    byRequire: true,
  },
  {
    id: "langgraph",
    about:
      "the pinned @langchain/langgraph installed in langgraph-adapter/; when it cannot load, or the installed version is not the pin, the evidence says not-measured",
    judged: "contract",
    parity: true,
    byRequire: true,
  },
  {
    id: "openai_agents_native",
    about:
      "the pinned @openai/agents in openai-agents-adapter/ as its docs teach: its tool schemas, needsApproval and RunState; judged by behaviour, its failures are findings",
    judged: "foreign",
  },
  {
    id: "openai_agents_hardened",
    about:
      "the same SDK plus the public hardening layer (openai-agents-adapter/src/harden/): the SDK validates the zod schema, needsApproval from the risk table, answers checked by the contract, execute through the ledger, the RunState sealed",
    judged: "contract",
    parity: true,
  },
  {
    id: "ai_sdk_native",
    about:
      "the pinned Vercel AI SDK (ai 7.0.x) in ai-sdk-adapter/, as its docs teach: its own tool schemas, toolApproval and message history, no contract code in its loop; judged by behaviour",
    judged: "foreign",
  },
  {
    id: "ai_sdk_signed_native",
    about:
      "ai_sdk_native with the docs' experimental_toolApprovalSecret: approval requests HMAC-signed over tool, call id and input, checked on replay; no expiry, no record of use; judged by behaviour",
    judged: "foreign",
  },
  {
    id: "ai_sdk_hardened",
    about:
      "the native AI SDK agent plus the public hardening layer (ai-sdk-adapter/src/harden/) on its extension points: inputSchema, toolApproval from the risk table, answers checked by the contract, execute through the ledger, the history sealed",
    judged: "contract",
  },
  {
    id: "langchain_agent_native",
    about:
      "the pinned langchain (createAgent) in langchain-adapter/ as its docs teach: zod tools, humanInTheLoopMiddleware and a MemorySaver; judged by behaviour, its failures are findings",
    judged: "foreign",
  },
  {
    id: "langchain_agent_hardened",
    about:
      "the same createAgent plus the public hardening layer (langchain-adapter/src/harden/): the zod schema to tool, a per-call interrupt from the risk table, answers checked by the contract, tools through the guarded executor, its thread checkpoint sealed",
    judged: "contract",
    parity: true,
  },
  {
    id: "mastra_native",
    about:
      "the pinned @mastra/core in mastra-adapter/ as its docs teach: createTool schemas, requireApproval, suspension in LibSQL storage, approveToolCallGenerate/declineToolCallGenerate; no contract code in its loop; judged by behaviour",
    judged: "foreign",
  },
  {
    id: "mastra_hardened",
    about:
      "the same Mastra agent plus the public harden/ layer: requireApproval by the contract, answers checked by its tokens, execute through the ledger, suspended runs sealed",
    judged: "contract",
    parity: true,
  },
  {
    id: "dbos_native",
    about:
      "the pinned @dbos-inc/dbos-sdk in dbos-adapter/ on Postgres as its docs teach: a workflow per session, the planner turn and each tool call as steps, approval a DBOS.recv message, recovery by DBOS; judged by behaviour",
    judged: "foreign",
  },
  {
    id: "dbos_hardened",
    about:
      "the same DBOS workflow with the contract on its primitives: an intent step before each operation's step, the contract's engine (tokens, ledger, intent before effect) inside it, recovery stopping in reconcile_required",
    judged: "contract",
    parity: true,
  },
] as const satisfies readonly {
  readonly id: string;
  readonly about: string | null;
  /**
   * What its verdicts charge it with: a contract engine must hold behaviour and speak the contract's
   * vocabulary; a foreign one (a framework as its docs teach) is judged by behaviour, its vocabulary shown.
   */
  readonly judged: Judged;
  /**
   * A contract engine built on the contract's reducer, whose every observation (stored states and trace
   * included) must equal the reference's: parity is charged. One that keeps its framework's own state (the AI
   * SDK's message history) shows parity, uncharged.
   */
  readonly parity?: true;
  readonly core?: true;
  /** Its run may load through require (loadsByRequire). */
  readonly byRequire?: true;
}[];

export type EngineId = (typeof ENGINE_CATALOGUE)[number]["id"];
export const ENGINE_IDS: readonly EngineId[] = ENGINE_CATALOGUE.map((e) => e.id);
export const isEngineId = (id: string): id is EngineId => (ENGINE_IDS as readonly string[]).includes(id);

/** What `compare --framework <id>` runs, in a phrase of the usage text (the reference has none). */
export const aboutOf = (id: EngineId): string | null => ENGINE_CATALOGUE.find((e) => e.id === id)?.about ?? null;

/** What an engine's verdicts charge it with; a module engine loaded by path (`module:<path>`) is foreign. */
export const judgedOf = (label: string): Judged => ENGINE_CATALOGUE.find((e) => e.id === label)?.judged ?? "foreign";

/** Whether a comparison charges an engine with parity (a module engine loaded by path is not). */
export const chargesParity = (label: string): boolean =>
  ENGINE_CATALOGUE.some((e) => e.id === label && "parity" in e && e.parity);

/** Whether an engine keeps the contract: the invariant suites (fault schedules, the bench's faults) run only these. */
export const keepsContract = (id: EngineId): boolean => judgedOf(id) === "contract";

/**
 * Whether an engine lives wholly in this repo's modules (the registry imports its factory): loading it
 * loads no framework adapter, which would import the contract again through a module of its own.
 */
export const isCoreEngine = (id: EngineId): boolean =>
  ENGINE_CATALOGUE.some((e) => e.id === id && "core" in e && e.core);

/**
 * Whether a tsx command may load a run on this engine through require, in its own thread (durable/load-run.ts
 * loadRunInThread): the engine's modules are this repo's, loaded later the way the run was (loadLikeCaller),
 * and its framework's packages load through require as well (LangGraph's CommonJS build: langgraph-adapter/src/langgraph.ts).
 */
export const loadsByRequire = (id: EngineId): boolean =>
  ENGINE_CATALOGUE.some((e) => e.id === id && "byRequire" in e && e.byRequire);

/** The engine compare runs first; every other built-in engine is a framework it is compared with. */
export const REFERENCE_ENGINE = ENGINE_CATALOGUE[0].id;
export type FrameworkId = Exclude<EngineId, typeof REFERENCE_ENGINE>;
export const FRAMEWORK_IDS: readonly FrameworkId[] = ENGINE_IDS.filter(
  (id): id is FrameworkId => id !== REFERENCE_ENGINE,
);
export const isFrameworkId = (id: string): id is FrameworkId => (FRAMEWORK_IDS as readonly string[]).includes(id);

/**
 * The built-in engines, without the framework variants: the heavy suites (bench, fault schedules,
 * process kills, the runtime record) measure these; the comparison and the matrix measure the variants.
 */
export const BUILT_IN_ENGINE_IDS = withoutVariants(ENGINE_IDS);
/** A built-in engine's id: what the heavy suites' evidence is keyed by. */
export type BuiltInEngineId = Exclude<EngineId, FrameworkVariantId>;
export const isBuiltInEngineId = (id: string): id is BuiltInEngineId =>
  (BUILT_IN_ENGINE_IDS as readonly string[]).includes(id);
/** The built-in frameworks compared with the reference, without the framework variants. */
export const BUILT_IN_FRAMEWORK_IDS = withoutVariants(FRAMEWORK_IDS);
export type BuiltInFrameworkId = Exclude<FrameworkId, FrameworkVariantId>;
