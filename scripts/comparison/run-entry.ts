/**
 * What `compare`'s bundle starts from (bundle.ts): node:crypto's hashing installed before the run's
 * modules evaluate (they load when `loadRun` asks, as `loadRun` of durable/load-run.ts does), and the
 * LangGraph adapter offered from the bundle, so `loadLangGraph` takes it with the run's one copy of
 * the contract; LangGraph itself still loads through require (langgraph-adapter/src/langgraph.ts).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { installNodeHashing } from "../../durable/node-hashing.js";
import { provideModule } from "../../durable/load-run.js";
import { LANGGRAPH_ADAPTER_DIR } from "../../scenarios/langgraph-install.js";

export async function loadRun(): Promise<typeof import("./run.js")> {
  installNodeHashing();
  // The path's type left unchecked (`as string`): the project's type check leaves the adapter, its own package, out.
  provideModule(
    pathToFileURL(resolve(LANGGRAPH_ADAPTER_DIR, "src/index.ts")).href,
    () => import("../../langgraph-adapter/src/index.js" as string),
  );
  return import("./run.js");
}
