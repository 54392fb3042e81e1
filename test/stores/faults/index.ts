/** The store fault suite's case files, one export each (race24's runner collects them into evidence/fault-stores-v2.json). */
export { ROW_CASES } from "./rows-cases.js";
