/**
 * Whether the optional LangGraph adapter is installed as pinned. The comparison's loader, the test
 * configuration and the type check all ask this one function, so "not measured" has one reason.
 */
import { fileURLToPath } from "node:url";
import { pinnedInstall, type PinnedInstall } from "./pinned-install.js";

export const LANGGRAPH_ADAPTER_DIR = fileURLToPath(new URL("../langgraph-adapter/", import.meta.url));
export const INSTALL_COMMAND = "npm ci --prefix langgraph-adapter";

export type LangGraphInstall = PinnedInstall;

export const langgraphInstall = (dir: string = LANGGRAPH_ADAPTER_DIR): LangGraphInstall =>
  pinnedInstall(dir, "@langchain/langgraph", INSTALL_COMMAND);
