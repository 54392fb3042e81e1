/**
 * Every word the report shows, in one place: the page is to be translated (issue 30), and a
 * translation replaces this object, never the code that lays the page out.
 */
export const STRINGS = {
  lang: "en",
  title: "Agent harness: the evidence report",
  intro:
    "Drawn from the evidence files alone (evidence/*.json and the Mermaid files beside them). Every number here is in those files; nothing is measured again.",
  nav: "Sections",
  unread:
    "Left out: these files are not in the shape the report reads (a newer schema?), so their sections say nothing is recorded.",
  skip: "Skip to the verdict matrix",
  verdict: { holds: "holds", fails: "fails", not_measured: "not measured" },
  matrix: {
    heading: "Verdict matrix",
    lead: "Each column of the comparison on each engine: whether the engine shows the signal the contract expects. A failing cell names the expected signal and the parts of it the engine violated.",
    column: "column",
    family: "family",
    filters: "Show column families",
    all: "all",
    /** Filled in the page's own script too, so a template rather than a function. */
    shown: "{shown} of {total} columns shown",
    expected: "expected signal",
    violated: "violated",
    source: (files: string) => `From ${files}.`,
    unmeasured: (engine: string, reason: string) => `${engine} was not measured: ${reason}`,
    summary: (holds: number, fails: number, missing: number) =>
      `${holds} cells hold, ${fails} fail, ${missing} not measured.`,
  },
  families: {
    seed_faults: "seed faults",
    peer_patterns: "peer patterns",
    parallel: "parallel",
    rewind: "rewind",
    routes: "routes",
    secrets: "secrets",
  },
  graphs: {
    heading: "Engine graphs",
    lead: "Each engine's graph as its comparison evidence records it, drawn from the Mermaid file beside the evidence. Dashed arrows are conditional edges.",
    counts: (n: { nodes: number; edges: number; conditional_edges: number; routers: number }) =>
      `${n.nodes} nodes, ${n.edges} edges, ${n.conditional_edges} conditional edges, ${n.routers} routers.`,
    label: (engine: string) => `The graph of ${engine}`,
    noGraph: (engine: string) =>
      `${engine} has no graph: it is a loop over the pure reducer (runtime/step.ts), one step per fact.`,
    notMeasured: (engine: string, reason: string) => `${engine}: graph not measured (${reason}).`,
    noDiagram: "No Mermaid file was written beside the evidence.",
    from: (file: string) => `From ${file}.`,
  },
  bench: {
    heading: "Bench",
    missing: "No bench evidence (evidence/bench-v*.json) is recorded yet.",
    run: (file: string, at: string, commit: string, machine: string, load: string) =>
      `Run: ${file}, ${at}, commit ${commit}. Machine: ${machine}. Load average ${load}.`,
    step: "Per-step cost against the floor",
    stepDesc:
      "Median µs per applied fact (one trace event), log scale; the floor is a bare loop doing only a step's unavoidable work.",
    growth: "Per-fact cost against session length",
    growthDesc:
      "Median µs per fact at each session length, both axes log scale; bare LangGraph is LangGraph with no harness.",
    mcp: "MCP tools/call latency against the bare SDK server",
    mcpDesc:
      "Median µs per tools/call round trip, log scale; our server against the SDK's bare server on the same transport.",
    faults: "Fault schedules per second",
    faultsDesc: "Schedules run, replayed and checked per second, per engine, log scale.",
    goals: "Goals",
    goal: "goal",
    value: "value",
    met: "met",
    yes: "yes",
    no: "no",
    data: "The numbers behind this chart",
    engine: "engine",
    floor: "floor",
    calls: "calls",
    transport: "transport",
    server: "server",
    median: "median µs",
    perSecond: "schedules/s",
    notMeasured: "not measured",
  },
  faults: {
    heading: "Fault schedules",
    missing: "No fault-schedule evidence is recorded yet.",
    lead: (file: string, seed: string, per: number, diff: number) =>
      `From ${file}: seed ${seed}, ${per} schedules per engine, ${diff} differences across engines.`,
    columns: [
      "engine",
      "schedules",
      "violations",
      "duplicates",
      "unapproved side effects",
      "uncertain retried",
      "nondeterministic replays",
      "final statuses",
    ],
  },
  stores: {
    heading: "Store faults",
    missing: "No store fault evidence is recorded yet.",
    lead: (file: string, counts: string) => `From ${file}: ${counts}.`,
    columns: ["case", "group", "store", "expected", "outcome", "code"],
    bench: "Store throughput",
    benchColumns: ["store", "status", "ledger begin+complete/s (median)", "µs per step (median)"],
  },
  crashes: {
    heading: "Crashes",
    missing: "No crash evidence is recorded yet.",
    lead: (file: string, signal: string) => `From ${file}: real processes killed with ${signal}.`,
    columns: [
      "store",
      "status",
      "crash runs",
      "duplicates",
      "unapproved side effects",
      "tokens reused",
      "tokens refused",
      "uncertain outcomes",
    ],
    control: (text: string) => `Negative control: ${text}.`,
  },
  runtime: {
    heading: "Runtime record: gates",
    missing: "No runtime record is recorded yet.",
    lead: (file: string, at: string, commit: string) => `From ${file}, ${at}, commit ${commit}.`,
    planner: (gate: string, reason: string) => `Planner gate: ${gate}. ${reason}`,
    tests: (passed: number, total: number, failed: number) => `Tests: ${passed} of ${total} passed, ${failed} failed.`,
    columns: ["gate", "status", "rule", "expected", "actual", "met"],
    commands: "Commands",
    commandColumns: ["command", "purpose", "exit code"],
  },
  frameworks: {
    heading: "Framework matrix",
    missing: "Not yet recorded: evidence/framework-matrix-v1.json does not exist.",
    from: (file: string) => `From ${file}.`,
  },
  footer: "Written by npm run report (scripts/report.ts). Opens offline; no script or font is loaded from elsewhere.",
} as const;

export type Strings = typeof STRINGS;
