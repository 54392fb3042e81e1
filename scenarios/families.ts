/** The column families, one table: a column names its family, and every report groups by it in this order. */
import { z } from "zod";

export const COLUMN_FAMILIES = [
  { id: "required", about: "the four columns the contract requires" },
  { id: "fault", about: "fault injections and the failure patterns peer frameworks are known for" },
  { id: "bare_executor", about: "an executor called past the contract" },
  { id: "parallel", about: "calls in one batch" },
  { id: "rewind", about: "going back to an approval point" },
  { id: "batch_rewind", about: "rewinding a batch" },
  { id: "double_resume", about: "two processes resuming one session" },
  { id: "secret", about: "secrets in what is stored" },
  { id: "bug_reports", about: "public bug reports of peer frameworks, one column each" },
  { id: "tampering", about: "stored state edited between turns" },
  { id: "route", about: "recorded routes of a chat model" },
] as const;

export const ColumnFamily = z.enum(COLUMN_FAMILIES.map((f) => f.id) as [ColumnFamilyId, ...ColumnFamilyId[]]);
type ColumnFamilyId = (typeof COLUMN_FAMILIES)[number]["id"];
export type ColumnFamily = ColumnFamilyId;
export const FAMILY_IDS: readonly ColumnFamily[] = COLUMN_FAMILIES.map((f) => f.id);
