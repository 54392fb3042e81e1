/**
 * The one table of engines: a row per folder that holds engines, each engine with its own row inside it,
 * in the order every report lists them; the first engine is the reference the others are compared with.
 * Everything that lists engines or adapter folders reads it: the registry (registry.ts), compare's and
 * matrix's `--framework` choices and help, the test configuration, the type check, setup
 * (scripts/adapter-folders.ts) and the architecture tests. It imports nothing that runs, so a command checks
 * `--framework` and prints its help from here before it loads anything; the rows' schemas are row.ts.
 *
 * A new framework adapter is its folder (a package of its own: package.json with the exact pin, its
 * lockfile, tsconfig.json, src/index.ts exporting its factories), one row here, and its docs page.
 */
import type { FolderRow } from "./row.js";

/** A framework's engines keep the contract's checkpoints; a foreign one plays no fault schedule (no contract to fault). */
const framework = (judged: "contract" | "foreign") =>
  ({
    judged,
    sessionStore: "contract_checkpoints",
    // The framework's loop makes a schedule slower, as LangGraph's does.
    benchFaultSchedules: judged === "contract" ? { full: 30, quick: 10 } : { full: 0, quick: 0 },
  }) as const;

export const ENGINE_TABLE = [
  {
    kind: "core",
    folder: "handwritten",
    module: "../handwritten/engine/factory.js",
    export: "handwrittenFactory",
    byRequire: true,
    engines: [
      {
        id: "handwritten",
        about: null,
        judged: "contract",
        parity: true,
        sessionStore: "contract_checkpoints",
        benchFaultSchedules: { full: 500, quick: 100 },
      },
    ],
  },
  {
    kind: "core",
    folder: "local-graph",
    module: "../local-graph/agent/index.js",
    export: "localGraphFactory",
    byRequire: true,
    engines: [
      {
        id: "local_state_graph",
        about: "dependency-free, in this repo",
        judged: "contract",
        parity: true,
        sessionStore: "graph_checkpointer",
        benchFaultSchedules: { full: 150, quick: 30 },
      },
    ],
  },
  {
    kind: "adapter",
    folder: "langgraph-adapter",
    name: "LangGraph",
    package: "@langchain/langgraph",
    version: "1.7.3",
    export: "langgraphFactory",
    byRequire: true,
    engines: [
      {
        id: "langgraph",
        about:
          "the pinned @langchain/langgraph installed in langgraph-adapter/; when it cannot load, or the installed version is not the pin, the evidence says not-measured",
        judged: "contract",
        parity: true,
        sessionStore: "langgraph_saver",
        benchFaultSchedules: { full: 30, quick: 10 },
      },
    ],
  },
  {
    kind: "adapter",
    folder: "openai-agents-adapter",
    name: "OpenAI Agents",
    package: "@openai/agents",
    version: "0.20.0",
    example: "examples/openai-agents-hardened.ts",
    export: "factories",
    byRequire: false,
    engines: [
      {
        id: "openai_agents_native",
        about:
          "the pinned @openai/agents in openai-agents-adapter/ as its docs teach: its tool schemas, needsApproval and RunState; judged by behaviour, its failures are findings",
        ...framework("foreign"),
        parity: false,
      },
      {
        id: "openai_agents_hardened",
        about:
          "the same SDK plus the public hardening layer (openai-agents-adapter/src/harden/): the SDK validates the zod schema, needsApproval from the risk table, answers checked by the contract, execute through the ledger, the RunState sealed",
        ...framework("contract"),
        parity: true,
      },
    ],
  },
  {
    kind: "adapter",
    folder: "ai-sdk-adapter",
    name: "AI SDK",
    package: "ai",
    version: "7.0.185",
    example: "examples/ai-sdk-hardened.ts",
    export: "aiSdkFactories",
    byRequire: false,
    engines: [
      {
        id: "ai_sdk_native",
        about:
          "the pinned Vercel AI SDK (ai 7.0.x) in ai-sdk-adapter/, as its docs teach: its own tool schemas, toolApproval and message history, no contract code in its loop; judged by behaviour",
        ...framework("foreign"),
        parity: false,
      },
      {
        // A native variant (the id ends in `_native`, as variants.ts reads it).
        id: "ai_sdk_signed_native",
        about:
          "ai_sdk_native with the docs' experimental_toolApprovalSecret: approval requests HMAC-signed over tool, call id and input, checked on replay; no expiry, no record of use; judged by behaviour",
        ...framework("foreign"),
        parity: false,
      },
      {
        // It keeps the contract's checkpoints and its sealed message history beside them: parity is shown, not charged.
        id: "ai_sdk_hardened",
        about:
          "the native AI SDK agent plus the public hardening layer (ai-sdk-adapter/src/harden/) on its extension points: inputSchema, toolApproval from the risk table, answers checked by the contract, execute through the ledger, the history sealed",
        ...framework("contract"),
        parity: false,
      },
    ],
  },
  {
    kind: "adapter",
    folder: "langchain-adapter",
    name: "LangChain",
    package: "langchain",
    version: "1.5.14",
    example: "examples/langchain-agent-hardened.ts",
    export: "factories",
    byRequire: false,
    engines: [
      {
        id: "langchain_agent_native",
        about:
          "the pinned langchain (createAgent) in langchain-adapter/ as its docs teach: zod tools, humanInTheLoopMiddleware and a MemorySaver; judged by behaviour, its failures are findings",
        ...framework("foreign"),
        parity: false,
      },
      {
        id: "langchain_agent_hardened",
        about:
          "the same createAgent plus the public hardening layer (langchain-adapter/src/harden/): the zod schema to tool, a per-call interrupt from the risk table, answers checked by the contract, tools through the guarded executor, its thread checkpoint sealed",
        ...framework("contract"),
        parity: true,
      },
    ],
  },
  {
    kind: "adapter",
    folder: "mastra-adapter",
    name: "Mastra",
    package: "@mastra/core",
    version: "1.71.0",
    example: "examples/mastra-hardened.ts",
    export: "factories",
    byRequire: false,
    engines: [
      {
        id: "mastra_native",
        about:
          "the pinned @mastra/core in mastra-adapter/ as its docs teach: createTool schemas, requireApproval, suspension in LibSQL storage, approveToolCallGenerate/declineToolCallGenerate; no contract code in its loop; judged by behaviour",
        ...framework("foreign"),
        parity: false,
      },
      {
        id: "mastra_hardened",
        about:
          "the same Mastra agent plus the public harden/ layer: requireApproval by the contract, answers checked by its tokens, execute through the ledger, suspended runs sealed",
        ...framework("contract"),
        parity: true,
      },
    ],
  },
  {
    kind: "adapter",
    folder: "dbos-adapter",
    name: "DBOS",
    package: "@dbos-inc/dbos-sdk",
    version: "5.3.0",
    // A function of the PostgreSQL URL (DBOS TS runs on Postgres alone): load.ts calls it with the server's URL.
    export: "dbosFactories",
    byRequire: false,
    needs: ["postgres"],
    engines: [
      {
        id: "dbos_native",
        about:
          "the pinned @dbos-inc/dbos-sdk in dbos-adapter/ on Postgres as its docs teach: a workflow per session, the planner turn and each tool call as steps, approval a DBOS.recv message, recovery by DBOS; judged by behaviour",
        ...framework("foreign"),
        parity: false,
      },
      {
        id: "dbos_hardened",
        about:
          "the same DBOS workflow with the contract on its primitives: an intent step before each operation's step, the contract's engine (tokens, ledger, intent before effect) inside it, recovery stopping in reconcile_required",
        ...framework("contract"),
        parity: true,
      },
    ],
  },
] as const satisfies readonly FolderRow[];
