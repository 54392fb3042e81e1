/**
 * Adding a risk class must fail to compile until every place that must handle it does. The rules
 * of a class live in one table typed as a record over the classes (contract/risk.ts); every other
 * place reads its row. These checks compile the files that read the table with a fifth class
 * added, and make sure no code decides by comparing a class with a literal instead.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { RISK_CLASSES } from "../../contract/index.js";
import { ENGINE_TABLE } from "../../engines/catalogue.js";
import { adapterInstall } from "../../engines/pinned-install.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RISK_MODULE = "contract/risk.ts";
/** Every folder the engine table names (an adapter's source is its src/), and the rest of the project. */
const SOURCE_DIRS = [
  "contract",
  "runtime",
  ...ENGINE_TABLE.map((f) => (f.kind === "adapter" ? `${f.folder}/src` : f.folder)),
  "durable",
  "engines",
  "mcp",
  "web",
  "scenarios",
  "scripts",
  "test",
  "examples",
];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules") return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

const ALL = SOURCE_DIRS.flatMap(sources);
/** An adapter not installed as pinned cannot compile (its framework is missing): its files are only read. */
const uncompiled = ENGINE_TABLE.flatMap((f) =>
  f.kind === "adapter" && !adapterInstall(f.folder).installed ? [`${f.folder}/`] : [],
);
/** The files that read a class's rules, or hold a class: they must compile with every class there is. */
const READERS = ALL.filter((file) => !uncompiled.some((dir) => file.startsWith(dir))).filter((file) =>
  /\b(RiskClass|RiskRule|RISK_RULES|RISK_CLASSES|decidePolicy|hasSideEffects|PolicyDecision)\b/.test(
    readFileSync(join(root, file), "utf8"),
  ),
);

const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
/** Type errors per file among the readers, with the risk module's text replaced by `riskSource`. */
function typeErrors(riskSource: string): Map<string, string[]> {
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, create) =>
    relative(root, fileName) === RISK_MODULE
      ? ts.createSourceFile(fileName, riskSource, language, true)
      : read(fileName, language, onError, create);
  const program = ts.createProgram({
    rootNames: READERS.map((f) => join(root, f)),
    options,
    host,
  });
  const errors = new Map<string, string[]>();
  for (const file of READERS) {
    const source = program.getSourceFile(join(root, file));
    if (source === undefined) throw new Error(`${file} is not in the program`);
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (found.length > 0)
      errors.set(
        file,
        found.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
      );
  }
  return errors;
}

const original = readFileSync(join(root, RISK_MODULE), "utf8");
const DECLARATION = /export const RISK_CLASSES = \[/;

describe("the risk table", () => {
  it("is read by the policy, the ledger, the MCP server and the checkers", () => {
    for (const file of [
      RISK_MODULE,
      "contract/ledger.ts",
      "mcp/tool-list.ts",
      "mcp/prompts.ts",
      "scenarios/faults/schedule.ts",
      "scenarios/evidence-cases.ts",
    ])
      expect(READERS).toContain(file);
  });

  it(
    "fails to compile with a fifth class until its row says every rule of it",
    () => {
      expect(original).toMatch(DECLARATION);
      const errors = typeErrors(original.replace(DECLARATION, '$&"fifth_class", '));
      expect(errors.get(RISK_MODULE)?.join("\n")).toMatch(/fifth_class/);
      // Every other reader takes the new row as it comes: the table is the one place to add a class. (As it is,
      // every file compiles: npm run typecheck; a reader that did not would be named here too.)
      expect([...errors.keys()]).toEqual([RISK_MODULE]);
    },
    paced(120_000),
  );

  it("is the only place a risk class is compared with a literal", () => {
    const classes = new Set<string>(RISK_CLASSES);
    const isClass = (node: ts.Node) => ts.isStringLiteralLike(node) && classes.has(node.text);
    const found: string[] = [];
    for (const file of ALL) {
      const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
      const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node) => {
        if (
          ts.isBinaryExpression(node) &&
          [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
            node.operatorToken.kind,
          ) &&
          (isClass(node.left) || isClass(node.right))
        )
          found.push(`${at(node)} ${node.getText(source)}`);
        if (ts.isCaseClause(node) && isClass(node.expression))
          found.push(`${at(node)} case ${node.expression.getText(source)}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(ALL.length).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});
