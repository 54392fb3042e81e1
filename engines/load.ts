/**
 * The one loader of a built-in engine, driven by its row in the table. A core engine's module is imported
 * from its row's `module` (CORE_MODULES below). An adapter is imported dynamically, only once its installed framework is found to
 * be the exact pin, so nothing outside the adapter's folder imports its framework; when it cannot run, the
 * answer is the reason (and the version found), and nothing stands in for it.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { assertNever, err, ok, type Result } from "../contract/index.js";
import { loadLikeCaller } from "../durable/load-run.js";
import type { EngineFactory } from "../runtime/index.js";
import { ADAPTERS, folderOf, needsPostgres, type EngineId } from "./catalogue.js";
import type { ENGINE_TABLE } from "./table.js";
import { adapterDir, adapterInstall, installCommand } from "./pinned-install.js";

type CoreModule = Extract<(typeof ENGINE_TABLE)[number], { kind: "core" }>["module"];

/**
 * The imports of the core folders' modules, written out: a bundle of a run (scripts/comparison/bundle.ts) holds
 * only what a literal import names, and the table cannot hold them, since the command that checks `--framework`
 * loads the table before the run and the bundle shares what it loaded (an import from there would load a second
 * copy of the contract, without the run's hashing). Keyed by the table's `module`: a core row without its import
 * here does not compile.
 */
const CORE_MODULES: { readonly [M in CoreModule]: () => Promise<Record<string, unknown>> } = {
  "../handwritten/engine/factory.js": () => import("../handwritten/engine/factory.js"),
  "../local-graph/agent/index.js": () => import("../local-graph/agent/index.js"),
};

export type LoadOptions = {
  /** The adapter package's folder (its package.json pins, its node_modules hold what is installed). */
  readonly adapterDir?: string;
  /** The adapter's entry module (tests point this at a module that cannot load). */
  readonly adapterModule?: string;
  /**
   * The PostgreSQL an adapter that needs one runs on (row.ts `needs`): compare's `--store postgres:URL`, else
   * AGENT_HARNESS_PG_URL (the matrix, the ablation, the heavy suites). Without either its engines are not measured.
   */
  readonly postgresUrl?: string;
};

const PG_URL_ENV = "AGENT_HARNESS_PG_URL";

/** Why a built-in engine cannot run here, and the version of its framework found (if any). */
export type Unloadable = { readonly reason: string; readonly found_version: string | null };

type Factories = EngineFactory<string> | Record<string, EngineFactory<string>>;

/**
 * The factory of `id` in a module's export: the factory itself, a record of factories by engine id, or (an
 * adapter that needs PostgreSQL) a function of the server's URL that returns the record.
 */
function factoryIn(
  module: Record<string, unknown>,
  name: string,
  id: string,
  url?: string,
): EngineFactory<string> | null {
  const named = module[name] as Factories | ((url: string) => Factories) | undefined;
  const exported = typeof named === "function" && url !== undefined ? named(url) : (named as Factories | undefined);
  const factory = exported !== undefined && "create" in exported ? exported : exported?.[id];
  return factory?.id === id ? (factory as EngineFactory<string>) : null;
}

export async function loadByRow<Id extends EngineId>(
  id: Id,
  options: LoadOptions = {},
): Promise<Result<EngineFactory<Id>, Unloadable>> {
  const row = folderOf(id);
  switch (row.kind) {
    case "core": {
      // By require or import as this module was (durable/load-run.ts).
      const module = await loadLikeCaller(import.meta.url, row.module, CORE_MODULES[row.module]);
      const factory = factoryIn(module, row.export, id);
      if (factory === null) throw new Error(`${row.module} does not export the ${id} engine factory`);
      return ok(factory as EngineFactory<Id>);
    }
    case "adapter": {
      const dir = options.adapterDir ?? adapterDir(row.folder);
      const install = adapterInstall(row.folder, dir);
      if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
      const url = needsPostgres(row) ? (options.postgresUrl ?? (process.env[PG_URL_ENV] || undefined)) : undefined;
      if (needsPostgres(row) && url === undefined)
        return err({
          reason: `the ${row.name} adapter runs on PostgreSQL: give --store postgres:URL or set ${PG_URL_ENV}`,
          found_version: install.version,
        });
      const specifier = options.adapterModule ?? pathToFileURL(resolve(dir, "src/index.ts")).href;
      try {
        const load = () => import(specifier) as Promise<Record<string, unknown>>;
        // Through require in a run loaded by require (LangGraph's adapter always is: langgraph-adapter/src/langgraph.ts).
        const module = row.byRequire ? await loadLikeCaller(import.meta.url, specifier, load) : await load();
        const factory = factoryIn(module, row.export, id, url);
        if (factory === null)
          return err({
            reason: `${specifier} does not export an ${id} engine factory`,
            found_version: install.version,
          });
        return ok(factory as EngineFactory<Id>);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        // A package the adapter imports is missing (its install is partial), or the adapter's own code failed.
        const what = /Cannot find package/.test(message)
          ? `a package the ${row.name} adapter needs is not installed`
          : `the ${row.name} adapter failed to load`;
        return err({
          reason: `${what} (run: ${installCommand(row.folder)}): ${firstLine(message)}`,
          found_version: install.version,
        });
      }
    }
    default:
      return assertNever(row);
  }
}

const PACKAGE_FOLDER = new RegExp(`/[^\\s'"]*/(node_modules|${ADAPTERS.map((a) => a.folder).join("|")})/`, "g");

/** The first line of an error message, with machine-specific paths cut to the package folder. */
export function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).replace(PACKAGE_FOLDER, "…/$1/");
}
