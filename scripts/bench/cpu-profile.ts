/**
 * tsx scripts/bench/cpu-profile.ts PROFILE.cpuprofile [--top N]
 * Summarises a V8 CPU profile (from `node --cpu-prof`): the functions with the most self time,
 * and self time per package or project folder. Paths are shown relative to the repository.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_INPUT_LIMITS, parseFlags, readInputFile, wholeNumber } from "../../cli/index.js";

type ProfileNode = {
  readonly id: number;
  readonly children?: readonly number[];
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
};
export type Profile = {
  /** µs on the monotonic clock when sampling began (V8 writes it; summaries do not need it). */
  readonly startTime?: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
};

export type SelfTime = { readonly name: string; readonly where: string; readonly ms: number; readonly pct: number };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function where(url: string): string {
  if (url === "") return "(native)";
  const path = url.startsWith("file://") ? fileURLToPath(url) : url;
  return path.startsWith(ROOT) ? relative(ROOT, path) : path;
}

/** Which package or project folder a frame belongs to. */
export function groupOf(url: string): string {
  const path = where(url);
  const bundle = bundleEntryOf(path);
  if (bundle !== null) return `bundle of ${bundle}`;
  const modules = path.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + "node_modules/".length).split("/");
    return scope?.startsWith("@") ? `${scope}/${name ?? ""}` : (scope ?? path);
  }
  if (path.startsWith("node:") || path === "(native)")
    return path.startsWith("node:") ? "node internals" : "(native, GC, idle)";
  return path.split("/").slice(0, 2).join("/");
}

const BUNDLE = /node_modules\/\.cache\/agent-harness\/[^/]+\/[0-9a-f]{16}\.cjs$/;
const bundleEntries = new Map<string, string>();

/**
 * The entry a bundle of compare's (scripts/comparison/bundle.ts) was built from, as the record kept beside
 * it names it (its frames then count for what it bundles, not for a cache folder); null for any other file.
 */
function bundleEntryOf(path: string): string | null {
  if (!BUNDLE.test(path)) return null;
  let entry = bundleEntries.get(path);
  if (entry === undefined) {
    try {
      const stored = JSON.parse(readFileSync(resolve(ROOT, path.replace(/\.cjs$/, ".json")), "utf8")) as {
        entry?: unknown;
      };
      entry = typeof stored.entry === "string" ? stored.entry : "compare's run";
    } catch {
      entry = "compare's run";
    }
    bundleEntries.set(path, entry);
  }
  return entry;
}

export function summariseProfile(
  profile: Profile,
  top = 20,
): { total_ms: number; functions: SelfTime[]; groups: SelfTime[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const groups = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) continue;
    const name = frame.functionName === "" ? "(anonymous)" : frame.functionName;
    const at = frame.url === "" ? "(native)" : `${where(frame.url)}:${frame.lineNumber + 1}`;
    const key = `${name} ${at}`;
    const entry = functions.get(key) ?? { name, where: at, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    const group = groupOf(frame.url);
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const toRow = (name: string, at: string, us: number): SelfTime => ({
    name,
    where: at,
    ms: Math.round(us / 100) / 10,
    pct: Math.round((us / total) * 1000) / 10,
  });
  return {
    total_ms: Math.round(total / 1000),
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => toRow(f.name, f.where, f.us)),
    groups: [...groups.entries()].sort((a, b) => b[1] - a[1]).map(([g, us]) => toRow(g, "", us)),
  };
}

const USAGE = "Usage: tsx scripts/bench/cpu-profile.ts PROFILE.cpuprofile [--top N]";

/** Prints the summary; exit 0, 2 on bad usage or a profile that is not a regular file (or too large, too deep), 4 on I/O. */
export function main(argv: readonly string[]): number {
  const fail = (e: { readonly message: string; readonly code: string }, exit: number) => {
    process.stderr.write(`cpu-profile: ${e.message} (${e.code})\n${USAGE}\n`);
    return exit;
  };
  const flags = parseFlags(argv, { top: { type: "string" }, help: { type: "boolean" } }, { positionals: true });
  if (!flags.ok) return fail(flags.error, 2);
  if (flags.value.values.help === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const [file, ...extra] = flags.value.positionals;
  if (file === undefined || extra.length > 0) return fail({ code: "bad_usage", message: "one PROFILE at a time" }, 2);
  const top = wholeNumber("top", flags.value.values.top, { min: 1, max: 10_000, fallback: 20 });
  if (!top.ok) return fail(top.error, 2);
  // A profile of a long run is tens of MiB; its call tree is flat in the file (nodes list their children by id).
  const read = readInputFile(file, { maxBytes: 512 * 1024 * 1024, maxDepth: DEFAULT_INPUT_LIMITS.maxDepth });
  if (!read.ok) return fail(read.error, read.error.exit);
  const summary = summariseProfile(JSON.parse(read.value) as Profile, top.value);
  const pad = (s: string, n: number) => s.padEnd(n);
  process.stdout.write(`total ${summary.total_ms} ms\n\nself time by function\n`);
  for (const f of summary.functions)
    process.stdout.write(`${pad(`${f.pct.toFixed(1)}%`, 7)}${pad(`${f.ms} ms`, 11)}${pad(f.name, 28)} ${f.where}\n`);
  process.stdout.write("\nself time by package or folder\n");
  for (const g of summary.groups)
    process.stdout.write(`${pad(`${g.pct.toFixed(1)}%`, 7)}${pad(`${g.ms} ms`, 11)}${g.name}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
