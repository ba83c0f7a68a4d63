import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config } from "@/server/config";
import { listenOnPostgres, type ListenEvents } from "./change-listener";

export type { ListenEvents } from "./change-listener";

/**
 * The same Drizzle API whether the app runs on PostgreSQL or on embedded PGlite. Queries name their
 * tables (src/server/db/schema): the handle is made without the schema, as the relational
 * `db.query` API it would enable goes unused, and Drizzle would build one of its query builders
 * per table for every transaction (a sixth of a booking's own code, bench/RESULTS.md, issue 42).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Db;
  kind: "postgres" | "pglite";
  /** Runs a script of several statements that may open and commit its own transaction. */
  runScript: (script: string) => Promise<void>;
  /** LISTENs on a channel until the handle closes, saying whenever it starts or stops listening. */
  listen: (channel: string, events: ListenEvents) => Promise<void>;
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

/** Where PGlite keeps its files when no DATABASE_URL is set; "memory://" keeps nothing. */
export function pgliteLocation(): string {
  return config().database.pgliteDir ?? path.join(process.cwd(), ".data", "pglite");
}

export async function openDatabase(url = config().database.url): Promise<DatabaseHandle> {
  return url ? openPostgres(url) : openPglite(pgliteLocation());
}

/**
 * libpq's way of naming a Unix socket, `postgres://user@localhost:5432/db?host=/var/run/postgresql`:
 * postgres.js takes the socket as `path` (and would send an unknown `host` parameter to the server).
 */
export function socketOf(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const directory = parsed.searchParams.get("host");
  if (!directory?.startsWith("/")) return { url };
  parsed.searchParams.delete("host");
  return { url: parsed.toString(), path: `${directory}/.s.PGSQL.${parsed.port || 5432}` };
}

/**
 * How long a pooled connection lives: 5 to 10 minutes, drawn for each connection so that they are not
 * all replaced at once. A query taken back while a connection was being made for it (see
 * withinConnectionWait) leaves that connection made but unused: postgres.js never hands it another
 * query. It ends at its lifetime like any other (then the pool makes a new one), so after an outage
 * such a slot is lost for at most this long. Not shorter, because a new connection is dear: its
 * server process starts cold (no cached catalogue, plans or compiled functions) and its first few
 * thousand statements cost more. A pool made afresh cost PostgreSQL 0.4-0.9 ms more a booking over
 * its first 1,500 bookings (bench/RESULTS.md, issue 42); at 60 s every slot paid that each minute.
 */
export function connectionLifetimeSeconds(): number {
  return 300 + Math.random() * 300;
}

async function openPostgres(address: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const { url, path: socket } = socketOf(address);
  const sql = postgres(url, {
    ...(socket ? { path: socket } : {}),
    max: config().database.poolSize,
    onnotice: () => {},
    // While the database is away a request fails (503) within seconds instead of hanging. Shorter
    // than the connection wait (config database.connectionWaitSeconds, default 4 s), so a query
    // rarely outwaits a connection being made for it.
    connect_timeout: 3,
    // postgres.js reads a function here once for each of the pool's connections (its own default is one).
    max_lifetime: connectionLifetimeSeconds as unknown as number,
    // postgres.js waits 3^failures / 100 s (up to 20 s) before reconnecting after failed
    // connections, so during an outage requests would hang, and after it recovery would lag.
    // A short constant wait keeps both within a second; the pool bounds the attempts.
    backoff: () => 0.25,
  });
  const db = drizzle({
    client: retryingStaleConnections(sql, { connectionWaitMs: config().database.connectionWaitSeconds * 1000 }),
    casing: "snake_case",
  });
  Object.defineProperty(db, SENDS_COMMIT_WITH_LAST_STATEMENTS, { value: true });
  // A script with its own BEGIN needs one connection to itself: postgres.js refuses it on a pool.
  // A failed script leaves its transaction open; it is rolled back before the connection goes back.
  const runScript = async (script: string) => {
    const connection = await sql.reserve();
    try {
      await connection.unsafe(script);
    } catch (error) {
      await connection.unsafe("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  };
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  const listeners: Array<{ close: () => Promise<void> }> = [];
  const listen = async (channel: string, events: ListenEvents) => {
    listeners.push(
      await listenOnPostgres((options) => postgres(url, { ...options, ...(socket ? { path: socket } : {}) }), channel, events),
    );
  };
  const close = async () => {
    await Promise.all(listeners.map((listener) => listener.close().catch(() => {})));
    await sql.end({ timeout: 5 });
  };
  return { db, kind: "postgres", runScript, listen, close };
}

// A registered symbol, not a WeakSet: the API bundle and Next's server each load their own copy of
// this module, and the pool one of them opened serves both (scripts/server.mjs).
const SENDS_COMMIT_WITH_LAST_STATEMENTS = Symbol.for("greenscape.sendsCommitWithLastStatements");

/**
 * Whether a transaction's COMMIT may follow its last statements on `db` without waiting for their
 * answers (src/server/cache/announced-transaction.ts): postgres.js sends a transaction's statements
 * in the order they are issued on its one connection. Not PGlite, whose transactions run their
 * statements one at a time.
 */
export function commitsWithLastStatements(db: object): boolean {
  return (db as Record<symbol, unknown>)[SENDS_COMMIT_WITH_LAST_STATEMENTS] === true;
}

/** At most this many fresh connections for one statement or transaction that met a dead one. */
const STALE_RETRIES = 3;

/**
 * A FATAL error from the server ("terminating connection due to administrator command", "the
 * database system is starting up / shutting down") reaches a query in postgres.js only when that
 * query never ran: a connection that dies under a running query fails it with CONNECTION_CLOSED
 * instead, and keeps the FATAL error, which it then throws at the first query it is given after it
 * reconnects (porsager/postgres#1223, open in 3.4.9: one extra failure per pooled connection after
 * every restart). Such a query is safe to send again.
 */
export function isNeverRanFailure(error: unknown): boolean {
  const { severity, code } = (error ?? {}) as { severity?: unknown; code?: unknown };
  return severity === "FATAL" && typeof code === "string" && code.startsWith("57P");
}

/**
 * Drizzle asks postgres.js not to prepare its statements (`prepare: false` unless a query is named),
 * so postgres.js would send each statement with parameters in two round trips (Parse and Describe,
 * then Bind and Execute) and PostgreSQL would plan it again every time. The pool prepares every
 * statement that has parameters instead: a statement the connection has seen before takes one round
 * trip and no planning. A booking costs about a third less CPU in the app and PostgreSQL together
 * (bench/RESULTS.md, issue 42). Statements without parameters (migrations, scripts) keep the simple
 * protocol, which allows several statements in one string. DATABASE_PREPARE=false turns it off.
 *
 * postgres.js keeps a connection's statements in a map it empties whenever the connection (re)starts,
 * so a prepared statement never outlives its connection, and it sends a statement again when
 * PostgreSQL says its plan went stale. The hang once seen with it on (a request waiting 300 s through
 * an outage) was not reproduced: terminating a transaction's connection while the database refuses
 * new ones settles every query the same way prepared or not (bench/RESULTS.md, issue 42).
 */
function preparedArgs(args: unknown[]): unknown[] {
  if (process.env.DATABASE_PREPARE === "false") return args;
  const [query, params, options] = args as [unknown, unknown[] | undefined, Record<string, unknown> | undefined];
  if (!Array.isArray(params) || params.length === 0) return args;
  return [query, params, { ...options, prepare: true }];
}

function preparing<Sql extends { unsafe: (...args: unknown[]) => unknown }>(transaction: Sql): Sql {
  return new Proxy(transaction, {
    get(target, property, receiver) {
      if (property === "unsafe") return (...args: unknown[]) => target.unsafe(...preparedArgs(args));
      return Reflect.get(target, property, receiver);
    },
  });
}

/** How a statement or transaction that waited too long for a connection fails: as the database being away (503). */
function connectionWaitExceeded(waitedMs: number): Error {
  return Object.assign(new Error(`No database connection was free within ${waitedMs / 1000} s`), { code: "CONNECT_TIMEOUT" });
}

/** What the pool's statements are to this module: postgres.js queries, lazy until awaited. */
interface PoolQuery extends PromiseLike<unknown> {
  /** Set once a connection has begun the query; null while it waits for one. */
  state: unknown;
  /** Takes a query that has not begun out of the pool's hands, failing it. */
  cancel: () => unknown;
  values: () => PoolQuery;
}

/**
 * postgres.js 3.4.9 can lose a query that waits for a connection during an outage, and its request
 * then hangs until the client gives up (bench:faults: 300 s, one to six requests a run). Seen in the
 * pool's state (issue 42): when a connection dies, the query it was running is failed but stays its
 * current query; the next query to wait for that connection becomes what its reconnect runs first,
 * and the refusal of each reconnect ("database does not allow connections") is kept against the old
 * query instead of failing the waiting one, so the connection stays "connecting" and the query
 * waits forever. A query still without a connection after `waitMs` is taken back (postgres.js's
 * cancel, which fails it with 57014) and its request answered 503 with Retry-After. A query that
 * has begun on its connection is never cut short, so a long report is not affected; under load a
 * query waits for a connection far less than this. A statement sent again after a failure that
 * never ran (see retrying) waits afresh.
 */
function withinConnectionWait(query: PoolQuery, waitMs: number): Promise<unknown> {
  const timer = setTimeout(() => {
    if (query.state === null) query.cancel();
  }, waitMs);
  return Promise.resolve(query).finally(() => clearTimeout(timer));
}

/**
 * The pool as Drizzle uses it (`unsafe` for statements, `begin` for transactions), sending a
 * statement or a transaction again, on the connection the pool gives next, when it failed before
 * anything ran (see isNeverRanFailure); a transaction is sent again only if its body never started.
 * Statements inside a transaction are not retried: that connection is the transaction. Neither
 * waits longer than `connectionWaitMs` for a connection (see withinConnectionWait).
 */
function retryingStaleConnections<Sql extends { unsafe: (...args: never[]) => unknown; begin: (...args: never[]) => unknown }>(
  pool: Sql,
  { connectionWaitMs }: { connectionWaitMs: number },
): Sql {
  async function retrying<T>(attempt: () => Promise<T>, mayRetry: () => boolean = () => true): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (tries >= STALE_RETRIES || !isNeverRanFailure(error) || !mayRetry()) throw error;
      }
    }
  }
  const unsafe = (...args: unknown[]) => {
    const send = () => (pool.unsafe as (...a: unknown[]) => PoolQuery)(...preparedArgs(args));
    const rows = () => retrying(() => withinConnectionWait(send(), connectionWaitMs));
    // postgres.js queries are lazy thenables; Drizzle awaits them or their `values()` at once.
    return {
      then: (onValue?: (value: unknown) => unknown, onError?: (error: unknown) => unknown) => rows().then(onValue, onError),
      catch: (onError: (error: unknown) => unknown) => rows().catch(onError),
      values: () => retrying(() => withinConnectionWait(send().values(), connectionWaitMs)),
    };
  };
  const begin = (...args: unknown[]) => {
    const body = args.at(-1) as (transaction: unknown) => unknown;
    let started = false;
    let givenUp = false;
    // A transaction given its connection after its request was answered runs nothing: the
    // throw rolls it back.
    const watched = (transaction: unknown) => {
      if (givenUp) throw connectionWaitExceeded(connectionWaitMs);
      started = true;
      return body(preparing(transaction as { unsafe: (...a: unknown[]) => unknown }));
    };
    const attempts = retrying(
      async () => (pool.begin as (...a: unknown[]) => Promise<unknown>)(...args.slice(0, -1), watched),
      () => !started && !givenUp,
    );
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (started) return;
        givenUp = true;
        reject(connectionWaitExceeded(connectionWaitMs));
      }, connectionWaitMs);
      attempts.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === "unsafe") return unsafe;
      if (property === "begin") return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}

async function openPglite(location: string): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // The customer search's trigram index needs pg_trgm, which PGlite loads only when asked.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const inMemory = location === "memory://";
  // PGlite does not create its data folder itself.
  if (!inMemory) mkdirSync(location, { recursive: true });
  const client = inMemory ? new PGlite({ extensions: { pg_trgm } }) : new PGlite(location, { extensions: { pg_trgm } });
  const db = drizzle({ client, casing: "snake_case" });
  const runScript = async (script: string) => {
    try {
      await client.exec(script);
    } catch (error) {
      await client.exec("ROLLBACK").catch(() => {});
      throw error;
    }
  };
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // One process holds the embedded database: its notifications cannot be lost on the way.
  const deafOnClose: Array<() => void> = [];
  const listen = async (channel: string, events: ListenEvents) => {
    await client.listen(channel, events.onMessage);
    events.onListening();
    deafOnClose.push(events.onDeaf);
  };
  const close = async () => {
    for (const onDeaf of deafOnClose) onDeaf();
    await client.close();
  };
  return { db, kind: "pglite", runScript, listen, close };
}
