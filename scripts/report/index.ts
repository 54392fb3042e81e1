export { readEvidence, newestVersions, type ReportEvidence } from "./evidence.js";
export { buildMatrix, familyOf, withFrameworkVerdicts, type Matrix, type Behaviour, type Cell } from "./matrix.js";
export { parseMermaid, drawFlowchart, layers, type Flowchart } from "./graph.js";
export { logScale } from "./charts.js";
export { renderReport, REPORT_BUDGET_BYTES } from "./page.js";
export { messageProblems, MESSAGES, type Locale, type MessageKey } from "./i18n.js";
