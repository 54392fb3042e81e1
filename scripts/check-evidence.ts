/**
 * tsx scripts/check-evidence.ts FILE [--root DIR]
 * Checks a learner submission (learn-llm.evidence.v1, YAML or JSON) and prints every problem as
 * `FILE:LINE: code: message`. See --help for the rules and the exit codes.
 */
import { statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";
import { assertNever, err, ok, type Result } from "../contract/index.js";
import { DEFAULT_INPUT_LIMITS, parseFlags, readInputFile, type InputFileError } from "../cli/index.js";
import { checkSubmission, formatProblems, LEARNER_SCHEMA, type Problem } from "./evidence/check.js";
import type { GateReport } from "./evidence/gates.js";
import { gitProvenance, isProjectArtifact } from "./evidence/provenance.js";
import { deriveGates, type Artifact } from "./evidence/rederive.js";
import { CANNOT_PROVE, ROUTE_METADATA_RULE, shippedRoutes } from "./evidence/routes.js";
import { MANIFEST_PATH, readManifest } from "./evidence/manifest.js";
import { RECOVERY_THRESHOLD } from "./evidence/rules.js";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** A submission is a page of YAML; anything larger is refused before it is read. */
export const MAX_SUBMISSION_BYTES = 256 * 1024;
const MAX_DEPTH = DEFAULT_INPUT_LIMITS.maxDepth;

export const USAGE = `Usage: tsx scripts/check-evidence.ts FILE [--root DIR] [--json]
       npm run check-evidence -- FILE [--root DIR] [--json]

Checks a learner submission (schema ${LEARNER_SCHEMA}, YAML, or JSON when FILE ends in .json)
made from evidence/templates/learner-evidence.template.yaml. It rejects:
  - any unfilled <...> placeholder
  - a missing or unknown field, a wrong schema, a module not in evidence/module-manifest-v1.json
  - commands missing or empty
  - verified_at that is not an ISO 8601 date or date-time (or lies in the future)
  - an artifact that does not exist under the repository root (or lies outside it)
  - a metric whose actual misses its expected value: rates (schema_validity,
    recoverable_fault_recovery_rate) need actual >= expected, counts (unapproved_side_effects)
    need actual <= expected, other metrics actual = expected unless they state a rule; and an
    expected value weaker than the contract's (1.0, 0, recovery threshold ${RECOVERY_THRESHOLD.version} = ${RECOVERY_THRESHOLD.value})
  - a malformed cost, licence entry or known_failures list
  - a commit that does not exist in the checkout (when --root is a git checkout), a command
    that is not this project's (the seed's python commands, say), and the project's own
    committed evidence handed in unchanged as an artifact

It trusts no gate, verdict or planner field an artifact states. Each comparison's claims are
replayed from its own observations (every row's equal and holds, all_equal, all_hold, the
planner gate); the columns that show approval binding and fault recovery are run again here on
the framework it names, and a route comparison is run again from the route file, which must be
listed among the artifacts. An artifact that says what its run does not is rejected
(artifact_forged); so is a route whose turns are those of a route shipped in routes/, relabelled
(relabelled_route), and the project's committed evidence under any path (project_artifact).

A consistent submission is still gated, not passed, while the course's gates are closed, as the
runs here decide them: only the FixtureModel ran (no artifact is a measured comparison replaying,
here, a route recorded from a real model: tsx scripts/compare.ts --planner route:PATH, listed with
its route file), or no comparison shows approval binding or fault recovery when run again here
(the approval and fault columns, equal and holding). planner_gate says which.
Provider metadata: ${ROUTE_METADATA_RULE}.
What it cannot prove: ${CANNOT_PROVE}.

  --root DIR   the repository root artifacts are resolved against (default: this repository)
  --json       print one JSON object: status (ok, gated, rejected), planner_gate, gates, problems
  --help       this text

A FILE over ${MAX_SUBMISSION_BYTES / 1024} KiB or nested deeper than ${DEFAULT_INPUT_LIMITS.maxDepth} levels is refused unparsed, and so is
an artifact over ${DEFAULT_INPUT_LIMITS.maxBytes / 1024 / 1024} MiB or as deep; YAML aliases (*name) are rejected (yaml_alias).
Every problem is printed as FILE:LINE: code: message, every closed gate as FILE: gated: gate: reason.
Exit codes: 0 complete, consistent and every gate open; 1 rejected; 2 bad usage (no FILE, no such
FILE, FILE or an artifact not a regular file (a directory, a FIFO, a device), too large or too deep,
a bad or repeated flag); 3 consistent but gated; 4 I/O failure (FILE, an artifact or the module
manifest exists but cannot be read).`;

export type CheckIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now?: () => Date;
  readonly cwd?: string;
};

const defaultIo: CheckIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

export async function main(argv: readonly string[], io: CheckIo = defaultIo): Promise<number> {
  const usage = (message: string) => {
    io.stderr(`check-evidence: ${message}\n\n${USAGE}\n`);
    return 2;
  };
  const parsed = parseFlags(
    argv,
    { root: { type: "string" }, help: { type: "boolean" }, json: { type: "boolean" } },
    { positionals: true },
  );
  if (!parsed.ok) return usage(`${parsed.error.message} (${parsed.error.code})`);
  if (parsed.value.values.help === true) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [file, ...extra] = parsed.value.positionals;
  if (file === undefined) return usage("no FILE given (missing_file)");
  if (extra.length > 0) return usage(`one FILE at a time, also got ${extra.join(" ")} (extra_argument)`);
  // Under `npm run`, the working directory is the package root; INIT_CWD is where the command was typed.
  const cwd = io.cwd ?? process.env["INIT_CWD"] ?? process.cwd();
  const root = parsed.value.values.root === undefined ? REPO_ROOT : resolve(cwd, parsed.value.values.root);
  try {
    if (!statSync(root).isDirectory()) return usage(`--root ${root} is not a directory (bad_root)`);
  } catch {
    return usage(`--root ${parsed.value.values.root ?? root} does not exist (bad_root)`);
  }
  const ioFailure = (what: string, e: unknown) => {
    io.stderr(`check-evidence: cannot read ${what}: ${firstLine((e as Error).message)}\n`);
    return 4;
  };
  const inputFailure = (e: InputFileError) => {
    if (e.exit === 2) return usage(`${e.message} (${e.code})`);
    io.stderr(`check-evidence: ${e.message} (${e.code})\n`);
    return 4;
  };
  const format = /\.json$/i.test(file) ? "json" : "yaml";
  const read = readInputFile(resolve(cwd, file), { maxBytes: MAX_SUBMISSION_BYTES, maxDepth: MAX_DEPTH, format });
  if (!read.ok) return inputFailure({ ...read.error, message: read.error.message.replace(resolve(cwd, file), file) });
  const text = read.value;
  const provenance = gitProvenance(root, REPO_ROOT);
  const artifacts = readArtifacts(text, root);
  if (!artifacts.ok) return inputFailure(artifacts.error);
  let modules: string[];
  try {
    modules = Object.values(readManifest(join(REPO_ROOT, MANIFEST_PATH)).modules).map((m) => m.module);
  } catch (e) {
    return ioFailure(MANIFEST_PATH, e);
  }
  const now = (io.now ?? (() => new Date()))();
  // The project's own evidence opens nothing: it is refused below (project_artifact), not run.
  const learners = artifacts.value.filter((a) => !isProjectArtifact(a.path, a.text, provenance));
  const { gates, findings } = await deriveGates(learners, { shipped: shippedRoutes(REPO_ROOT), now });
  const problems = checkSubmission(text, { root, format, modules, now, provenance, artifactFindings: findings });
  const status = problems.length > 0 ? "rejected" : gates.gated.length > 0 ? "gated" : "ok";
  if (parsed.value.values.json === true)
    io.stdout(`${JSON.stringify(verdictJson(file, status, gates, problems), null, 2)}\n`);
  if (status === "ok") {
    if (parsed.value.values.json !== true)
      io.stdout(
        `${file}: ok (${LEARNER_SCHEMA}); planner gate open (every gate derived by running here)\nnot proven: ${CANNOT_PROVE}\n`,
      );
    return 0;
  }
  if (status === "gated") {
    if (parsed.value.values.json !== true)
      io.stdout(`${gates.gated.map((g) => `${file}: gated: ${g.gate}: ${g.reason}`).join("\n")}\n`);
    io.stderr(`${file}: consistent but gated (${gates.gated.map((g) => g.gate).join(", ")}): not passed\n`);
    return 3;
  }
  if (status !== "rejected") return assertNever(status);
  if (parsed.value.values.json !== true) io.stdout(`${formatProblems(file, problems)}\n`);
  io.stderr(`${file}: rejected, ${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
  return 1;
}

function verdictJson(file: string, status: string, gates: GateReport, problems: readonly Problem[]) {
  return {
    file,
    schema: LEARNER_SCHEMA,
    status,
    planner_gate: gates.planner_gate,
    planner_gate_reason: gates.planner_gate_reason,
    gates: gates.gated,
    problems,
    cannot_prove: CANNOT_PROVE,
  };
}

/**
 * Every listed artifact inside `root` that exists, with its index in the list and its text; the rest
 * say nothing to the gates. An artifact that is not a regular file, or too large or deep to parse, is refused.
 */
function readArtifacts(text: string, root: string): Result<Artifact[], InputFileError> {
  let listed: unknown;
  try {
    listed = (parseYaml(text, { maxAliasCount: 100 }) as { artifacts?: unknown } | null)?.artifacts;
  } catch {
    return ok([]);
  }
  if (!Array.isArray(listed)) return ok([]);
  const read: Artifact[] = [];
  for (const [index, artifact] of listed.entries()) {
    if (typeof artifact !== "string") continue;
    const full = resolve(root, artifact);
    const rel = relative(root, full);
    if (rel.startsWith("..") || isAbsolute(rel)) continue;
    const file = readInputFile(full, { ...DEFAULT_INPUT_LIMITS, format: "json" });
    if (!file.ok) {
      if (file.error.code === "input_not_found") continue;
      return err({ ...file.error, message: `artifact ${file.error.message.replace(full, artifact)}` });
    }
    read.push({ index, path: rel.split("\\").join("/"), text: file.value });
  }
  return ok(read);
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
