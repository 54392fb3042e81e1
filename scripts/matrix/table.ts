/** The framework matrix as the markdown the docs show (npm run docs fills it in docs/frameworks.md). */
import type { FrameworkMatrix, Verdict } from "./schema.js";

/** A cell: the behaviour verdict, then the vocabulary in brackets (charged or only shown, per the engine's row). */
const cell = (v: Verdict | undefined): string => {
  if (v === undefined) return "not measured";
  switch (v.behaviour) {
    case "not_measured":
      return "not measured";
    case "error":
      return "error";
    case "holds":
    case "fails": {
      const behaviour = v.behaviour === "fails" ? "**fails**" : "holds";
      return v.vocabulary === "not_applicable" ? behaviour : `${behaviour} (${v.vocabulary})`;
    }
  }
};

const escape = (text: string) => text.replace(/\|/g, "\\|");

const JUDGED = { contract: "behaviour + vocabulary", foreign: "behaviour (vocabulary shown)" } as const;

export function renderMatrix(matrix: FrameworkMatrix): string {
  const ids = matrix.engines.map((e) => e.id);
  const engines = [
    "| engine | version | judged on | behaviour holds | fails | error | not measured | vocabulary conforms | differs |",
    "|---|---|---|---|---|---|---|---|---|",
    ...matrix.engines.map(
      (e) =>
        `| \`${e.id}\` | ${e.version ?? `not measured: ${escape(e.reason ?? "")}`} | ${JUDGED[e.judged]} | ${e.holds} | ${e.fails} | ${e.error} | ${e.not_measured} | ${e.vocabulary_conforms} | ${e.vocabulary_differs} |`,
    ),
  ];
  const grid = [
    `| column | family | ${ids.map((id) => `\`${id}\``).join(" | ")} |`,
    `|---|---|${ids.map(() => "---").join("|")}|`,
    ...matrix.columns.map(
      (c) => `| \`${c.name}\` | ${c.family} | ${ids.map((id) => cell(c.engines[id])).join(" | ")} |`,
    ),
  ];
  const failures = matrix.engines.flatMap((e) => {
    const failing = matrix.columns.flatMap((c) => {
      const v = c.engines[e.id];
      if (v === undefined || v.behaviour === "not_measured" || v.behaviour === "holds") return [];
      if (v.behaviour === "error") return [`  - \`${c.name}\`: error: ${escape(v.error ?? "")}`];
      const broken = v.violations.filter((x) => x.kind === "behaviour").map((x) => escape(x.expectation));
      return [`  - \`${c.name}\`: ${broken.join("; ")}`];
    });
    return failing.length === 0 ? [] : [`- \`${e.id}\` fails or errs on behaviour in ${failing.length}:`, ...failing];
  });
  return [
    ...engines,
    "",
    ...grid,
    "",
    ...(failures.length === 0
      ? ["Every measured engine holds every column on behaviour."]
      : ["What each failing column did in the world:", "", ...failures]),
  ].join("\n");
}
