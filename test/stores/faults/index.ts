/** Every case file of the store fault suite, one export line each; the suite runner reads them all from here. */
export { CONCURRENCY_CASES } from "./concurrency-cases.js";
export { RESTORE_CASES } from "./restore-cases.js";
export { ROW_CASES } from "./rows-cases.js";
