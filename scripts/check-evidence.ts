/**
 * tsx scripts/check-evidence.ts FILE [--root DIR]
 * Checks a learner submission (learn-llm.evidence.v1, YAML or JSON) and prints every problem as
 * `FILE:LINE: code: message`. See --help for the rules and the exit codes.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { checkSubmission, formatProblems, LEARNER_SCHEMA } from "./evidence/check.js";
import { MANIFEST_PATH, readManifest } from "./evidence/manifest.js";
import { RECOVERY_THRESHOLD } from "./evidence/rules.js";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export const USAGE = `Usage: tsx scripts/check-evidence.ts FILE [--root DIR]
       npm run check-evidence -- FILE [--root DIR]

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

  --root DIR   the repository root artifacts are resolved against (default: this repository)
  --help       this text

Every problem is printed as FILE:LINE: code: message.
Exit codes: 0 complete and consistent, 1 rejected, 2 bad usage (no FILE, FILE unreadable, bad flag).`;

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
  let parsed: { values: { root?: string | undefined; help?: boolean | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { root: { type: "string" }, help: { type: "boolean" } },
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
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "";
    return usage(`cannot read ${file}${code === "" ? "" : ` (${code})`}`);
  }
  let modules: string[];
  try {
    modules = Object.values(readManifest(join(REPO_ROOT, MANIFEST_PATH)).modules).map((m) => m.module);
  } catch (e) {
    io.stderr(`check-evidence: cannot read ${MANIFEST_PATH}: ${firstLine((e as Error).message)}\n`);
    return 2;
  }
  const problems = checkSubmission(text, {
    root,
    format: /\.json$/i.test(file) ? "json" : "yaml",
    modules,
    now: (io.now ?? (() => new Date()))(),
  });
  if (problems.length === 0) {
    io.stdout(`${file}: ok (${LEARNER_SCHEMA})\n`);
    return 0;
  }
  io.stdout(`${formatProblems(file, problems)}\n`);
  io.stderr(`${file}: rejected, ${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
  return 1;
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = main(process.argv.slice(2));
}
