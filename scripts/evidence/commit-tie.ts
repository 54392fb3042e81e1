/**
 * Artifacts tied to the submission's commit: that commit must hold every listed artifact, byte for
 * byte as it is checked, and an artifact's own `commit` field (compare and the runtime record write
 * one) must be that commit or an ancestor of it. Outside a git checkout neither can be read: the tie
 * is then unverifiable, named as such, never assumed.
 */
import type { Unverifiable } from "./gates.js";
import type { Provenance } from "./provenance.js";
import type { Artifact } from "./rederive.js";

export type TieFinding = {
  readonly index: number;
  readonly code: "artifact_not_at_commit" | "artifact_commit_mismatch";
  readonly message: string;
};
export type Tie = { readonly findings: readonly TieFinding[]; readonly unverifiable: readonly Unverifiable[] };

const COMMIT = /^[0-9a-f]{7,40}$/i;

/** The commit an artifact says it was written at, or null when it says none. */
function ownCommit(text: string): string | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
    const commit = (value as Record<string, unknown>)["commit"];
    return typeof commit === "string" && COMMIT.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

export function commitTie(commit: unknown, artifacts: readonly Artifact[], provenance: Provenance): Tie {
  // A malformed or unknown commit is check.ts's problem (bad_commit, unknown_commit).
  if (typeof commit !== "string" || !COMMIT.test(commit)) return { findings: [], unverifiable: [] };
  const exists = provenance.commitExists(commit);
  if (exists === null)
    return {
      findings: [],
      unverifiable: [
        {
          gate: "provenance",
          look_at: `--root is not a git checkout, so nothing shows that commit ${commit} holds the artifacts: run the checker in the learner's clone, or read git show ${commit}:PATH for each artifact there`,
        },
      ],
    };
  if (!exists) return { findings: [], unverifiable: [] };
  const findings: TieFinding[] = [];
  for (const artifact of artifacts) {
    const held = provenance.fileAt(commit, artifact.path);
    if (held !== artifact.text)
      findings.push({
        index: artifact.index,
        code: "artifact_not_at_commit",
        message:
          held === null
            ? `artifact ${artifact.path} is not in commit ${commit}: commit what your run wrote and give that commit`
            : `artifact ${artifact.path} differs from what commit ${commit} holds under that path: give the commit that holds it as checked`,
      });
    const own = ownCommit(artifact.text);
    if (own !== null && !provenance.isAncestor(own, commit))
      findings.push({
        index: artifact.index,
        code: "artifact_commit_mismatch",
        message: `artifact ${artifact.path} says it was written at commit ${own}, which is neither ${commit} nor an ancestor of it`,
      });
  }
  return { findings, unverifiable: [] };
}
