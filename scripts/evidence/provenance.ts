/**
 * Whether a submission comes from a run of this project: its commit exists in the checkout, its
 * commands are this project's, and its artifacts are not the project's own evidence: a path the
 * project's manifest names, or content equal to a committed evidence file once the volatile fields
 * (times, commits, paths: VOLATILE_FIELDS and a file's own `volatile_fields`) are removed. The checks
 * read git through an injected `Provenance`, so the checker stays a function of its inputs; outside
 * a git checkout the commit checks say nothing (commit-tie.ts reports that as unverifiable).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson, type JsonValue } from "../../contract/index.js";
import { MANIFEST_PATH, namedPaths, readManifest } from "./manifest.js";

export type Provenance = {
  /** Whether the commit exists in the checkout, or null when the root is not a git checkout. */
  commitExists(commit: string): boolean | null;
  /** The file's bytes at `commit` (as UTF-8 text), or null when that commit does not hold it (or no checkout). */
  fileAt(commit: string, path: string): string | null;
  /** Whether `ancestor` is `commit` or one of its ancestors (false outside a checkout). */
  isAncestor(ancestor: string, commit: string): boolean;
  /** The file's content as committed at HEAD, or null when it is not tracked (or no checkout). */
  committed(path: string): string | null;
  /** The npm scripts of this project (package.json). */
  readonly scripts: readonly string[];
  /** Whether a file exists in the repository. */
  exists(path: string): boolean;
  /** Every file under evidence/ as the project (not the learner's root) committed it at HEAD. */
  projectEvidence(): readonly EvidenceFile[];
  /** The paths the project's module manifest names: the project's own, whatever they hold. */
  readonly manifestPaths: readonly string[];
};

export type EvidenceFile = { readonly path: string; readonly text: string };

/** Git of the checkout at `root`; the scripts and files of the project at `project`. */
export function gitProvenance(root: string, project: string = root): Provenance {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  let checkout = true;
  try {
    checkout = git("rev-parse", "--is-inside-work-tree").trim() === "true";
  } catch {
    checkout = false;
  }
  let scripts: string[] = [];
  let evidence: EvidenceFile[] | undefined;
  let manifestPaths: string[] = [];
  try {
    manifestPaths = [MANIFEST_PATH, ...namedPaths(readManifest(join(project, MANIFEST_PATH))).map((n) => n.path)];
  } catch {
    manifestPaths = [];
  }
  try {
    const pkg = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { scripts?: Record<string, string> };
    scripts = Object.keys(pkg.scripts ?? {});
  } catch {
    scripts = [];
  }
  return {
    commitExists(commit) {
      if (!checkout) return null;
      try {
        git("cat-file", "-e", `${commit}^{commit}`);
        return true;
      } catch {
        return false;
      }
    },
    committed(path) {
      if (!checkout) return null;
      try {
        return git("show", `HEAD:${path}`);
      } catch {
        return null;
      }
    },
    fileAt(commit, path) {
      if (!checkout) return null;
      try {
        return git("show", `${commit}:${path}`);
      } catch {
        return null;
      }
    },
    isAncestor(ancestor, commit) {
      if (!checkout) return false;
      try {
        git("merge-base", "--is-ancestor", ancestor, commit);
        return true;
      } catch {
        return false;
      }
    },
    manifestPaths,
    scripts,
    exists: (path) => existsSync(join(project, path)),
    projectEvidence: () => (evidence ??= committedEvidence(project)),
  };
}

/** The project's committed evidence files (empty outside a git checkout). */
function committedEvidence(project: string): EvidenceFile[] {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", project, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
  try {
    const paths = git("ls-tree", "-r", "-z", "--name-only", "HEAD", "--", "evidence").split("\0").filter(Boolean);
    return paths.map((path) => ({ path, text: git("show", `HEAD:${path}`) }));
  } catch {
    return [];
  }
}

/** Why a command line is not one of this project's, or null when it is. */
export function foreignCommand(command: string, provenance: Provenance): string | null {
  const c = command.trim();
  const script = /^npm\s+(?:run(?:-script)?)\s+(?:(?:--silent|-s)\s+)?([^\s]+)/.exec(c)?.[1];
  if (script !== undefined)
    return provenance.scripts.includes(script)
      ? null
      : `npm script ${script} is not one of this project's (${provenance.scripts.join(", ")})`;
  if (/^npm\s+(test|t|ci|install|i)(\s|$)/.test(c)) return null;
  const file = /^(?:npx\s+)?tsx\s+([^\s]+)/.exec(c)?.[1];
  if (file !== undefined) return provenance.exists(file) ? null : `${file} is not a file of this project`;
  if (/^npx\s+(vitest|tsc|prettier)(\s|$)/.test(c)) return null;
  return "not a command of this project (its npm scripts, npx tsx <file>, npx vitest, npx tsc)";
}

/** Fields that say when, at which commit or where a file was written, never what a run found. */
export const VOLATILE_FIELDS = ["generated_at", "commit", "diagram"] as const;

/**
 * The content of an artifact without its volatile fields (VOLATILE_FIELDS at any depth, and the
 * top-level fields the file itself lists in `volatile_fields`), as canonical JSON; the text itself
 * when it is not JSON.
 */
export function contentOf(text: string): string {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
  const own = isRecord(value) && Array.isArray(value["volatile_fields"]) ? value["volatile_fields"] : [];
  const strip = (v: JsonValue, top: boolean): JsonValue =>
    Array.isArray(v)
      ? v.map((x) => strip(x, false))
      : isRecord(v)
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => !(VOLATILE_FIELDS as readonly string[]).includes(k) && !(top && own.includes(k)))
              .map(([k, x]) => [k, strip(x, false)]),
          )
        : v;
  return canonicalJson(strip(value, true));
}

const isRecord = (v: unknown): v is { [key: string]: JsonValue } =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Whether `content` at `path` is the project's: a path its manifest names, or equal, volatile fields
 * aside, to a file of its committed evidence/ that is not itself one of the submission's `listed`
 * paths (a learner's committed artifact is not the project's evidence).
 */
export function isProjectArtifact(
  path: string,
  content: string,
  provenance: Provenance,
  listed: readonly string[] = [],
): boolean {
  if (provenance.manifestPaths.includes(path)) return true;
  const mine = contentOf(content);
  return provenance.projectEvidence().some((file) => !listed.includes(file.path) && contentOf(file.text) === mine);
}
