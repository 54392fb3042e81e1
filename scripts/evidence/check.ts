/**
 * The learner submission checker (schema learn-llm.evidence.v1), as a pure function over the
 * file's text. Every problem carries the line it is on, found from the YAML parser's node
 * ranges (JSON is parsed strictly first, then read through the same YAML parser for its lines).
 * The metrics are checked in check-metrics.ts.
 */
import { existsSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from "yaml";
import { DEFAULT_INPUT_LIMITS, readInputFile } from "../../cli/index.js";
import { foreignCommand, isProjectArtifact, type Provenance } from "./provenance.js";
import type { DerivedMetric, FailingColumn } from "./metrics.js";
import { checkMetrics } from "./check-metrics.js";
import type { Add, Path, Problem, ProblemCode, Unfilled } from "./problems.js";
import { LEARNER_SCHEMA } from "./terms.js";

export { LEARNER_SCHEMA } from "./terms.js";
export { PROBLEM_CODES, type Problem, type ProblemCode } from "./problems.js";

export type CheckOptions = {
  /** The repository root artifacts are resolved against. */
  readonly root: string;
  /** "json" parses strictly as JSON first; "yaml" (the default) as YAML. */
  readonly format: "yaml" | "json";
  /** Module ids a submission may name (from evidence/module-manifest-v1.json). */
  readonly modules: readonly string[];
  /** For the future-date check. */
  readonly now: Date;
  /** Git and the project's commands: with it, the commit, the commands and the artifacts must be this run's. */
  readonly provenance?: Provenance;
  /** What running the artifacts' claims and reading their commit found against them, by their index in `artifacts`. */
  readonly artifactFindings?: readonly {
    readonly index: number;
    readonly code: ProblemCode;
    readonly message: string;
  }[];
  /** The metrics derived from the verified artifacts (metrics.ts); with it, every submitted actual must be its value. */
  readonly derivedMetrics?: ReadonlyMap<string, DerivedMetric>;
  /** Columns that fail in a verified comparison (metrics.ts): each must be named in known_failures. */
  readonly failingColumns?: readonly FailingColumn[];
};

const TOP_LEVEL = [
  "schema",
  "module",
  "commit",
  "verified_at",
  "environment",
  "seed",
  "commands",
  "metrics",
  "artifacts",
  "cost",
  "licenses",
  "known_failures",
] as const;
const LICENSE_KEYS = ["source", "version", "license", "attribution", "redistribution"] as const;
const COST_KEYS = ["gross_usd", "credit_usd"] as const;

/** An unfilled template value: `<learner-commit-sha>`, `<recorded-value>`, … */
export const PLACEHOLDER = /<[A-Za-z][A-Za-z0-9 _.:/-]*>/;
const COMMIT = /^[0-9a-f]{7,40}$/i;
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const UNSANITISED = /(\/home\/[^/\s]+|\/Users\/[^/\s]+|[A-Za-z]:\\Users\\[^\\\s]+)/;

export function checkSubmission(text: string, options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const lines = new LineCounter();
  const lineAt = (offset: number) => lines.linePos(offset).line;

  if (options.format === "json") {
    try {
      JSON.parse(text);
    } catch (e) {
      const message = (e as Error).message;
      const position = /position (\d+)/.exec(message)?.[1];
      const line =
        position === undefined ? text.split("\n").length : text.slice(0, Number(position)).split("\n").length;
      return [{ line, code: "parse_error", message: `not valid JSON: ${message}` }];
    }
  }
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return doc.errors.map((e) => ({
      line: e.linePos?.[0].line ?? 1,
      code: "parse_error" as const,
      message: firstLine(e.message),
    }));
  }
  // Aliases expand on read (a "billion laughs" file is a few lines); a submission never needs one.
  let aliases = 0;
  visit(doc, { Alias: () => void (aliases += 1) });
  if (aliases > 0)
    return [
      {
        line: 1,
        code: "yaml_alias",
        message: `YAML aliases (*name) are not allowed in a submission; found ${aliases}`,
      },
    ];
  const root = doc.contents;
  if (!isMap(root))
    return [
      { line: 1, code: "not_a_mapping", message: "a submission is a mapping of the fields of learn-llm.evidence.v1" },
    ];

  const nodeAt = (path: Path): Node | null => {
    const node = doc.getIn(path, true) as unknown;
    return node !== null && typeof node === "object" && "range" in (node as object) ? (node as Node) : null;
  };
  /** The line of `path`, or of the nearest ancestor that exists. */
  const lineOf = (path: Path): number => {
    for (let n = path.length; n >= 0; n -= 1) {
      const node = n === 0 ? root : nodeAt(path.slice(0, n));
      if (node?.range != null) return lineAt(node.range[0]);
    }
    return 1;
  };
  /** The line of the key `path` ends with (a value may start on a later line). */
  const keyLineOf = (path: Path): number => {
    const parent = path.length <= 1 ? root : nodeAt(path.slice(0, -1));
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[path.length - 1]);
      const key = pair?.key as Node | undefined;
      if (key?.range != null) return lineAt(key.range[0]);
    }
    return lineOf(path);
  };
  const add = (path: Path, code: ProblemCode, message: string, at: "value" | "key" = "value") =>
    problems.push({ line: at === "key" ? keyLineOf(path) : lineOf(path), code, message });

  // Unfilled placeholders anywhere; a field holding one gets no other check.
  const unfilled = new Set<string>();
  walkScalars(doc, (path, value) => {
    if (typeof value !== "string") return;
    const found = PLACEHOLDER.exec(value);
    if (found === null) return;
    unfilled.add(JSON.stringify(path));
    add(
      path,
      "placeholder",
      `${pathText(path)} is still the template's ${found[0]}: replace it with your own run's value`,
    );
  });
  const isUnfilled = (path: Path) => unfilled.has(JSON.stringify(path));

  const data = doc.toJS({ maxAliasCount: 0 }) as Record<string, unknown>;
  for (const key of Object.keys(data)) {
    if (!(TOP_LEVEL as readonly string[]).includes(key))
      add(
        [key],
        "unknown_field",
        `${key} is not a field of ${LEARNER_SCHEMA} (fields: ${TOP_LEVEL.join(", ")})`,
        "key",
      );
  }
  for (const key of TOP_LEVEL) {
    if (!(key in data) || data[key] === null) {
      if (key === "commands")
        add(
          ["commands"],
          "missing_command",
          `commands is ${key in data ? "empty" : "missing"}: list every command you ran (at least one)`,
          "key",
        );
      else add([key], "missing_field", `${key} is missing${data[key] === null ? " (empty)" : ""}`, "key");
    }
  }
  const present = (key: string) => key in data && data[key] !== null && !isUnfilled([key]);

  if (present("schema") && data["schema"] !== LEARNER_SCHEMA)
    add(["schema"], "wrong_schema", `schema is ${JSON.stringify(data["schema"])}, not ${LEARNER_SCHEMA}`);
  if (present("module") && !options.modules.includes(String(data["module"]))) {
    add(
      ["module"],
      "unknown_module",
      `module ${JSON.stringify(data["module"])} is not in evidence/module-manifest-v1.json (known: ${options.modules.join(", ")})`,
    );
  }
  if (present("commit") && !(typeof data["commit"] === "string" && COMMIT.test(data["commit"]))) {
    add(
      ["commit"],
      "bad_commit",
      `commit ${JSON.stringify(data["commit"])} is not a git commit id (7 to 40 hex digits)`,
    );
  } else if (present("commit") && options.provenance?.commitExists(String(data["commit"])) === false) {
    add(
      ["commit"],
      "unknown_commit",
      `commit ${String(data["commit"])} does not exist in this checkout: give the commit your run was made at`,
    );
  }
  if (present("verified_at"))
    checkDate(data["verified_at"], options.now, (code, message) => add(["verified_at"], code, message));
  if (present("environment"))
    checkEnvironment(
      data["environment"],
      (path, code, message) => add(["environment", ...path], code, message),
      isUnfilled,
    );
  if (present("seed")) {
    const seed = data["seed"];
    if (!((typeof seed === "number" && Number.isFinite(seed)) || (typeof seed === "string" && seed.trim() !== ""))) {
      add(["seed"], "bad_seed", "seed is a number or a non-empty string: the fixture seed your run used");
    }
  }
  if ("commands" in data && data["commands"] !== null) {
    const commands = data["commands"];
    if (!Array.isArray(commands) || commands.length === 0)
      add(["commands"], "missing_command", "commands is empty: list every command you ran (at least one)");
    else {
      commands.forEach((command, i) => {
        if (isUnfilled(["commands", i])) return;
        if (typeof command !== "string" || command.trim() === "")
          add(["commands", i], "bad_command", `commands[${i}] is not a command line`);
        else {
          const foreign = options.provenance === undefined ? null : foreignCommand(command, options.provenance);
          if (foreign !== null)
            add(["commands", i], "foreign_command", `commands[${i}] ${JSON.stringify(command.trim())}: ${foreign}`);
        }
      });
    }
  }
  if ("metrics" in data && data["metrics"] !== null)
    checkMetrics(data["metrics"], add, isUnfilled, options.derivedMetrics);
  if ("artifacts" in data && data["artifacts"] !== null)
    checkArtifacts(data["artifacts"], options.root, add, isUnfilled, options.provenance);
  for (const finding of options.artifactFindings ?? [])
    add(["artifacts", finding.index], finding.code, finding.message);
  if (present("cost")) checkCost(data["cost"], add, isUnfilled);
  if ("licenses" in data && data["licenses"] !== null) checkLicenses(data["licenses"], add, isUnfilled);
  if ("known_failures" in data && data["known_failures"] !== null) {
    const failures = data["known_failures"];
    if (!Array.isArray(failures))
      add(
        ["known_failures"],
        "bad_known_failures",
        "known_failures is a list of failure names (empty, or [none], when nothing failed)",
      );
    else {
      failures.forEach((failure, i) => {
        if (isUnfilled(["known_failures", i])) return;
        if (typeof failure !== "string" || failure.trim() === "")
          add(["known_failures", i], "bad_known_failures", `known_failures[${i}] is not a failure name`);
        else if (UNSANITISED.test(failure))
          add(["known_failures", i], "unsanitised", `known_failures[${i}] carries a home folder path: sanitise it`);
      });
    }
  }
  if (!isUnfilled(["known_failures", 0])) checkReported(data["known_failures"], options.failingColumns ?? [], add);
  return problems.sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));
}

function checkDate(value: unknown, now: Date, add: (code: ProblemCode, message: string) => void): void {
  const text = typeof value === "string" ? value.trim() : "";
  const m = ISO_8601.exec(text);
  const bad = () =>
    add(
      "bad_date",
      `verified_at ${JSON.stringify(value)} is not an ISO 8601 date or date-time (e.g. 2026-03-01 or 2026-03-01T14:05:00Z)`,
    );
  if (m === null) return bad();
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  const year = Number(y),
    month = Number(mo),
    day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return bad();
  const at = Date.parse(m[4] === undefined ? `${text}T00:00:00Z` : text.replace(" ", "T"));
  if (Number.isNaN(at)) return bad();
  if (at > now.getTime() + 24 * 60 * 60 * 1000) add("future_date", `verified_at ${text} is in the future`);
}

function checkEnvironment(
  value: unknown,
  add: (path: Path, code: ProblemCode, message: string) => void,
  isUnfilled: Unfilled,
): void {
  const scalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  if (typeof value === "string") {
    if (value.trim() === "")
      add([], "bad_environment", "environment is empty: give the runtime, e.g. node v20.19.0 linux-x64");
    else if (UNSANITISED.test(value))
      add([], "unsanitised", "environment carries a home folder path or user name: sanitise it");
    return;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (isUnfilled(["environment", key])) continue;
      if (!scalar(v)) add([key], "bad_environment", `environment.${key} is not a plain value`);
      else if (UNSANITISED.test(String(v)))
        add([key], "unsanitised", `environment.${key} carries a home folder path or user name: sanitise it`);
    }
    return;
  }
  add([], "bad_environment", "environment is a string or a mapping describing the runtime (sanitised)");
}

function checkArtifacts(
  artifacts: unknown,
  root: string,
  add: Add,
  isUnfilled: Unfilled,
  provenance: Provenance | undefined,
): void {
  if (!Array.isArray(artifacts) || artifacts.length === 0) {
    return add(
      ["artifacts"],
      "missing_artifact",
      "artifacts lists at least one repository-relative path your run produced",
      "key",
    );
  }
  artifacts.forEach((artifact, i) => {
    if (isUnfilled(["artifacts", i])) return;
    if (typeof artifact !== "string" || artifact.trim() === "")
      return add(["artifacts", i], "missing_artifact", `artifacts[${i}] is not a path`);
    const full = resolve(root, artifact);
    const rel = relative(root, full);
    if (isAbsolute(artifact) || rel.startsWith("..") || isAbsolute(rel))
      return add(["artifacts", i], "artifact_outside_repo", `artifact ${artifact} is not a path inside the repository`);
    if (!existsSync(full))
      return add(["artifacts", i], "artifact_not_found", `artifact ${artifact} does not exist in the repository`);
    if (provenance === undefined) return;
    // The entry point refuses such an artifact before checking (exit 2); a caller in process gets a problem.
    const read = readInputFile(full, { ...DEFAULT_INPUT_LIMITS, format: "json" });
    if (!read.ok) return add(["artifacts", i], "artifact_unreadable", `artifact ${artifact}: ${read.error.message}`);
    const listed = artifacts.filter((a): a is string => typeof a === "string").map((a) => normalise(root, a));
    if (isProjectArtifact(normalise(root, artifact), read.value, provenance, listed)) {
      add(
        ["artifacts", i],
        "project_artifact",
        `artifact ${artifact} is the project's own evidence (a path its manifest names, or a committed evidence file's content under any path, times, commits and paths aside): submit what your run wrote, under a path of your own`,
      );
    }
  });
}

const normalise = (root: string, path: string) => relative(root, resolve(root, path)).split("\\").join("/");

/** A failing column must be named in known_failures: failing columns cannot sit beside a clean record. */
function checkReported(known: unknown, failing: readonly FailingColumn[], add: Add): void {
  const names = Array.isArray(known) ? known.filter((k): k is string => typeof k === "string") : [];
  for (const f of failing)
    if (!names.some((name) => name.includes(f.column)))
      add(
        ["known_failures"],
        "unreported_failure",
        `column ${f.column} fails in ${f.artifact} (${f.sides.join(" and ")}), as run again here: name it in known_failures`,
        "key",
      );
}

function checkCost(cost: unknown, add: Add, isUnfilled: Unfilled): void {
  if (cost === null || typeof cost !== "object" || Array.isArray(cost))
    return add(["cost"], "bad_cost", "cost is { gross_usd, credit_usd }");
  const c = cost as Record<string, unknown>;
  for (const key of Object.keys(c))
    if (!(COST_KEYS as readonly string[]).includes(key))
      add(["cost", key], "unknown_field", `cost.${key} is not a cost field (${COST_KEYS.join(", ")})`, "key");
  for (const key of COST_KEYS) {
    if (isUnfilled(["cost", key])) continue;
    const v = c[key];
    if (!(key in c) || v === null) add(["cost"], "bad_cost", `cost.${key} is missing`);
    else if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      add(["cost", key], "bad_cost", `cost.${key} ${JSON.stringify(v)} is not an amount in USD (a number >= 0)`);
  }
  const { gross_usd: gross, credit_usd: credit } = c;
  if (typeof gross === "number" && typeof credit === "number" && credit > gross)
    add(["cost", "credit_usd"], "bad_cost", `cost.credit_usd ${credit} is more than gross_usd ${gross}`);
}

function checkLicenses(licenses: unknown, add: Add, isUnfilled: Unfilled): void {
  if (!Array.isArray(licenses))
    return add(
      ["licenses"],
      "bad_license",
      "licenses is a list of { source, version, license, attribution, redistribution } (empty when you used no outside source)",
    );
  licenses.forEach((entry, i) => {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry))
      return add(["licenses", i], "bad_license", `licenses[${i}] is not a { ${LICENSE_KEYS.join(", ")} } mapping`);
    const l = entry as Record<string, unknown>;
    for (const key of Object.keys(l))
      if (!(LICENSE_KEYS as readonly string[]).includes(key))
        add(
          ["licenses", i, key],
          "unknown_field",
          `licenses[${i}].${key} is not a licence field (${LICENSE_KEYS.join(", ")})`,
          "key",
        );
    for (const key of LICENSE_KEYS) {
      if (isUnfilled(["licenses", i, key])) continue;
      const v = l[key];
      if (!(key in l) || v === null) add(["licenses", i], "bad_license", `licenses[${i}] has no ${key}`);
      else if (!((typeof v === "string" && v.trim() !== "") || typeof v === "number"))
        add(["licenses", i, key], "bad_license", `licenses[${i}].${key} is empty`);
    }
  });
}

/** Calls `visit` with the path and value of every scalar in the document. */
function walkScalars(doc: Document, visit: (path: Path, value: unknown) => void): void {
  const walk = (node: unknown, path: Path) => {
    if (isScalar(node)) return visit(path, node.value);
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (typeof key === "string" || typeof key === "number") walk(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
  };
  walk(doc.contents, []);
}

function pathText(path: Path): string {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text === "" ? part : `${text}.${part}`),
    "",
  );
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).trim();
}

/** `FILE:LINE: code: message`, one per problem. */
export function formatProblems(file: string, problems: readonly Problem[]): string {
  return problems.map((p) => `${file}:${p.line}: ${p.code}: ${p.message}`).join("\n");
}
