/**
 * What a row of the engine table (table.ts) says, as schemas: the table test parses every row with
 * them. The table itself imports only their types, so a command that checks `--framework` before it
 * loads anything loads no zod (test/cli/light-entries.test.ts).
 */
import { z } from "zod";

/** What an engine is charged with: a contract engine with both parts, a foreign one with behaviour alone. */
export const Judged = z.enum(["contract", "foreign"]);
export type Judged = z.infer<typeof Judged>;

/** The kinds of checkpoint store the built-in engines keep: the contract's, the local graph's, LangGraph's saver. */
export const SessionStore = z.enum(["contract_checkpoints", "graph_checkpointer", "langgraph_saver"]);
export type SessionStore = z.infer<typeof SessionStore>;

/** An engine id: what `--framework` takes and the evidence is keyed by. */
const Id = z.string().regex(/^[a-z][a-z0-9_]*$/);
/** A top-level folder of the repository. */
const Folder = z.string().regex(/^[a-z][a-z0-9-]*$/);

export const EngineRow = z.strictObject({
  id: Id,
  /** What `compare --framework <id>` runs, in a phrase of the usage text (the reference has none). */
  about: z.string().min(1).nullable(),
  /**
   * What its verdicts charge it with: a contract engine must hold behaviour and speak the contract's
   * vocabulary; a foreign one (a framework as its docs teach) is judged by behaviour, its vocabulary shown.
   */
  judged: Judged,
  /**
   * A contract engine built on the contract's reducer, whose every observation (stored states and trace
   * included) must equal the reference's: parity is charged. One that keeps its framework's own state (the AI
   * SDK's message history) shows parity, uncharged.
   */
  parity: z.boolean(),
  /** Where it keeps a session's checkpoints: the bench fills and seeds that store (growth, session length). */
  sessionStore: SessionStore,
  /** Fault schedules the bench plays on it per run: a full run and --quick (slower engines play fewer, a foreign one none). */
  benchFaultSchedules: z.strictObject({ full: z.int().nonnegative(), quick: z.int().nonnegative() }).readonly(),
});
export type EngineRow = z.infer<typeof EngineRow>;

const shared = {
  folder: Folder,
  /**
   * Whether a tsx command may load a run on its engines through require, in its own thread (durable/load-run.ts
   * loadRunInThread): their modules are this repo's, loaded later the way the run was (loadLikeCaller), and their
   * framework's packages load through require as well (LangGraph's CommonJS build: langgraph-adapter/src/langgraph.ts).
   */
  byRequire: z.boolean(),
  /** The export of its entry module that holds the factories: one factory, or a record by engine id. */
  export: z.string().min(1),
  engines: z.array(EngineRow).min(1).readonly(),
};

/**
 * A folder of the repository that holds engines. A core folder is this repo's own modules, loaded from
 * `module` (its import written out in load.ts, so a bundle of a run holds it). An adapter is a package
 * of its own (`<folder>/package.json`, its own lockfile), its framework exact-pinned, loaded from
 * `<folder>/src/index.ts` only once that pin is what is installed: its engines are not measured otherwise.
 */
export const FolderRow = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("core"),
    ...shared,
    /** The entry module, from engines/. */
    module: z.string().startsWith("../"),
  }),
  z.strictObject({
    kind: z.literal("adapter"),
    ...shared,
    /** The framework's name in prose: "the <name> adapter". */
    name: z.string().min(1),
    /** The one framework package the adapter pins, and the exact version (its package.json must say the same). */
    package: z.string().min(1),
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    /** Its hardening layer's example, run as a team runs it (test/engines/examples.test.ts runs each). None when absent. */
    example: z
      .string()
      .regex(/^examples\/[a-z0-9-]+\.ts$/)
      .optional(),
    /**
     * What it needs to run beyond its install: a PostgreSQL server (its suites are then left out without one,
     * named on the PostgreSQL requirement's line; test/setup/requirements.ts). Nothing when absent.
     */
    needs: z
      .array(z.enum(["postgres"]))
      .readonly()
      .optional(),
  }),
]);
export type FolderRow = z.infer<typeof FolderRow>;
