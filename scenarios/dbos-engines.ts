/**
 * The DBOS engines, native and hardened, as registry entries (scenarios/engines.ts spreads them into
 * ENGINES). The adapter lives in dbos-adapter/ (its own exact-pinned package); it is imported
 * dynamically, only once the installed @dbos-inc/dbos-sdk is found to be the pin and a Postgres URL
 * is given (DBOS TS runs on Postgres alone), so nothing outside that folder imports DBOS. When it
 * cannot run, the answer is the reason (and the version found).
 */
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { err, ok, type Result } from "../contract/index.js";
import type { EngineFactory } from "../runtime/index.js";
import { pinnedInstall, type PinnedInstall } from "./pinned-install.js";
import { firstLine, type LoadOptions, type Unloadable } from "./load-langgraph.js";

export const DBOS_ADAPTER_DIR = fileURLToPath(new URL("../dbos-adapter/", import.meta.url));
export const DBOS_INSTALL_COMMAND = "npm ci --prefix dbos-adapter";
const PACKAGE = "@dbos-inc/dbos-sdk";

/** Whether the adapter's @dbos-inc/dbos-sdk is installed at its exact pin. */
export const dbosInstall = (dir: string = DBOS_ADAPTER_DIR): PinnedInstall =>
  pinnedInstall(dir, PACKAGE, DBOS_INSTALL_COMMAND);

type Id = "dbos_native" | "dbos_hardened";

/** Loads a DBOS engine over the Postgres at `postgresUrl`, or says why it cannot run here. */
export async function loadDbos<I extends Id>(
  id: I,
  options: LoadOptions = {},
): Promise<Result<EngineFactory<I>, Unloadable>> {
  const install = dbosInstall(options.dbosDir ?? DBOS_ADAPTER_DIR);
  if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
  const url = options.postgresUrl;
  if (url === undefined)
    return err({ reason: "DBOS runs on Postgres: give --store postgres:URL", found_version: install.version });
  const specifier = pathToFileURL(resolve(options.dbosDir ?? DBOS_ADAPTER_DIR, "src/index.ts")).href;
  try {
    const adapter = (await import(specifier)) as {
      dbosFactories?: (url: string) => Record<string, EngineFactory<string>>;
    };
    const factory = adapter.dbosFactories?.(url)[id];
    if (factory?.id !== id)
      return err({ reason: `${specifier} does not export a ${id} engine factory`, found_version: install.version });
    return ok(factory as EngineFactory<I>);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return err({
      reason: `the DBOS adapter failed to load (${DBOS_INSTALL_COMMAND}): ${firstLine(message)}`,
      found_version: install.version,
    });
  }
}

const entry = <I extends Id>(id: I) =>
  ({
    id,
    load: (options: LoadOptions = {}) => loadDbos(id, options),
    sessionStore: "contract_checkpoints",
    // The bench plays no fault schedules on DBOS yet: its multi-worker figure is the open item.
    benchFaultSchedules: { full: 0, quick: 0 },
  }) as const;

/** The registry's entries, native first. */
export const DBOS_ENGINES = [entry("dbos_native"), entry("dbos_hardened")] as const;
