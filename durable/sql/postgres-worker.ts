/**
 * The Postgres side of the synchronous bridge: plain JavaScript run as an `eval` worker, so it
 * starts the same under tsx, vitest and compiled code without a TypeScript loader. It keeps one
 * `pg` client, reconnects after the server went away, and answers each request, in order and under its id, on the port,
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

/** The client a transaction began on. Its statements never move to another connection: after a
 *  reconnect the server has rolled the transaction back, and a COMMIT on a fresh connection would
 *  "succeed" with nothing committed. */
let transactionClient = null;

function lostTransaction(message) {
  return Object.assign(new Error(message), { code: "08006" });
}

async function answer(request) {
  if (request.kind === "close") {
    if (client !== null) await client.end().catch(() => {});
    // The worker may serve a next owner (postgres-bridge.ts): nothing of this connection's carries over.
    client = null;
    transactionClient = null;
    return { ok: true, rows: [], changes: 0 };
  }
  const verb = request.sql.trim().split(/\s+/)[0].toUpperCase();
  if (transactionClient !== null && transactionClient !== client) {
    // Every statement of the lost transaction fails until it is ended; a new BEGIN starts over.
    if (verb === "ROLLBACK" || verb === "COMMIT" || verb === "BEGIN") transactionClient = null;
    if (verb === "ROLLBACK") return { ok: true, rows: [], changes: 0 };
    if (verb !== "BEGIN")
      throw lostTransaction("the connection was lost inside a transaction; the server rolled it back or its outcome is unknown");
  }
  const c = await connected();
  if (verb === "COMMIT" || verb === "ROLLBACK") transactionClient = null;
  try {
    const result = await c.query(request.sql, request.params);
    // Only a BEGIN that succeeded opens a transaction: the caller sends no ROLLBACK for one that failed.
    if (verb === "BEGIN") transactionClient = c;
    return { ok: true, rows: result.rows, changes: result.rowCount ?? 0 };
  } catch (error) {
    // A broken connection is replaced on the next request; an SQL error keeps it.
    if (error && typeof error.code !== "string") { client = null; c.end().catch(() => {}); }
    if (error && /^(57P|08)/.test(String(error.code))) { client = null; c.end().catch(() => {}); }
    throw error;
  }
}

async function reply(request) {
  try {
    return { ...(await answer(request)), id: request.id };
  } catch (error) {
    return { ok: false, code: error && error.code ? String(error.code) : null, message: String(error && error.message), id: request.id };
  }
}

// One request at a time, in the order sent: a request sent after its predecessor timed out waits
// for it, so two statements never interleave on the connection.
let queue = Promise.resolve();
port.on("message", (request) => {
  queue = queue.then(async () => {
    port.postMessage(await reply(request));
    Atomics.store(cell, 0, 1);
    Atomics.notify(cell, 0);
  });
});
`;
