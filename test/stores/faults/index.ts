/** The store fault suite's case files, one export line each (the suite's runner collects them). */
export type { StoreFaultCase, StoreFaultGroup, StoreFaultOutcome, StoreFaultResult } from "./case.js";
export { holds } from "./case.js";
export { RESTORE_CASES } from "./restore-cases.js";
