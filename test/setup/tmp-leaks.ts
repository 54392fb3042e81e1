/**
 * Global setup: the run's temporary files go to one private directory, and the run fails naming what a
 * test or a script it started left there. A private directory (TMPDIR, which os.tmpdir(), the test
 * workers and their child processes read), not a diff of /tmp: other runs on a shared machine write there.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** Caches that tools keep in the temp folder on purpose: shared with the real one, never counted as leaks. */
const CACHES: readonly string[] = [`tsx-${userInfo().uid}`, "node-compile-cache"];

/** What is left, by prefix: a name less its random or numbered tail (`learner-Ab12Cd` → `learner-`). */
export function leakedPrefixes(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    if (CACHES.includes(name)) continue;
    const prefix = name.replace(/[A-Za-z0-9]*\d[A-Za-z0-9]*$|[A-Za-z0-9]{6}$/, "");
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([p, n]) => (n === 1 ? p : `${p} (${n})`));
}

export function leakMessage(prefixes: readonly string[]): string | null {
  if (prefixes.length === 0) return null;
  return (
    `temp files left by the tests: ${prefixes.join(", ")}. Remove what a test or script creates ` +
    `(afterAll, afterEach or finally).`
  );
}

export default function setup(): () => void {
  const outer = tmpdir();
  const dir = mkdtempSync(join(outer, "agent-harness-tests-"));
  // Others may pass through, never list: a test's PostgreSQL cluster runs as the postgres user.
  chmodSync(dir, 0o711);
  for (const cache of CACHES) {
    mkdirSync(join(outer, cache), { recursive: true });
    symlinkSync(join(outer, cache), join(dir, cache));
  }
  process.env.TMPDIR = dir;
  return () => {
    process.env.TMPDIR = outer;
    const left = readdirSync(dir);
    rmSync(dir, { recursive: true, force: true });
    const message = leakMessage(leakedPrefixes(left));
    // vitest reports an error thrown here but still exits 0: the exit code is set by hand.
    if (message === null) return;
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  };
}
