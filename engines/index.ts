/**
 * The engine table and what reads it. A command that checks its input before it loads anything imports
 * catalogue.ts (or table.ts) directly, not this file: the registry loads the contract.
 */
export {
  ADAPTERS,
  aboutOf,
  BUILT_IN_ENGINE_IDS,
  BUILT_IN_FRAMEWORK_IDS,
  chargesParity,
  ENGINE_FOLDERS,
  ENGINE_IDS,
  ENGINE_ROWS,
  ENGINE_TABLE,
  exampleOf,
  folderOf,
  FRAMEWORK_IDS,
  isBuiltInEngineId,
  isCoreEngine,
  isEngineId,
  isFrameworkId,
  judgedOf,
  keepsContract,
  loadsByRequire,
  needsPostgres,
  REFERENCE_ENGINE,
} from "./catalogue.js";
export type {
  AdapterFolder,
  AdapterRow,
  BuiltInEngineId,
  BuiltInFrameworkId,
  EngineId,
  FrameworkId,
} from "./catalogue.js";
export { EngineRow, FolderRow, Judged, SessionStore } from "./row.js";
export { firstLine, loadByRow } from "./load.js";
export type { LoadOptions, Unloadable } from "./load.js";
export { adapterDir, adapterInstall, adapterRow, installCommand, pinnedInstall } from "./pinned-install.js";
export type { PinnedInstall } from "./pinned-install.js";
export { engineEntry, ENGINES, loadEngine, loadEngines, measuredEngines } from "./registry.js";
export type { BuiltInEngine, BuiltInFactory, EngineSlot } from "./registry.js";
export { isFrameworkVariant, withoutVariants } from "./variants.js";
export type { FrameworkVariantId } from "./variants.js";
