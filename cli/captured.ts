/**
 * A child process whose output is kept until it ends: checks that run side by side print each one's
 * output whole, never interleaved.
 */
import { spawn } from "node:child_process";

export type Captured = { readonly status: number; readonly output: string };

export function captured(command: string, args: readonly string[]): Promise<Captured> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ status: 1, output: `${command}: ${error.message}\n` }));
    child.once("close", (code) => resolve({ status: code ?? 1, output }));
  });
}
