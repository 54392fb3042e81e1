/**
 * The checker's run, once scripts/check-evidence.ts has checked its command line and read the
 * submission and its artifacts: the manifest, the gates derived by running here, the verdict.
 */
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { assertNever } from "../../contract/index.js";
import { checkSubmission, formatProblems, type Problem } from "./check.js";
import type { GateReport } from "./gates.js";
import { gitProvenance, isProjectArtifact } from "./provenance.js";
import { commitTie } from "./commit-tie.js";
import { deriveMetrics, failingColumns } from "./metrics.js";
import { deriveGates, type Artifact } from "./rederive.js";
import { shippedRoutes } from "./routes.js";
import { MANIFEST_PATH, readManifest } from "./manifest.js";
import { CANNOT_PROVE, LEARNER_SCHEMA } from "./terms.js";

export type { Artifact } from "./rederive.js";

export type CheckIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now?: () => Date;
  readonly cwd?: string;
};

export type CheckInput = {
  readonly file: string;
  readonly root: string;
  readonly text: string;
  readonly format: "json" | "yaml";
  readonly artifacts: readonly Artifact[];
  readonly json: boolean;
};

export async function checkEvidence(input: CheckInput, io: CheckIo, repoRoot: string): Promise<number> {
  const { file, root, text, format } = input;
  const ioFailure = (what: string, e: unknown) => {
    io.stderr(`check-evidence: cannot read ${what}: ${firstLine((e as Error).message)}\n`);
    return 4;
  };
  const provenance = gitProvenance(root, repoRoot);
  let modules: string[];
  try {
    modules = Object.values(readManifest(join(repoRoot, MANIFEST_PATH)).modules).map((m) => m.module);
  } catch (e) {
    return ioFailure(MANIFEST_PATH, e);
  }
  const now = (io.now ?? (() => new Date()))();
  // The project's own evidence opens nothing and derives no metric: it is refused below (project_artifact), not run.
  const listed = input.artifacts.map((a) => a.path);
  const learners = input.artifacts.filter((a) => !isProjectArtifact(a.path, a.text, provenance, listed));
  const derived = await deriveGates(learners, { shipped: shippedRoutes(repoRoot), now });
  const tie = commitTie(submittedCommit(text), input.artifacts, provenance);
  const gates: GateReport = { ...derived.gates, unverifiable: [...derived.gates.unverifiable, ...tie.unverifiable] };
  const problems = checkSubmission(text, {
    root,
    format,
    modules,
    now,
    provenance,
    artifactFindings: [...derived.findings, ...tie.findings],
    derivedMetrics: deriveMetrics(derived.verified.map((v) => v.report)),
    failingColumns: failingColumns(derived.verified),
  });
  // Never "ok": the planner gate is at best unverifiable (a route's recording cannot be proven here).
  const status = problems.length > 0 ? "rejected" : gates.gated.length > 0 ? "gated" : "unverifiable";
  if (input.json) io.stdout(`${JSON.stringify(verdictJson(file, status, gates, problems), null, 2)}\n`);
  const unverifiable = gates.unverifiable.map((u) => `${file}: unverifiable: ${u.gate}: look at ${u.look_at}`);
  if (status === "gated") {
    if (!input.json)
      io.stdout(
        `${[...gates.gated.map((g) => `${file}: gated: ${g.gate}: ${g.reason}`), ...unverifiable].join("\n")}\n`,
      );
    io.stderr(`${file}: consistent but gated (${gates.gated.map((g) => g.gate).join(", ")}): not passed\n`);
    return 3;
  }
  if (status === "unverifiable") {
    if (!input.json) io.stdout(`${unverifiable.join("\n")}\nnot proven: ${CANNOT_PROVE}\n`);
    io.stderr(
      `${file}: every claim re-derived here holds, ${gates.unverifiable.map((u) => u.gate).join(", ")} unverifiable: not passed; a teacher looks at what is named\n`,
    );
    return 5;
  }
  if (status !== "rejected") return assertNever(status);
  if (!input.json) io.stdout(`${formatProblems(file, problems)}\n`);
  io.stderr(`${file}: rejected, ${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
  return 1;
}

/** The submission's commit as written, for the commit tie; check.ts reports a missing or bad one. */
function submittedCommit(text: string): unknown {
  try {
    return (parseYaml(text, { maxAliasCount: 0 }) as { commit?: unknown } | null)?.commit;
  } catch {
    return null;
  }
}

function verdictJson(file: string, status: string, gates: GateReport, problems: readonly Problem[]) {
  return {
    file,
    schema: LEARNER_SCHEMA,
    status,
    planner_gate: gates.planner_gate,
    planner_gate_reason: gates.planner_gate_reason,
    gates: gates.gated,
    unverifiable: gates.unverifiable,
    problems,
    cannot_prove: CANNOT_PROVE,
  };
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).trim();
}
