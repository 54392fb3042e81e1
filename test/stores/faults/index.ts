/** The store fault suite's case files, one export line each (the suite's runner collects them). */
export { RESTORE_CASES } from "./restore-cases.js";
