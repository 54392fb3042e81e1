/**
 * tsx scripts/check-evidence.ts FILE [--root DIR]
 * Checks a learner submission (learn-llm.evidence.v1, YAML or JSON) and prints every problem as
 * `FILE:LINE: code: message`. See --help for the rules and the exit codes.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { assertNever } from "../contract/index.js";
import { checkSubmission, formatProblems, LEARNER_SCHEMA, type Problem } from "./evidence/check.js";
import { courseGates, type GateReport } from "./evidence/gates.js";
import { gitProvenance } from "./evidence/provenance.js";
import { MANIFEST_PATH, readManifest } from "./evidence/manifest.js";
import { RECOVERY_THRESHOLD } from "./evidence/rules.js";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** A submission is a page of YAML; anything larger is refused before it is read. */
export const MAX_SUBMISSION_BYTES = 256 * 1024;

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

A consistent submission is still gated, not passed, while the course's gates are closed: only
the FixtureModel ran (no artifact is a measured comparison replaying a route recorded from a
real model: tsx scripts/compare.ts --planner route:PATH), or no artifact shows approval binding
or fault recovery (the comparison's approval and fault columns, equal). planner_gate says which.

  --root DIR   the repository root artifacts are resolved against (default: this repository)
  --json       print one JSON object: status (ok, gated, rejected), planner_gate, gates, problems
  --help       this text

A FILE over ${MAX_SUBMISSION_BYTES / 1024} KiB is refused unread; YAML aliases (*name) are rejected (yaml_alias).
Every problem is printed as FILE:LINE: code: message, every closed gate as FILE: gated: gate: reason.
Exit codes: 0 complete, consistent and every gate open; 1 rejected; 2 bad usage (no FILE, no such
FILE, a directory, FILE too large, bad flag); 3 consistent but gated; 4 I/O failure (FILE or the
module manifest exists but cannot be read).`;

export type CheckIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now?: () => Date;
  readonly cwd?: string;
};

const defaultIo: CheckIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

export function main(argv: readonly string[], io: CheckIo = defaultIo): number {
  const usage = (message: string) => {
    io.stderr(`check-evidence: ${message}\n\n${USAGE}\n`);
    return 2;
  };
  let parsed: {
    values: { root?: string | undefined; help?: boolean | undefined; json?: boolean | undefined };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { root: { type: "string" }, help: { type: "boolean" }, json: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    return usage((e as Error).message);
  }
  if (parsed.values.help === true) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined) return usage("no FILE given");
  if (extra.length > 0) return usage(`one FILE at a time (also got ${extra.join(" ")})`);
  // Under `npm run`, the working directory is the package root; INIT_CWD is where the command was typed.
  const cwd = io.cwd ?? process.env["INIT_CWD"] ?? process.cwd();
  const root = parsed.values.root === undefined ? REPO_ROOT : resolve(cwd, parsed.values.root);
  try {
    if (!statSync(root).isDirectory()) return usage(`--root ${root} is not a directory`);
  } catch {
    return usage(`--root ${parsed.values.root ?? root} does not exist`);
  }
  const ioFailure = (what: string, e: unknown) => {
    io.stderr(`check-evidence: cannot read ${what}: ${firstLine((e as Error).message)}\n`);
    return 4;
  };
  let text: string;
  try {
    const size = statSync(resolve(cwd, file)).size;
    if (size > MAX_SUBMISSION_BYTES)
      return usage(`${file} is ${size} bytes, over the ${MAX_SUBMISSION_BYTES}-byte limit`);
    text = readFileSync(resolve(cwd, file), "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "";
    if (readErrorExit(code) === 2) return usage(`cannot read ${file}${code === "" ? "" : ` (${code})`}`);
    return ioFailure(file, e);
  }
  let modules: string[];
  try {
    modules = Object.values(readManifest(join(REPO_ROOT, MANIFEST_PATH)).modules).map((m) => m.module);
  } catch (e) {
    return ioFailure(MANIFEST_PATH, e);
  }
  const problems = checkSubmission(text, {
    root,
    format: /\.json$/i.test(file) ? "json" : "yaml",
    modules,
    now: (io.now ?? (() => new Date()))(),
    provenance: gitProvenance(root, REPO_ROOT),
  });
  const gates = courseGates(readArtifacts(text, root));
  const status = problems.length > 0 ? "rejected" : gates.gated.length > 0 ? "gated" : "ok";
  if (parsed.values.json === true)
    io.stdout(`${JSON.stringify(verdictJson(file, status, gates, problems), null, 2)}\n`);
  if (status === "ok") {
    if (parsed.values.json !== true) io.stdout(`${file}: ok (${LEARNER_SCHEMA}); planner gate open\n`);
    return 0;
  }
  if (status === "gated") {
    if (parsed.values.json !== true)
      io.stdout(`${gates.gated.map((g) => `${file}: gated: ${g.gate}: ${g.reason}`).join("\n")}\n`);
    io.stderr(`${file}: consistent but gated (${gates.gated.map((g) => g.gate).join(", ")}): not passed\n`);
    return 3;
  }
  if (status !== "rejected") return assertNever(status);
  if (parsed.values.json !== true) io.stdout(`${formatProblems(file, problems)}\n`);
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
  };
}

/** The parsed JSON of every listed artifact inside `root` that exists and is JSON; the rest say nothing to the gates. */
function readArtifacts(text: string, root: string): unknown[] {
  let listed: unknown;
  try {
    listed = (parseYaml(text, { maxAliasCount: 100 }) as { artifacts?: unknown } | null)?.artifacts;
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((artifact) => {
    if (typeof artifact !== "string") return [];
    const full = resolve(root, artifact);
    const rel = relative(root, full);
    if (rel.startsWith("..") || isAbsolute(rel) || !existsSync(full)) return [];
    try {
      return [JSON.parse(readFileSync(full, "utf8")) as unknown];
    } catch {
      return [];
    }
  });
}

/** A path that names nothing readable is the caller's mistake (2); a read that fails on a real file is I/O (4). */
export function readErrorExit(code: string): 2 | 4 {
  return ["ENOENT", "ENOTDIR", "EISDIR", "ENAMETOOLONG"].includes(code) ? 2 : 4;
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = main(process.argv.slice(2));
}
