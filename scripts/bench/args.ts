/** Command-line arguments of bench.ts, parsed into a typed result; bad usage is a value, not a throw. */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { err, ok, type Result } from "../../contract/result.js";
import { parseFlags } from "../../cli/index.js";

export const DEFAULT_OUTPUT = "evidence/bench-v3.json";
/** Where --quick writes without --output, so a quick look never overwrites the committed evidence. */
export const QUICK_OUTPUT = join(tmpdir(), "agent-harness-bench-quick.json");
/** Where --only writes without --output: a partial run is never the committed evidence. */
export const ONLY_OUTPUT = join(tmpdir(), "agent-harness-bench-only.json");

/** The measures, by the report section each writes; `--only` runs a subset. */
export const MEASURES = [
  "step_overhead",
  "growth",
  "session_length",
  "fault_throughput",
  "mcp",
  "comparison",
  "cli_refusal",
  "web_bundle",
  "test_tier",
] as const;
export type Measure = (typeof MEASURES)[number];
/** The stores' part (scripts/bench-stores.ts) writes its own evidence file, in its own schema. */
export const STORES_OUTPUT = "evidence/bench-stores-v1.json";
export const QUICK_STORES_OUTPUT = join(tmpdir(), "agent-harness-bench-stores-quick.json");
/** The multi-worker figure (scripts/bench/scale/) writes its own evidence file too. */
export const SCALE_OUTPUT = "evidence/bench-scale-v1.json";
export const QUICK_SCALE_OUTPUT = join(tmpdir(), "agent-harness-bench-scale-quick.json");

/** The bench's parts, by the evidence file each writes; `--part` runs some of them. */
export const PARTS = ["engines", "stores", "scale"] as const;
export type Part = (typeof PARTS)[number];

export type BenchArgs =
  | { readonly kind: "help" }
  | {
      readonly kind: "run";
      readonly quick: boolean;
      readonly output: string;
      readonly storesOutput: string;
      readonly scaleOutput: string;
      /** The measures to run, or null for all of them (and the stores). */
      readonly only: readonly Measure[] | null;
      /** The parts to run, in PARTS' order (all of them unless --part names some). */
      readonly parts: readonly Part[];
    };

export const USAGE = `Usage: tsx scripts/bench.ts [--quick] [--only MEASURE[,MEASURE…] | --part PART[,PART…]]
                          [--output PATH] [--stores-output PATH] [--scale-output PATH]
       npm run bench [-- --quick] [-- --only MEASURE] [-- --part scale] [-- --output PATH] [-- --stores-output PATH]

Measures, in one process, with warm-up and repeated samples (median and spread):
  1. µs per step (one applied contract fact) of handwritten, local_state_graph and langgraph
     on the same scenario columns, against a floor doing only a step's unavoidable work
  2. µs per step with 10, 1,000 and 100,000 checkpoints already in the session's store
  3. µs per fact late in a session of 10, 100 and 1,000 read_table calls, on every engine and
     on bare LangGraph with MemorySaver (the anchor); the adapter's overhead over the anchor
  4. fault schedules per second on each engine
  5. MCP tools/call latency (median, p99): the project's server vs a bare SDK server,
     in memory and over stdio
  6. wall time and peak RSS of tsx scripts/compare.ts for each framework
  8. how long every entry point takes to refuse bad input (the table of scenarios/cli-refusals.ts),
     started with tsx as npm run starts it, beside tsx starting an empty script
  10. the fast test tier: one npm test in a child process (minutes), its wall time, counts and
     time per project (not in --quick; --only test_tier runs it alone)
  7. the stores (scripts/bench-stores.ts, also npm run bench:stores alone): ledger begin+complete
     per second and µs per engine step on memory, SQLite and Postgres (AGENT_HARNESS_PG_URL)
  9. the multi-worker figure (scripts/bench/scale/): 1, 2 and 4 worker processes on one Postgres
     (AGENT_HARNESS_PG_URL), 200 sessions each with a high-risk call approved by another worker than
     the one that started it: sessions per second, p50/p99 per call, duplicated and lost effects
and writes the JSON evidence, with the targets (handwritten ≤ 3× floor, local_state_graph
≤ 1.5× handwritten) and the goals of issue #14, and whether they were met. Targets and goals
are recorded, never enforced.

Exit codes: 0 written; 2 bad usage (nothing runs); 4 the evidence cannot be written.

  --quick        fewer samples, growth up to 1,000 checkpoints, sessions up to 100 calls, fewer
                 fault schedules, comparison of local_state_graph only, each entry point's first
                 bad input only (about 30 s); writes
                 ${QUICK_OUTPUT} unless --output is given
  --only MEASURE[,MEASURE…]
                 run only these measures (${MEASURES.join(", ")}) and the goals
                 they decide, with the profile of each unmet one; no stores. Writes the sections it ran to
                 ${ONLY_OUTPUT} unless --output is given (never the evidence's schema)
  --part PART[,PART…]
                 run only these parts (${PARTS.join(", ")}: the engines' measures, the stores, the
                 multi-worker figure), each writing its own evidence; not with --only
  --output PATH  where to write the JSON (default ${DEFAULT_OUTPUT})
  --stores-output PATH
                 where to write the stores' JSON (default ${STORES_OUTPUT};
                 with --quick ${QUICK_STORES_OUTPUT})
  --scale-output PATH
                 where to write the multi-worker figure's JSON (default ${SCALE_OUTPUT};
                 with --quick ${QUICK_SCALE_OUTPUT})
  --help         this text

Progress goes to stderr, the tables to stdout.
Exit codes: 0 written, 1 the benchmark failed, 2 bad usage.`;

export function parseBenchArgs(argv: readonly string[]): Result<BenchArgs, { readonly message: string }> {
  const flags = parseFlags(argv, {
    quick: { type: "boolean" },
    output: { type: "string" },
    "stores-output": { type: "string" },
    "scale-output": { type: "string" },
    only: { type: "string" },
    part: { type: "string" },
    help: { type: "boolean" },
  });
  if (!flags.ok) return err({ message: `${flags.error.message} (${flags.error.code})` });
  const { values } = flags.value;
  if (values.help === true) return ok({ kind: "help" });
  const storesOutput = values["stores-output"];
  const quick = values.quick === true;
  const only = values.only === undefined ? null : values.only.split(",").map((m) => m.trim());
  const unknown = only?.find((m) => !(MEASURES as readonly string[]).includes(m));
  if (unknown !== undefined)
    return err({ message: `--only takes measures among ${MEASURES.join(", ")}; got ${JSON.stringify(unknown)}` });
  const named = values.part === undefined ? null : values.part.split(",").map((p) => p.trim());
  const unknownPart = named?.find((p) => !(PARTS as readonly string[]).includes(p));
  if (unknownPart !== undefined)
    return err({ message: `--part takes parts among ${PARTS.join(", ")}; got ${JSON.stringify(unknownPart)}` });
  if (named !== null && only !== null)
    return err({ message: "--only runs measures of the engines' part: not with --part" });
  return ok({
    kind: "run",
    quick,
    output: values.output ?? (only !== null ? ONLY_OUTPUT : quick ? QUICK_OUTPUT : DEFAULT_OUTPUT),
    storesOutput: storesOutput ?? (quick ? QUICK_STORES_OUTPUT : STORES_OUTPUT),
    scaleOutput: values["scale-output"] ?? (quick ? QUICK_SCALE_OUTPUT : SCALE_OUTPUT),
    only: only as Measure[] | null,
    parts: named === null ? PARTS : PARTS.filter((p) => named.includes(p)),
  });
}
