/**
 * The spent-nonce journal: a file outside the database (by default `<store>.spent`, beside the
 * store's key file) where every nonce a claim won is appended, one JSON line each, after the
 * database committed it. A restore of the database cannot roll the file back, so the file says
 * which spent approvals an older copy has forgotten (`restore-guard.ts`).
 *
 * Appended, not rewritten: one `write` of one short line to a file opened `O_APPEND` lands whole
 * after every other line, so processes on one store never lose each other's lines (a rewrite via
 * rename would), and a line is fsync'ed before the claim counts as won. The file is owner-only
 * (0600). A last line cut short by a crash is ignored: its claim is in the database.
 *
 * The ledger's begins of calls that must not run twice, and their releases, are lines here too
 * (`ledger-guard.ts`): a database rolled back to before a begin has forgotten the call, the file
 * has not. Files written before these lines existed read as they always did.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { err, ok, type Result } from "../contract/index.js";
import { StoreError } from "./errors.js";

const LineSchema = z.union([
  z.strictObject({ scope: z.string(), opened: z.literal(true) }),
  z.strictObject({ scope: z.string(), nonce: z.string(), session_id: z.string(), at: z.number() }),
  z.strictObject({ scope: z.string(), begun: z.string(), at: z.number() }),
  z.strictObject({ scope: z.string(), released: z.string() }),
]);
export type JournalLine = z.infer<typeof LineSchema>;
export type SpentNonce = Extract<JournalLine, { nonce: string }>;

/** What the journal holds of one scope. */
export type ScopeJournal = {
  /** A guarded open of the scope was recorded: the database must hold the scope from then on. */
  readonly opened: boolean;
  readonly spent: ReadonlyMap<string, SpentNonce>;
  /** Ledger keys begun and not released since, in the journal's order. */
  readonly begun: ReadonlySet<string>;
};

/** The journal's lines of `scope`; an absent file is an empty journal. */
export function readJournal(file: string, scope: string): Result<ScopeJournal, StoreError> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return ok({ opened: false, spent: new Map(), begun: new Set() });
    return err(unavailable(file, error));
  }
  const lines = text.split("\n");
  // Text after the last newline is a line a crash cut short (or nothing).
  const whole = lines.slice(0, -1);
  let opened = false;
  const spent = new Map<string, SpentNonce>();
  const begun = new Set<string>();
  for (const [index, line] of whole.entries()) {
    const parsed = parseLine(line);
    if (parsed === null) return err(unavailable(file, `line ${index + 1} is not a journal line`));
    if (parsed.scope !== scope) continue;
    if ("opened" in parsed) opened = true;
    else if ("nonce" in parsed) spent.set(parsed.nonce, parsed);
    else if ("begun" in parsed) begun.add(parsed.begun);
    else begun.delete(parsed.released);
  }
  return ok({ opened, spent, begun });
}

/** Appends `line` and waits until it is on disk; a failure is a `store_unavailable` StoreError. */
export function appendJournal(file: string, line: JournalLine): void {
  try {
    // The default Postgres journal's folder may not exist yet; it is this machine's, owner-only.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const fd = openSync(file, "a", 0o600);
    try {
      writeSync(fd, `${JSON.stringify(line)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw unavailable(file, error);
  }
}

function parseLine(line: string): JournalLine | null {
  try {
    const parsed = LineSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function unavailable(file: string, error: unknown): StoreError {
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError("store_unavailable", `journal:${file}`, `the spent-nonce journal: ${reason}`);
}
