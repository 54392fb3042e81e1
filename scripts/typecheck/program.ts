/**
 * The one program `npm run typecheck` checks: the root tsconfig's files and each installed adapter's, under the root's
 * options. Every adapter's tsconfig extends the root's and adds its folder, and each file resolves its imports from
 * its own place (an adapter's packages from its node_modules) in one program as in seven. Seven programs parsed and
 * checked the contract, the runtime and TypeScript's own libraries seven times: 91 s of CPU on a fresh clone, against
 * 34 s as one (docs/testing.md).
 */
import ts from "typescript";

export type TypecheckProgram =
  | { readonly ok: true; readonly files: readonly string[] }
  | { readonly ok: false; readonly reason: "own_compiler_options"; readonly projects: readonly string[] };

/** The files of `projects` (tsconfig paths, the root's first), or the ones that set compiler options of their own. */
export function typecheckProgram(projects: readonly string[]): TypecheckProgram {
  const parsed = projects.map((project) => ({ project, config: readProject(project) }));
  const root = parsed[0]!.config;
  // One program has one set of options: a tsconfig that sets its own would be checked under the root's.
  const differing = parsed.filter(({ config }) => !sameOptions(root.options, config.options));
  if (differing.length > 0)
    return { ok: false, reason: "own_compiler_options", projects: differing.map((p) => p.project) };
  return { ok: true, files: [...new Set(parsed.flatMap(({ config }) => config.fileNames))].sort() };
}

function readProject(project: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(project, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(`${project}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    },
  });
  if (config === undefined) throw new Error(`${project}: cannot be read`);
  return config;
}

/** Whether two parsed tsconfigs set the same compiler options, wherever each file lives. */
function sameOptions(a: ts.CompilerOptions, b: ts.CompilerOptions): boolean {
  const { configFilePath: _a, ...left } = a;
  const { configFilePath: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}
