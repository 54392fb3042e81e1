/**
 * Every column the comparison records: the four the contract requires first, then the fault,
 * parallel, rewind, double-resume and secret columns.
 */
import { REQUIRED_COLUMNS } from "./columns.js";
import { FAULT_COLUMNS } from "./fault-columns.js";
import { BARE_EXECUTOR_COLUMNS } from "./bare-executor-columns.js";
import { REWIND_COLUMNS } from "./rewind-columns.js";
import { BATCH_REWIND_COLUMNS } from "./batch-rewind-columns.js";
import { DOUBLE_RESUME_COLUMNS } from "./double-resume-columns.js";
import type { Column } from "./column.js";
import { PARALLEL_COLUMNS } from "./parallel-columns.js";
import { SECRET_COLUMNS } from "./secret-columns.js";
import { BUG_REPORT_COLUMNS } from "./bug-report-columns.js";
import { TAMPER_COLUMNS } from "./tamper-columns.js";

export const ALL_COLUMNS: readonly Column[] = [
  ...REQUIRED_COLUMNS,
  ...FAULT_COLUMNS,
  ...BARE_EXECUTOR_COLUMNS,
  ...PARALLEL_COLUMNS,
  ...REWIND_COLUMNS,
  ...BATCH_REWIND_COLUMNS,
  ...DOUBLE_RESUME_COLUMNS,
  ...SECRET_COLUMNS,
  ...BUG_REPORT_COLUMNS,
  ...TAMPER_COLUMNS,
];
