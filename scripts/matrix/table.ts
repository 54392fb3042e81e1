/** The framework matrix as the markdown the docs show (npm run docs fills it in docs/frameworks.md). */
import type { FrameworkMatrix, Verdict } from "./schema.js";

const cell = (v: Verdict | undefined): string => {
  if (v === undefined) return "?";
  switch (v.verdict) {
    case "holds":
      return "holds";
    case "fails":
      return "**fails**";
    case "not_measured":
      return "not measured";
  }
};

const escape = (text: string) => text.replace(/\|/g, "\\|");

export function renderMatrix(matrix: FrameworkMatrix): string {
  const ids = matrix.engines.map((e) => e.id);
  const engines = [
    "| engine | version | holds | fails | not measured |",
    "|---|---|---|---|---|",
    ...matrix.engines.map(
      (e) =>
        `| \`${e.id}\` | ${e.version ?? `not measured: ${escape(e.reason ?? "")}`} | ${e.holds} | ${e.fails} | ${e.not_measured} |`,
    ),
  ];
  const grid = [
    `| column | ${ids.map((id) => `\`${id}\``).join(" | ")} |`,
    `|---|${ids.map(() => "---").join("|")}|`,
    ...matrix.columns.map((c) => `| \`${c.name}\` | ${ids.map((id) => cell(c.engines[id])).join(" | ")} |`),
  ];
  const failures = matrix.engines.flatMap((e) => {
    const failing = matrix.columns.flatMap((c) => {
      const v = c.engines[e.id];
      return v?.verdict === "fails" ? [`  - \`${c.name}\`: ${v.violated.map(escape).join("; ")}`] : [];
    });
    return failing.length === 0 ? [] : [`- \`${e.id}\` fails ${failing.length}:`, ...failing];
  });
  return [
    ...engines,
    "",
    ...grid,
    "",
    ...(failures.length === 0
      ? ["Every measured engine holds every column."]
      : ["What each failing column broke:", "", ...failures]),
  ].join("\n");
}
