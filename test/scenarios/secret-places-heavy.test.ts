/**
 * The heavy tier's size of the generated secret corpus (`npm run test:all`, project heavy:corpus): the same
 * cases as secret-places.test.ts and secret-places-mcp.test.ts from the same seed, thousands in all, bounded
 * by counts: `SECRET_PLACES_RUNS` per engine × store (default 60: 7 engines × 3 stores, 1,260 runs) and per
 * MCP store (default 400: 800 runs), about 2,000 in all, which CI's twelve minutes hold. A leak prints the one line that replays it.
 */
import { describeMcpCorpus } from "./corpus-mcp.js";
import { describeCorpus } from "./corpus-run.js";

const FILE = "test/scenarios/secret-places-heavy.test.ts";
const runs = process.env["SECRET_PLACES_RUNS"];

describeCorpus(FILE, Number(runs ?? 60));
describeMcpCorpus(FILE, Number(runs ?? 400));
