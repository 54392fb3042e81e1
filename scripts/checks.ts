/**
 * tsx scripts/checks.ts (npm run checks): Prettier's check and the type checks, side by side. Each is
 * mostly one core's work for a minute on a fresh clone, and the tests wait for both; each one's output
 * is printed whole once it ends, and the exit status is the first failure's.
 */
import { captured, helpAsked } from "../cli/index.js";

const CHECKS = ["format:check", "typecheck"] as const;

if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`Usage: tsx scripts/checks.ts   (npm run checks: npm run ${CHECKS.join(" and ")} at once)\n`);
  process.exit(0);
}
const results = await Promise.all(CHECKS.map((name) => captured("npm", ["run", "--silent", name])));
let status = 0;
results.forEach(({ status: code, output }, i) => {
  process.stdout.write(output);
  if (code !== 0) {
    process.stderr.write(`checks: npm run ${CHECKS[i]} failed (exit ${code})\n`);
    if (status === 0) status = code;
  }
});
process.exitCode = status;
