/**
 * tsx scripts/adapter-folders.ts: the engine table's adapter folders (engines/table.ts), one a line, in the
 * table's order: what scripts/setup-adapters.sh installs, so the shell keeps no list of its own.
 */
import { helpAsked } from "../cli/index.js";
import { ADAPTERS } from "../engines/catalogue.js";

const USAGE =
  "Usage: tsx scripts/adapter-folders.ts   (no options; prints each adapter's folder and name, a tab between, one adapter a line)";
if (helpAsked(process.argv.slice(2))) process.stdout.write(`${USAGE}\n`);
else process.stdout.write(ADAPTERS.map((a) => `${a.folder}\t${a.name}\n`).join(""));
