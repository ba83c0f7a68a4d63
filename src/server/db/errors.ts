/**
 * The one place that reads what PostgreSQL and its driver say when something fails. Drizzle wraps
 * the driver's error in its own (`cause`), so every question here walks the chain of causes.
 */

interface ErrorLink {
  code?: unknown;
  severity?: unknown;
  syscall?: unknown;
  cause?: unknown;
  /** postgres.js's name for the constraint an error broke; PGlite's (pg-protocol) is `constraint`. */
  constraint_name?: unknown;
  constraint?: unknown;
}

function* causeChain(error: unknown): Generator<ErrorLink> {
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    yield current as ErrorLink;
    current = (current as ErrorLink).cause;
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE PostgreSQL answered with (such as "23505"), if the failure came from the server. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    if (typeof link.code === "string" && SQLSTATE.test(link.code)) return link.code;
  }
  return undefined;
}

/** Another row already holds this value of a unique column: two requests raced past a check. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === "23505";
}

/** The constraint PostgreSQL named in its answer (such as a unique index broken by an insert), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    if (typeof link.constraint_name === "string") return link.constraint_name;
    if (typeof link.constraint === "string") return link.constraint;
  }
  return undefined;
}

/** A row is still referenced (or references one that is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresErrorCode(error) === "23503";
}

/** Class 22: a value PostgreSQL cannot store as sent (bad encoding, out of range, malformed). */
export function isDataException(error: unknown): boolean {
  return postgresErrorCode(error)?.startsWith("22") ?? false;
}

/**
 * Where the database went missing. Any of them means "try again shortly", never "the request
 * was wrong" and never a bug of ours.
 */
export type DatabaseUnavailableStage =
  | "could not connect"
  | "connection lost"
  | "server shutting down"
  | "server starting"
  | "too many clients"
  | "not accepting connections"
  | "timeout";

// Socket failures while opening a connection: nothing listens, no route, no name, no answer in time.
const CONNECT_FAILURES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "CONNECT_TIMEOUT"]);
// Socket failures on an open connection, and postgres.js's names for a connection that went away.
const CONNECTION_LOST = new Set(["ECONNRESET", "EPIPE", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED"]);

function stageOfSqlState(code: string, severity: unknown): DatabaseUnavailableStage | null {
  // Class 08: the connection itself failed (08001 and 08004 while it was being made).
  if (code === "08001" || code === "08004") return "could not connect";
  if (code.startsWith("08")) return "connection lost";
  // Class 57: an operator or the server intervened.
  if (code === "57P01" || code === "57P02") return "server shutting down";
  if (code === "57P03") return "server starting";
  if (code === "57014") return "timeout";
  if (code === "57P05" || code === "25P03") return "timeout";
  // Class 53: the server is out of room, for connections above all.
  if (code === "53300") return "too many clients";
  if (code.startsWith("53")) return "not accepting connections";
  // A FATAL error ends the session: the server refused us (database closed to connections, gone,
  // or our role locked out) whatever the code.
  if (severity === "FATAL" || severity === "PANIC") return "not accepting connections";
  return null;
}

/** Why the database cannot be had right now, or null when the failure is something else. */
export function databaseUnavailableStage(error: unknown): DatabaseUnavailableStage | null {
  for (const link of causeChain(error)) {
    const code = typeof link.code === "string" ? link.code : undefined;
    if (code && (CONNECT_FAILURES.has(code) || link.syscall === "connect")) return "could not connect";
    if (code && CONNECTION_LOST.has(code)) return "connection lost";
    if (code && SQLSTATE.test(code)) {
      const stage = stageOfSqlState(code, link.severity);
      if (stage) return stage;
    }
  }
  return null;
}
