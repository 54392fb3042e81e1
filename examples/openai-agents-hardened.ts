/**
 * The OpenAI Agents SDK hardening layer applied to a team's own agent: a `refund_payment` tool
 * (high_risk) the harness does not ship, beside a read, run offline with a scripted model. The SDK
 * runs the loop; the layer hands it the tool's zod schema, its needsApproval from the risk table,
 * a person's answer checked by the contract, an execute under the ledger, and a sealed RunState.
 * It prints what the contract kept and exits 1 if a check fails.
 *
 *   npx tsx examples/openai-agents-hardened.ts
 *
 * The body is openai-agents-adapter/src/refund-example.ts: the SDK lives in that package only (the
 * project type-checks without it), so this file loads it once the pinned install is found.
 */
import "../durable/node-hashing.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { adapterDir, adapterInstall } from "../engines/pinned-install.js";

type Demo = {
  readonly kept: Readonly<Record<string, unknown>>;
  readonly checks: readonly { readonly says: string; readonly holds: boolean }[];
};

const install = adapterInstall("openai-agents-adapter");
if (!install.installed) {
  process.stderr.write(`not run: ${install.reason}\n`);
  process.exit(3);
}
const body = pathToFileURL(resolve(adapterDir("openai-agents-adapter"), "src/refund-example.ts")).href;
const { refundDemo } = (await import(body)) as { refundDemo(): Promise<Demo> };
const { kept, checks } = await refundDemo();
process.stdout.write(`${JSON.stringify(kept, null, 2)}\n`);
for (const check of checks) process.stdout.write(`${check.holds ? "ok  " : "FAIL"} ${check.says}\n`);
process.exitCode = checks.every((c) => c.holds) ? 0 : 1;
