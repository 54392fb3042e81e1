/** After each test file, the directories it took from `scratchDir` (test/setup/scratch.ts) are removed. */
import { afterAll } from "vitest";
import { removeScratchDirs } from "./scratch.js";

afterAll(removeScratchDirs);
