/** The checker's problem codes and the callbacks its parts report through. */

export const PROBLEM_CODES = [
  "parse_error",
  "not_a_mapping",
  "wrong_schema",
  "unknown_module",
  "missing_field",
  "unknown_field",
  "placeholder",
  "bad_commit",
  "unknown_commit",
  "bad_date",
  "future_date",
  "bad_environment",
  "unsanitised",
  "bad_seed",
  "missing_command",
  "bad_command",
  "foreign_command",
  "missing_metric",
  "duplicate_metric",
  "bad_metric",
  "weak_expected",
  "metric_missed",
  "missing_artifact",
  "artifact_not_found",
  "artifact_outside_repo",
  "artifact_unreadable",
  "project_artifact",
  "artifact_forged",
  "relabelled_route",
  "near_copy_route",
  "artifact_not_at_commit",
  "artifact_commit_mismatch",
  "metric_mismatch",
  "metric_underived",
  "unreported_failure",
  "bad_cost",
  "bad_license",
  "bad_known_failures",
  "yaml_alias",
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export type Problem = { readonly line: number; readonly code: ProblemCode; readonly message: string };

/** A path into the submission: keys and list indexes. */
export type Path = readonly (string | number)[];
/** Reports a problem at `path` (on the key's line with "key"). */
export type Add = (path: Path, code: ProblemCode, message: string, at?: "value" | "key") => void;
/** Whether the value at `path` is an unfilled placeholder (it then gets no other check). */
export type Unfilled = (path: Path) => boolean;
