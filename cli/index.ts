/**
 * What every entry point uses before it runs anything: strict flags, input files read only when
 * regular and within limits, and outputs written all or nothing. It imports only the contract's
 * result type, so a command refuses bad input without loading an engine, a store or a framework.
 */
export { helpAsked, parseFlags, wholeNumber } from "./flags.js";
export type { FlagError, FlagErrorCode, FlagSpec, FlagValues, ParsedFlags } from "./flags.js";
export { DEFAULT_INPUT_LIMITS, inputDirectory, readInputFile } from "./input-file.js";
export type { InputFileError, InputFileErrorCode, InputLimits } from "./input-file.js";
export { jsonDepthExceeds, nestingExceeds, yamlDepthExceeds } from "./input-depth.js";
export type { InputFormat } from "./input-depth.js";
export { makeDirectory, OUTPUT_ERROR_EXIT, outputExitCode, sameApartFrom, writeFilesAtomically } from "./files.js";
export type { OutputError, OutputErrorCode, OutputFile } from "./files.js";
export { pooled } from "./pooled.js";
export { captured } from "./captured.js";
export type { Captured } from "./captured.js";
export { CHROMIUM_ENV, findChromium } from "./chromium.js";
export type { ChromiumFound } from "./chromium.js";
