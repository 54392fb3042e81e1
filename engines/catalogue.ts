/**
 * The engine table (table.ts) as its readers ask for it: a row per engine, the ids, and what each row says
 * (judged, parity, in the core, loaded by require). Like the table it loads nothing, so a command checks
 * `--framework` and prints its help from here; the registry (registry.ts) loads an engine by its row.
 */
import type { Judged } from "./row.js";
import { ENGINE_TABLE } from "./table.js";
import { withoutVariants, type FrameworkVariantId } from "./variants.js";

export { ENGINE_TABLE };
type FolderOfTable = (typeof ENGINE_TABLE)[number];
/** An adapter's row: a package of its own, its framework exact-pinned. */
export type AdapterRow = Extract<FolderOfTable, { kind: "adapter" }>;
export type AdapterFolder = AdapterRow["folder"];

/** Every folder the table names, core and adapters: the test configuration and the architecture tests cover each. */
export const ENGINE_FOLDERS: readonly FolderOfTable["folder"][] = ENGINE_TABLE.map((f) => f.folder);
/** The adapters, each its own package: setup installs, the type check checks and vitest runs each one's suites. */
export const ADAPTERS: readonly AdapterRow[] = ENGINE_TABLE.filter((f): f is AdapterRow => f.kind === "adapter");

/** Whether the adapter needs a PostgreSQL server to run (row.ts `needs`). */
export const needsPostgres = (adapter: AdapterRow): boolean =>
  "needs" in adapter && (adapter.needs as readonly string[]).includes("postgres");

/** The adapter's example of its hardening layer (row.ts `example`), or null when it has none. */
export const exampleOf = (adapter: AdapterRow): string | null => ("example" in adapter ? adapter.example : null);

/** A row per engine, in the order every report lists them, with the row of the folder that holds it. */
export const ENGINE_ROWS = ENGINE_TABLE.flatMap((folder) => folder.engines.map((engine) => ({ ...engine, folder })));

export type EngineId = FolderOfTable["engines"][number]["id"];
export const ENGINE_IDS: readonly EngineId[] = ENGINE_ROWS.map((e) => e.id);
export const isEngineId = (id: string): id is EngineId => (ENGINE_IDS as readonly string[]).includes(id);

const rowOf = (label: string) => ENGINE_ROWS.find((e) => e.id === label);

/** The folder's row of a built-in engine. */
export function folderOf(id: EngineId): FolderOfTable {
  const row = rowOf(id);
  if (row === undefined) throw new Error(`no built-in engine ${id}`);
  return row.folder;
}

/** What `compare --framework <id>` runs, in a phrase of the usage text (the reference has none). */
export const aboutOf = (id: EngineId): string | null => rowOf(id)?.about ?? null;

/** What an engine's verdicts charge it with; a module engine loaded by path (`module:<path>`) is foreign. */
export const judgedOf = (label: string): Judged => rowOf(label)?.judged ?? "foreign";

/** Whether a comparison charges an engine with parity (a module engine loaded by path is not). */
export const chargesParity = (label: string): boolean => rowOf(label)?.parity === true;

/** Whether an engine keeps the contract: the invariant suites (fault schedules, the bench's faults) run only these. */
export const keepsContract = (id: EngineId): boolean => judgedOf(id) === "contract";

/**
 * Whether an engine lives wholly in this repo's modules (a core folder): loading it loads no framework
 * adapter, which would import the contract again through a module of its own.
 */
export const isCoreEngine = (id: EngineId): boolean => folderOf(id).kind === "core";

/** Whether a tsx command may load a run on this engine through require, in its own thread (row.ts `byRequire`). */
export const loadsByRequire = (id: EngineId): boolean => folderOf(id).byRequire;

/** The engine compare runs first; every other built-in engine is a framework it is compared with. */
export const REFERENCE_ENGINE = ENGINE_TABLE[0].engines[0].id;
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
