/** The learner submission checker: one test per rejection, with its line, and a valid submission. */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main, MAX_SUBMISSION_BYTES } from "../../scripts/check-evidence.js";
import { checkSubmission, formatProblems, type CheckOptions, type Problem } from "../../scripts/evidence/check.js";
import { scratchDir } from "../setup/scratch.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = (name: string) => join(root, "test/evidence/fixtures", name);
const VALID_YAML = readFileSync(fixture("valid-submission.yaml"), "utf8");
const VALID_JSON = readFileSync(fixture("valid-submission.json"), "utf8");
const TEMPLATE = readFileSync(join(root, "evidence/templates/learner-evidence.template.yaml"), "utf8");

const options: CheckOptions = {
  root,
  format: "yaml",
  modules: ["13-agent-harness"],
  now: new Date("2026-06-01T00:00:00Z"),
};
const check = (text: string, format: "yaml" | "json" = "yaml") => checkSubmission(text, { ...options, format });

/** The 1-based line of the first line of `text` containing `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split("\n").findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`no line contains ${needle}`);
  return index + 1;
}

/** The valid YAML fixture with one line replaced (the line must exist exactly once). */
function withLine(from: string, to: string): string {
  expect(VALID_YAML.split(from)).toHaveLength(2);
  return VALID_YAML.replace(from, to);
}

const only = (problems: readonly Problem[]) => {
  expect(problems).toHaveLength(1);
  return problems[0] as Problem;
};

async function runCli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    now: () => options.now,
    cwd: root,
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

describe("a complete, consistent submission", () => {
  it("passes as YAML: the fixture's artifacts exist in this repository", () => {
    expect(check(VALID_YAML)).toEqual([]);
  });

  it("passes as JSON", () => {
    expect(check(VALID_JSON, "json")).toEqual([]);
  });

  it("is refused from the command line inside this checkout: a made-up commit and the project's own evidence", async () => {
    // test/evidence/gates.test.ts runs a submission of a learner's own artifacts to exit 0.
    const run = await runCli([fixture("valid-submission.yaml")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/:4: unknown_commit: /);
    expect(run.stdout).toMatch(/project_artifact: artifact evidence\/module-manifest-v1\.json/);
  });
});

describe("rejections, each with its line", () => {
  it("rejects the untouched template: one placeholder problem per <...> line, nothing else", () => {
    const problems = check(TEMPLATE);
    const placeholderLines = TEMPLATE.split("\n").flatMap((line, i) =>
      /^\s*[^#\s].*<[a-z-]+>/.test(line) ? [i + 1] : [],
    );
    expect(placeholderLines.length).toBeGreaterThanOrEqual(12);
    expect(problems.map((p) => p.code)).toEqual(placeholderLines.map(() => "placeholder"));
    expect(problems.map((p) => p.line)).toEqual(placeholderLines);
    expect(problems.find((p) => p.line === lineOf(TEMPLATE, "commit:"))?.message).toMatch(
      /commit is still the template's <learner-commit-sha>/,
    );
  });

  it("rejects an unfilled placeholder anywhere, including inside a command", () => {
    const text = withLine("  - npm run compare\n", "  - npx tsx scripts/check-evidence.ts <your-file>\n");
    const problem = only(check(text));
    expect(problem).toMatchObject({ code: "placeholder", line: lineOf(text, "<your-file>") });
    expect(problem.message).toMatch(/commands\[1\]/);
  });

  it("rejects an artifact that does not exist in the repository", () => {
    const text = withLine("  - evidence/module-manifest-v1.json\n", "  - evidence/not-there.json\n");
    expect(only(check(text))).toMatchObject({ code: "artifact_not_found", line: lineOf(text, "not-there.json") });
  });

  it("rejects an artifact outside the repository (absolute or ..)", () => {
    for (const path of ["/etc/passwd", "../outside.json"]) {
      const text = withLine("  - evidence/module-manifest-v1.json\n", `  - ${path}\n`);
      expect(only(check(text))).toMatchObject({ code: "artifact_outside_repo", line: lineOf(text, path) });
    }
  });

  it("rejects an empty artifact list", () => {
    const text = VALID_YAML.replace(/artifacts:\n(  - .*\n)+/, "artifacts: []\n");
    expect(only(check(text))).toMatchObject({ code: "missing_artifact", line: lineOf(text, "artifacts:") });
  });

  it("resolves artifacts against --root", () => {
    const elsewhere = scratchDir("check-evidence-root-");
    const problems = checkSubmission(VALID_YAML, { ...options, root: elsewhere });
    expect(problems.map((p) => p.code)).toEqual(["artifact_not_found", "artifact_not_found"]);
  });

  it("rejects a rate whose actual is below expected (actual >= expected)", () => {
    const text = VALID_YAML.replace(
      "  - name: schema_validity\n    expected: 1.0\n    actual: 1.0\n",
      "  - name: schema_validity\n    expected: 1.0\n    actual: 0.95\n",
    );
    const problem = only(check(text));
    expect(problem).toMatchObject({ code: "metric_missed", line: lineOf(text, "actual: 0.95") });
    expect(problem.message).toMatch(
      /schema_validity: actual 0\.95 misses expected 1 \(rule at_least: actual >= expected\)/,
    );
  });

  it("rejects a count whose actual is above expected (actual <= expected)", () => {
    const text = VALID_YAML.replace("    expected: 0\n    actual: 0\n", "    expected: 0\n    actual: 2\n");
    const problem = only(check(text));
    expect(problem).toMatchObject({ code: "metric_missed", line: lineOf(text, "actual: 2") });
    expect(problem.message).toMatch(/unapproved_side_effects: actual 2 misses expected 0 \(rule at_most/);
  });

  it("rejects a recovery rate under the versioned threshold, and an expected value weaker than the contract's", () => {
    const text = VALID_YAML.replace(
      "  - name: recoverable_fault_recovery_rate\n    expected: 1.0\n    actual: 1.0\n",
      "  - name: recoverable_fault_recovery_rate\n    expected: 0.8\n    actual: 0.8\n",
    );
    const problem = only(check(text));
    expect(problem).toMatchObject({ code: "weak_expected", line: lineOf(text, "expected: 0.8") });
    expect(problem.message).toMatch(/threshold v1 = 1/);
  });

  it("rejects another metric whose actual differs from expected (equal by default)", () => {
    const text = VALID_YAML.replace(
      "    expected: true\n    actual: true\n",
      "    expected: true\n    actual: false\n",
    );
    expect(only(check(text))).toMatchObject({ code: "metric_missed", line: lineOf(text, "actual: false") });
  });

  it("rejects a non-numeric or out-of-range actual, a missing or duplicated contract metric", () => {
    const text = VALID_YAML.replace("    expected: 0\n    actual: 0\n", "    expected: 0\n    actual: none\n");
    expect(only(check(text))).toMatchObject({ code: "bad_metric", line: lineOf(text, "actual: none") });
    const rate = VALID_YAML.replace("    expected: 1.0\n    actual: 1.0\n", "    expected: 1.0\n    actual: 100\n");
    expect(only(check(rate))).toMatchObject({ code: "bad_metric", line: lineOf(rate, "actual: 100") });
    const missing = VALID_YAML.replace("  - name: unapproved_side_effects\n    expected: 0\n    actual: 0\n", "");
    expect(only(check(missing))).toMatchObject({ code: "missing_metric", line: lineOf(missing, "metrics:") });
    const twice = VALID_YAML.replace(
      "artifacts:\n",
      "  - name: unapproved_side_effects\n    expected: 0\n    actual: 0\nartifacts:\n",
    );
    expect(only(check(twice))).toMatchObject({
      code: "duplicate_metric",
      line: twice.split("\n").lastIndexOf("  - name: unapproved_side_effects") + 1,
    });
  });

  it("rejects empty or missing commands", () => {
    const empty = VALID_YAML.replace(/commands:\n(  - .*\n)+/, "commands: []\n");
    expect(only(check(empty))).toMatchObject({ code: "missing_command", line: lineOf(empty, "commands:") });
    const missing = VALID_YAML.replace(/commands:\n(  - .*\n)+/, "");
    const problem = only(check(missing));
    expect(problem.code).toBe("missing_command");
    expect(problem.message).toMatch(/commands is missing/);
    const blank = VALID_YAML.replace(/commands:\n(  - .*\n)+/, "commands:\n");
    expect(only(check(blank))).toMatchObject({ code: "missing_command", line: lineOf(blank, "commands:") });
  });

  it.each([["yesterday"], ["2026-13-01"], ["2026-02-30"], ["01/03/2026"], ["2026-03-01T25:00:00Z"], ["20260301"]])(
    "rejects a malformed date: verified_at %s",
    (value) => {
      const text = withLine("verified_at: 2026-03-01T14:05:00Z\n", `verified_at: ${value}\n`);
      const problem = only(check(text));
      expect(problem).toMatchObject({ code: "bad_date", line: lineOf(text, "verified_at:") });
      expect(problem.message).toMatch(/not an ISO 8601 date/);
    },
  );

  it("accepts ISO 8601 dates with and without time and offset, and rejects a future date", () => {
    for (const value of ["2026-03-01", "2026-03-01T14:05", "2026-03-01T14:05:00.123+02:00"]) {
      expect(check(withLine("verified_at: 2026-03-01T14:05:00Z\n", `verified_at: ${value}\n`))).toEqual([]);
    }
    const text = withLine("verified_at: 2026-03-01T14:05:00Z\n", "verified_at: 2027-01-01\n");
    expect(only(check(text))).toMatchObject({ code: "future_date", line: lineOf(text, "verified_at:") });
  });

  it("rejects a missing field, an unknown field, a wrong schema and an unknown module", () => {
    const missing = VALID_YAML.replace("seed: seed-13\n", "");
    // A missing field has no line of its own: the problem points at the start of the mapping.
    expect(only(check(missing))).toMatchObject({ code: "missing_field", line: lineOf(missing, "schema:") });
    const unknown = VALID_YAML.replace("seed: seed-13\n", "seed: seed-13\nartefacts: []\n");
    expect(only(check(unknown))).toMatchObject({ code: "unknown_field", line: lineOf(unknown, "artefacts") });
    const schema = withLine("schema: learn-llm.evidence.v1\n", "schema: learn-llm.evidence.v0\n");
    expect(only(check(schema))).toMatchObject({ code: "wrong_schema", line: lineOf(schema, "schema:") });
    const module = withLine("module: 13-agent-harness\n", "module: 12-something-else\n");
    expect(only(check(module))).toMatchObject({ code: "unknown_module", line: lineOf(module, "module:") });
  });

  it("rejects a bad commit, a bad cost, an incomplete licence, an unsanitised environment", () => {
    const commit = withLine("commit: 2bd68bc0a1f2e3d4c5b6a7980123456789abcdef\n", "commit: main\n");
    expect(only(check(commit))).toMatchObject({ code: "bad_commit", line: lineOf(commit, "commit:") });
    const cost = withLine("  credit_usd: 0\n", "  credit_usd: -1\n");
    expect(only(check(cost))).toMatchObject({ code: "bad_cost", line: lineOf(cost, "credit_usd") });
    const licence = withLine("    license: MIT\n", "");
    expect(only(check(licence))).toMatchObject({ code: "bad_license", line: lineOf(licence, "- source: npm:zod") });
    const env = withLine(
      "environment: node v20.19.0 linux-x64, 2 cores\n",
      "environment: node v20 in /home/alice/work\n",
    );
    expect(only(check(env))).toMatchObject({ code: "unsanitised", line: lineOf(env, "environment:") });
  });

  it("reports YAML syntax errors with their line", () => {
    const text = withLine("module: 13-agent-harness\n", "module: [13-agent-harness\n");
    const problems = check(text);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.code === "parse_error")).toBe(true);
    expect(problems[0]?.line).toBeGreaterThanOrEqual(lineOf(text, "module:"));
    const duplicate = withLine("seed: seed-13\n", "seed: seed-13\nseed: 7\n");
    expect(check(duplicate)).toEqual([
      expect.objectContaining({ code: "parse_error", line: lineOf(duplicate, "seed: 7") }),
    ]);
  });

  it("reports JSON problems with their line: syntax, placeholders, misses", () => {
    const broken = VALID_JSON.replace('"seed": "seed-13",', '"seed": "seed-13"');
    expect(only(check(broken, "json"))).toMatchObject({ code: "parse_error", line: lineOf(broken, '"commands"') });
    const missed = VALID_JSON.replace(
      '{ "name": "unapproved_side_effects", "expected": 0, "actual": 0 }',
      '{ "name": "unapproved_side_effects", "expected": 0, "actual": 1 }',
    );
    expect(only(check(missed, "json"))).toMatchObject({
      code: "metric_missed",
      line: lineOf(missed, "unapproved_side_effects"),
    });
    const placeholder = VALID_JSON.replace('"commit": "2bd68bc"', '"commit": "<learner-commit-sha>"');
    expect(only(check(placeholder, "json"))).toMatchObject({
      code: "placeholder",
      line: lineOf(placeholder, '"commit"'),
    });
    const artifact = VALID_JSON.replace(
      '["evidence/13-framework-comparison-local-v2.json"]',
      '[\n    "evidence/missing.json"\n  ]',
    );
    expect(only(check(artifact, "json"))).toMatchObject({
      code: "artifact_not_found",
      line: lineOf(artifact, "missing.json"),
    });
  });

  it("prints every problem as FILE:LINE: code: message, one per line", () => {
    const text = withLine("verified_at: 2026-03-01T14:05:00Z\n", "verified_at: soon\n").replace(
      "  - evidence/module-manifest-v1.json\n",
      "  - evidence/gone.json\n",
    );
    const problems = check(text);
    expect(formatProblems("sub.yaml", problems).split("\n")).toEqual([
      `sub.yaml:${lineOf(text, "verified_at")}: bad_date: ${problems[0]?.message ?? ""}`,
      `sub.yaml:${lineOf(text, "gone.json")}: artifact_not_found: artifact evidence/gone.json does not exist in the repository`,
    ]);
  });
});

describe("the templates still check", () => {
  const problemCodes = (stdout: string) => [...stdout.matchAll(/^[^\n]*?:\d+: (\w+): /gm)].map((m) => m[1]);

  it("the learner template, through the command line with every derivation on: its placeholders only", async () => {
    const run = await runCli([join(root, "evidence/templates/learner-evidence.template.yaml")]);
    expect(run.code).toBe(1);
    const codes = problemCodes(run.stdout);
    expect(codes.length).toBeGreaterThanOrEqual(12);
    expect(new Set(codes)).toEqual(new Set(["placeholder"]));
  });

  it("the seed's template: its placeholders and its python command (foreign_command), nothing else", async () => {
    const run = await runCli([fixture("seed-template.yaml")]);
    expect(run.code).toBe(1);
    const codes = problemCodes(run.stdout);
    expect(codes.filter((c) => c !== "placeholder")).toEqual(["foreign_command"]);
    expect(codes.filter((c) => c === "placeholder").length).toBeGreaterThanOrEqual(12);
  });
});

describe("the command line", () => {
  const scratch = scratchDir("check-evidence-");

  it("exits 1 on a rejected submission and prints each problem with the file and line", async () => {
    const file = join(scratch, "rejected.yaml");
    writeFileSync(file, withLine("verified_at: 2026-03-01T14:05:00Z\n", "verified_at: <iso-date>\n"));
    const run = await runCli([file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `${file}:${lineOf(VALID_YAML, "verified_at")}: placeholder: verified_at is still the template's <iso-date>: replace it with your own run's value\n`,
    );
    expect(run.stderr).toMatch(/rejected, \d+ problems?/);
  });

  it("exits 2 on usage errors: no file, a missing file, an unreadable file, a bad flag, a bad --root", async () => {
    expect((await runCli([])).code).toBe(2);
    expect(await runCli([join(scratch, "absent.yaml")])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no file .*absent\.yaml \(ENOENT\) \(input_not_found\)/),
    });
    expect(await runCli([scratch])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is a directory, not a regular file \(input_not_regular\)/),
    });
    expect((await runCli([fixture("valid-submission.yaml"), "--strict"])).code).toBe(2);
    expect((await runCli([fixture("valid-submission.yaml"), "other.yaml"])).code).toBe(2);
    expect((await runCli([fixture("valid-submission.yaml"), "--root", join(scratch, "nowhere")])).code).toBe(2);
  });

  it("rejects YAML aliases with yaml_alias instead of expanding them: a billion-laughs file and an unresolved alias", async () => {
    const bomb = join(scratch, "bomb.yaml");
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${"bcdefghij"[i - 1]}: &${"bcdefghij"[i - 1]} [${Array(9)
          .fill(`*${i === 1 ? "a" : "bcdefghij"[i - 2]}`)
          .join(",")}]`,
      );
    writeFileSync(bomb, `${VALID_YAML}${levels.join("\n")}\n`);
    const unresolved = join(scratch, "unresolved.yaml");
    writeFileSync(unresolved, `${VALID_YAML}extra: *nowhere\n`);
    for (const file of [bomb, unresolved]) {
      const run = await runCli([file]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/: yaml_alias: YAML aliases/);
    }
  });

  it("refuses a FILE over the size limit unread, as a usage error", async () => {
    const big = join(scratch, "big.yaml");
    writeFileSync(big, `${VALID_YAML}# ${"x".repeat(MAX_SUBMISSION_BYTES)}\n`);
    expect(await runCli([big])).toMatchObject({ code: 2, stderr: expect.stringMatching(/over the \d+-byte limit/) });
  });

  it("documents I/O failure (4) apart from bad usage (2)", async () => {
    expect((await runCli(["--help"])).stdout).toMatch(/4 I\/O failure/);
  });

  it("prints the usage with --help and exits 0", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: tsx scripts\/check-evidence\.ts FILE \[--root DIR\]/);
    expect(run.stdout).toMatch(/actual >= expected/);
  });

  it("sets the process exit code when run as a script", () => {
    const file = join(scratch, "cli.yaml");
    writeFileSync(file, withLine("  - evidence/module-manifest-v1.json\n", "  - evidence/nope.json\n"));
    const result = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/check-evidence.ts"), file], {
      cwd: root,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/cli\.yaml:\d+: artifact_not_found: /);
  });
});
