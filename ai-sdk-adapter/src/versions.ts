/** The installed `ai`, read from its package.json when this module loads: evidence cannot name a version that did not run. */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const manifest = require("ai/package.json") as { version?: unknown };
if (typeof manifest.version !== "string") throw new Error("installed ai has no version in its package.json");

export const AI_SDK_VERSION: string = manifest.version;
