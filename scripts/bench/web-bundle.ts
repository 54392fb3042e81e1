/**
 * Measure 9: the teaching pages as a reader downloads them. `buildWeb` (web/build.ts, what
 * `npm run web:build` runs) writes the folder into a temporary directory, minified and split,
 * without source maps; the size is every file in it. A Node built-in in the page's import graph
 * fails that build, and then the pages are not measured, with esbuild's reason.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { z } from "zod";
import { buildWeb, folderFiles, WEB_BUDGET_BYTES, WEB_DIR } from "../../web/build.js";
import { NOT_MEASURED } from "./sections.js";

export const WEB_BUNDLE_DEFINITION =
  "Bytes of every file buildWeb writes (web/build.ts: esbuild, minified, tree-shaken, split into shared chunks, no source maps), the folder npm run web:build ships as web/dist. largest_inputs: the source files with the most bytes in the output, as esbuild's metafile counts them.";

const Bytes = z.number().int().nonnegative();

export const WebBundleSectionSchema = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    definition: z.string(),
    budget_bytes: Bytes,
    bytes: Bytes,
    modules: z.number().int().positive(),
    files: z.array(z.strictObject({ name: z.string(), bytes: Bytes })).min(1),
    largest_inputs: z.array(z.strictObject({ path: z.string(), bytes: Bytes })),
  }),
  z.strictObject({ status: z.literal(NOT_MEASURED), definition: z.string(), reason: z.string() }),
]);
export type WebBundleSection = z.infer<typeof WebBundleSectionSchema>;

const LARGEST_INPUTS = 8;

export async function measureWebBundle(log: (line: string) => void): Promise<WebBundleSection> {
  const outdir = await mkdtemp(join(tmpdir(), "agent-harness-web-"));
  try {
    const built = await buildWeb({ outdir });
    const outputs = Object.entries(built.metafile.outputs);
    // esbuild names outputs and inputs relative to the working directory; the evidence names them from the repository.
    const root = join(WEB_DIR, "..");
    const inputs = new Map<string, number>();
    for (const [, output] of outputs)
      for (const [path, input] of Object.entries(output.inputs))
        inputs.set(path, (inputs.get(path) ?? 0) + input.bytesInOutput);
    // Largest first: the files a reader waits for.
    const files = (await folderFiles(outdir)).sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : 1));
    log(`web_bundle: ${files.length} files, ${built.bytes} bytes`);
    return {
      status: "measured",
      definition: WEB_BUNDLE_DEFINITION,
      budget_bytes: WEB_BUDGET_BYTES,
      bytes: built.bytes,
      modules: Object.keys(built.metafile.inputs).length,
      files,
      largest_inputs: [...inputs]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, LARGEST_INPUTS)
        .map(([path, bytes]) => ({ path: relative(root, join(process.cwd(), path)), bytes })),
    };
  } catch (error) {
    return {
      status: NOT_MEASURED,
      definition: WEB_BUNDLE_DEFINITION,
      reason: `the page did not build: ${(error as Error).message.split("\n")[0]}`,
    };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
