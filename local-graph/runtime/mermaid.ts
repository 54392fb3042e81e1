/**
 * Draws a graph definition as a Mermaid flowchart in the layout LangGraph's `drawMermaid()` uses
 * (START and END as stadiums, routed edges dotted, self-loops last), so the two engines' pictures
 * can be compared line for line.
 */
import { END, START, edgesOf, type GraphDefinition } from "./definition.js";

const HEADER = ["%%{init: {'flowchart': {'curve': 'linear'}}}%%", "graph TD;"];
const FOOTER = [
  "\tclassDef default fill:#f2f0ff,line-height:1.2;",
  "\tclassDef first fill-opacity:0;",
  "\tclassDef last fill:#bfb6fc;",
];

export function drawMermaid<S, U>(definition: GraphDefinition<S, U>): string {
  const nodes = [
    `\t${START}([<p>${START}</p>]):::first`,
    ...[...definition.nodes.keys()].map((name) => `\t${name}(${name})`),
    `\t${END}([<p>${END}</p>]):::last`,
  ];
  const edges = edgesOf(definition);
  const ordered = [...edges.filter((e) => e.source !== e.target), ...edges.filter((e) => e.source === e.target)];
  const lines = ordered.map((e) => `\t${e.source} ${e.conditional ? "-.->" : "-->"} ${e.target};`);
  return [...HEADER, ...nodes, ...lines, ...FOOTER, ""].join("\n");
}
