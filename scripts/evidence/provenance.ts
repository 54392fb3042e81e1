/**
 * Whether a submission comes from a run of this project: its commit exists in the checkout, its
 * commands are this project's, and its artifacts are not the project's own committed evidence
 * handed in unchanged, under its own path or any other, byte for byte or equal as JSON. The checks read git through an injected `Provenance`, so the checker stays
 * a function of its inputs; outside a git checkout the commit check says nothing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson, type JsonValue } from "../../contract/index.js";

export type Provenance = {
  /** Whether the commit exists in the checkout, or null when the root is not a git checkout. */
  commitExists(commit: string): boolean | null;
  /** The file's content as committed at HEAD, or null when it is not tracked (or no checkout). */
  committed(path: string): string | null;
  /** The npm scripts of this project (package.json). */
  readonly scripts: readonly string[];
  /** Whether a file exists in the repository. */
  exists(path: string): boolean;
  /** The content of every file under evidence/ as the project (not the learner's root) committed it at HEAD. */
  projectEvidence(): readonly string[];
};

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
  let evidence: string[] | undefined;
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
    scripts,
    exists: (path) => existsSync(join(project, path)),
    projectEvidence: () => (evidence ??= committedEvidence(project)),
  };
}

/** The project's committed evidence files (empty outside a git checkout). */
function committedEvidence(project: string): string[] {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", project, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
  try {
    const paths = git("ls-tree", "-r", "-z", "--name-only", "HEAD", "--", "evidence").split("\0").filter(Boolean);
    return paths.map((path) => git("show", `HEAD:${path}`));
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

/** The same text, or the same JSON value whatever its layout; null when it is not JSON. */
const sameContent = (a: string) => {
  const canonical = canonicalOf(a);
  return (b: string) => a === b || (canonical !== null && canonical === canonicalOf(b));
};
function canonicalOf(text: string): string | null {
  try {
    return canonicalJson(JSON.parse(text) as JsonValue);
  } catch {
    return null;
  }
}

/**
 * Whether `content` is the project's own evidence: its committed copy of `path`, or any file of its
 * committed evidence/ under another path, unchanged (equal as JSON counts: a re-indented copy is a copy).
 */
export function isProjectArtifact(path: string, content: string, provenance: Provenance): boolean {
  const same = sameContent(content);
  if (path.startsWith("evidence/")) {
    const committed = provenance.committed(path);
    if (committed !== null && same(committed)) return true;
  }
  return provenance.projectEvidence().some(same);
}
