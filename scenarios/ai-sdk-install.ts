/**
 * Whether the optional AI SDK adapter (ai-sdk-adapter/) is installed as pinned. The loader, the
 * test configuration and the type check ask this one function, so "not measured" has one reason.
 */
import { fileURLToPath } from "node:url";
import { pinnedInstall, type PinnedInstall } from "./pinned-install.js";

export const AI_SDK_ADAPTER_DIR = fileURLToPath(new URL("../ai-sdk-adapter/", import.meta.url));
export const AI_SDK_INSTALL_COMMAND = "npm ci --prefix ai-sdk-adapter";
/** The framework package the adapter pins exactly. */
export const AI_SDK_PACKAGE = "ai";

export const aiSdkInstall = (dir: string = AI_SDK_ADAPTER_DIR): PinnedInstall =>
  pinnedInstall(dir, AI_SDK_PACKAGE, AI_SDK_INSTALL_COMMAND);
