/**
 * The generated secret corpus over MCP, on SQLite and on Postgres (when a server is given): tools/call and
 * resources/read with a claimed kind in a place an MCP caller reaches (test/scenarios/corpus-mcp.ts), the
 * canary over every stored byte, the audit log and the notifications, and every identifier holding a secret
 * refused with a reason code. `SECRET_PLACES_RUNS` raises the count of cases per store.
 */
import { describeMcpCorpus } from "./corpus-mcp.js";

describeMcpCorpus("test/scenarios/secret-places-mcp.test.ts", Number(process.env["SECRET_PLACES_RUNS"] ?? 8));
