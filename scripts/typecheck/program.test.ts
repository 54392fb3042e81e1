import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ADAPTERS } from "../../engines/catalogue.js";
import { scratchDir } from "../../test/setup/scratch.js";
import { typecheckProgram } from "./program.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
/** What tsc itself lists for one tsconfig (`tsc -p <project> --listFilesOnly` reads the same parse). */
const filesOf = (project: string) =>
  ts.getParsedCommandLineOfConfigFile(join(ROOT, project), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  })!.fileNames;

describe("npm run typecheck's one program", () => {
  const projects = ["tsconfig.json", ...ADAPTERS.map((a) => `${a.folder}/tsconfig.json`)].map((p) => join(ROOT, p));

  it("holds every file of the root's tsconfig and of every adapter's, each once", () => {
    const program = typecheckProgram(projects);
    if (!program.ok) throw new Error(program.projects.join(", "));
    const each = projects.flatMap((p) => filesOf(relative(ROOT, p)));
    expect(new Set(program.files)).toEqual(new Set(each));
    expect(program.files.length).toBe(new Set(each).size);
    // An adapter's example outside its folder (the root's tsconfig leaves it out) is there too.
    expect(program.files.filter((file) => file.endsWith("examples/ai-sdk-hardened.ts"))).toHaveLength(1);
  });

  it("refuses an adapter's tsconfig that sets options of its own, naming it", () => {
    const dir = scratchDir("typecheck-options-");
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src/a.ts"), "export const a = 1;\n");
    const own = join(dir, "tsconfig.json");
    const extendsRoot = relative(dir, join(ROOT, "tsconfig.json"));
    writeFileSync(own, JSON.stringify({ extends: extendsRoot, compilerOptions: { strict: false }, include: ["src"] }));
    expect(typecheckProgram([projects[0]!, own])).toEqual({
      ok: false,
      reason: "own_compiler_options",
      projects: [own],
    });
    writeFileSync(own, JSON.stringify({ extends: extendsRoot, include: ["src"] }));
    expect(typecheckProgram([projects[0]!, own])).toMatchObject({ ok: true });
  });
});
