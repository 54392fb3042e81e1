/** The server's default limits, apart from the modules that enforce them so its command line reads them without loading the SDK. */

/** @default 1 MiB. Arguments over the contract's own input limit are rejected as data before this. */
export const DEFAULT_MAX_FRAME_BYTES = 1_048_576;
