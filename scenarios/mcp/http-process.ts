/**
 * TEST SUPPORT. The MCP server as a separate process serving Streamable HTTP on a port the system
 * picks (`--http 127.0.0.1:0`): the address is read from the line the server writes on stderr
 * once it listens, so no free port is guessed. The process leads its own group, so stopping it
 * also stops what `npm run` or tsx started under it.
 */
import { spawn, type ChildProcess } from "node:child_process";

export type HttpProcess = {
  /** `http://127.0.0.1:PORT/mcp`, as the server announced it. */
  readonly url: string;
  readonly pid: number;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** SIGTERM to the group, then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL to the group (a crash: nothing flushed), then waits for the exit. */
  kill(): Promise<void>;
};

const SERVING = /serving Streamable HTTP at (http:\/\/\S+)/;

export async function spawnHttpServer(launch: {
  readonly command: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** How long to wait for the server to listen. @default 60_000 */
  readonly timeoutMs?: number;
}): Promise<HttpProcess> {
  const [command, ...args] = launch.command;
  const child = spawn(command!, args, { cwd: launch.cwd, env: launch.env, detached: true, stdio: "pipe" });
  child.stdout.resume();
  let text = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`did not listen within ${launch.timeoutMs ?? 60_000} ms`),
      launch.timeoutMs ?? 60_000,
    );
    const fail = (why: string) => {
      clearTimeout(timer);
      signal(child, "SIGKILL");
      reject(new Error(`the MCP server ${why}; its stderr:\n${text}`));
    };
    child.stderr.on("data", () => {
      const found = SERVING.exec(text);
      if (found !== null) (clearTimeout(timer), resolve(found[1]!));
    });
    child.once("exit", (code) => fail(`exited (${code}) before it listened`));
    child.once("error", (error) => fail(`could not start: ${error.message}`));
  });
  const end = async (name: NodeJS.Signals) => {
    signal(child, name);
    await exited;
  };
  return { url, pid: child.pid!, stderr: () => text, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, name);
  } catch {
    // The group is already gone.
  }
}
