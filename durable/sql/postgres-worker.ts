/**
 * The Postgres side of the synchronous bridge: plain JavaScript run as an `eval` worker, so it
 * starts the same under tsx, vitest and compiled code without a TypeScript loader. It keeps one
 * `pg` client, reconnects after the server went away, and answers each request on the port,
 * then wakes the waiting thread through the shared cell.
 */
export const POSTGRES_WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const pg = require(workerData.pgPath);
const { port, cell, url, connectTimeoutMs, statementTimeoutMs } = workerData;
let client = null;

async function connected() {
  if (client !== null) return client;
  const fresh = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
  });
  fresh.on("error", () => { if (client === fresh) client = null; });
  try {
    await fresh.connect();
  } catch (error) {
    fresh.end().catch(() => {});
    throw error;
  }
  client = fresh;
  return fresh;
}

async function answer(request) {
  if (request.kind === "close") {
    if (client !== null) await client.end().catch(() => {});
    client = null;
    return { ok: true, rows: [], changes: 0 };
  }
  const c = await connected();
  try {
    const result = await c.query(request.sql, request.params);
    return { ok: true, rows: result.rows, changes: result.rowCount ?? 0 };
  } catch (error) {
    // A broken connection is replaced on the next request; an SQL error keeps it.
    if (error && typeof error.code !== "string") { client = null; c.end().catch(() => {}); }
    if (error && /^(57P|08)/.test(String(error.code))) { client = null; c.end().catch(() => {}); }
    throw error;
  }
}

port.on("message", async (request) => {
  let reply;
  try {
    reply = await answer(request);
  } catch (error) {
    reply = { ok: false, code: error && error.code ? String(error.code) : null, message: String(error && error.message) };
  }
  port.postMessage(reply);
  Atomics.store(cell, 0, 1);
  Atomics.notify(cell, 0);
});
`;
