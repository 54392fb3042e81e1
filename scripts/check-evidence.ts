/**
 * tsx scripts/check-evidence.ts FILE [--root DIR]
 * Checks a learner submission (learn-llm.evidence.v1, YAML or JSON) and prints every problem as
 * `FILE:LINE: code: message`. See --help for the rules and the exit codes.
 */
import { statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";
import { err, ok, type Result } from "../contract/result.js";
import { DEFAULT_INPUT_LIMITS, parseFlags, readInputFile, type InputFileError } from "../cli/index.js";
import { loadRun } from "../durable/load-run.js";
import type { Artifact, CheckIo } from "./evidence/check-run.js";
import { RECOVERY_THRESHOLD } from "./evidence/rules.js";
import { CANNOT_PROVE, LEARNER_SCHEMA, ROUTE_METADATA_RULE } from "./evidence/terms.js";

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
  - a commit that does not exist in the checkout (when --root is a git checkout), a commit that
    does not hold every artifact byte for byte (artifact_not_at_commit), an artifact whose own
    commit is neither that commit nor an ancestor of it (artifact_commit_mismatch), a command
    that is not this project's (the seed's python commands, say), and the project's own evidence
    as an artifact: a path its manifest names, or a committed evidence file's content under any
    path once times, commits and paths are removed (project_artifact)
  - a metric whose actual is not the value the checker derives from the verified comparisons
    (metric_mismatch, naming both), or that no artifact lets it derive (metric_underived), and a
    column failing in a verified comparison that known_failures does not name (unreported_failure)

It trusts no gate, verdict or planner field an artifact states. Each comparison's claims are
replayed from its own observations (every row's equal and holds, all_equal, all_hold, the
planner gate); every column it lists is run again here on the framework it names, and a route
comparison is run again from the route file, which must be listed among the artifacts. An
artifact that says what its run does not is rejected (artifact_forged); so is a route whose turns
are those of a route shipped in routes/, relabelled (relabelled_route), or that calls a shipped
route's tools in the same order with at most a few changed arguments (near_copy_route).

A consistent submission is never passed by the checker alone. It is gated while the course's gates
are closed, as the runs here decide them: only the FixtureModel ran (no artifact is a measured comparison replaying,
here, a route recorded from a real model: tsx scripts/compare.ts --planner route:PATH, listed with
its route file), or no comparison shows approval binding or fault recovery when run again here
(the approval and fault columns, equal and holding). planner_gate says which. When every claim
re-derived here holds and a route from a real model opened the rest, the planner gate is
unverifiable (status unverifiable), as is the commit tie outside a git checkout: each names what a
teacher should look at.
Provider metadata: ${ROUTE_METADATA_RULE}.
What it cannot prove: ${CANNOT_PROVE}.

  --root DIR   the repository root artifacts are resolved against (default: this repository)
  --json       print one JSON object: status (rejected, gated, unverifiable), planner_gate, gates,
               unverifiable, problems
  --help       this text

A FILE over ${MAX_SUBMISSION_BYTES / 1024} KiB or nested deeper than ${DEFAULT_INPUT_LIMITS.maxDepth} levels is refused unparsed, and so is
an artifact over ${DEFAULT_INPUT_LIMITS.maxBytes / 1024 / 1024} MiB or as deep; YAML aliases (*name) are rejected (yaml_alias).
Every problem is printed as FILE:LINE: code: message, every closed gate as FILE: gated: gate: reason,
every unverifiable one as FILE: unverifiable: gate: look at WHAT.
Exit codes: 0 only for --help (a check never claims a pass); 1 rejected; 2 bad usage (no FILE, no
such FILE, FILE or an artifact not a regular file (a directory, a FIFO, a device), too large or too
deep, a bad or repeated flag); 3 consistent but gated; 4 I/O failure (FILE, an artifact or the module
manifest exists but cannot be read); 5 everything re-derived here holds, provenance unverifiable (a
teacher looks at what is named).`;

export type { CheckIo } from "./evidence/check-run.js";

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
  const inputFailure = (e: InputFileError) => {
    if (e.exit === 2) return usage(`${e.message} (${e.code})`);
    io.stderr(`check-evidence: ${e.message} (${e.code})\n`);
    return 4;
  };
  const format = /\.json$/i.test(file) ? "json" : "yaml";
  const read = readInputFile(resolve(cwd, file), { maxBytes: MAX_SUBMISSION_BYTES, maxDepth: MAX_DEPTH, format });
  if (!read.ok) return inputFailure({ ...read.error, message: read.error.message.replace(resolve(cwd, file), file) });
  const text = read.value;
  const artifacts = readArtifacts(text, root);
  if (!artifacts.ok) return inputFailure(artifacts.error);
  const { checkEvidence } = await loadRun(() => import("./evidence/check-run.js"));
  return checkEvidence(
    { file, root, text, format, artifacts: artifacts.value, json: parsed.value.values.json === true },
    io,
    REPO_ROOT,
  );
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
