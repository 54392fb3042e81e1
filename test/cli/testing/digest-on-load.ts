/** A run module that hashes as it loads, as a column's fixed digest does: loaded with no hashing installed, it throws. */
import { sha256Hex } from "../../../contract/index.js";

export const digestOnLoad = sha256Hex("loaded by loadRun");
