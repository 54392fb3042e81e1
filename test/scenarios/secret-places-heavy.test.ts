/**
 * The heavy tier's size of the generated secret corpus (`npm run test:all`, project heavy:corpus): the same
 * cases as secret-places.test.ts and secret-places-mcp.test.ts from the same seed, bounded by counts:
 * `SECRET_PLACES_RUNS` per engine × store (default 40: 8 contract engines × 3 stores, 960 runs) and per MCP
 * store (default 300: 600 runs), about 1,500 in all, sized for CI's twelve minutes. A leak prints the one line
 * that replays it.
 */
import { describeMcpCorpus } from "./corpus-mcp.js";
import { describeCorpus } from "./corpus-run.js";

const FILE = "test/scenarios/secret-places-heavy.test.ts";
const runs = process.env["SECRET_PLACES_RUNS"];

describeCorpus(FILE, Number(runs ?? 40));
describeMcpCorpus(FILE, Number(runs ?? 300));
