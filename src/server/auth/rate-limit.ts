import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { rateLimits } from "@/server/db/schema";
import { runStatement } from "@/server/db/statement";
import { TooManyRequestsError } from "@/server/errors";

/**
 * One limiter for every limited action (sign-in, registration, emails, bookings, contact), kept
 * in PostgreSQL so it holds across restarts and instances. An attempt is counted by a single
 * statement that increments the counter and returns it, before any work is done: concurrent
 * attempts cannot all read "below the limit" and pass together.
 */
export interface LimitRule {
  /** Names the counter, e.g. "sign-in:address". */
  name: string;
  /** Attempts admitted in one window. */
  limit: number;
  windowMs: number;
  /**
   * A growing delay: once a window's allowance is used up, the next window admits one attempt
   * and lasts twice as long as the last, up to `maxWindowMs`. A success clears it.
   */
  backoff?: { maxWindowMs: number };
  /** What a refused person reads (the 429 answer's message). */
  message: string;
}

export interface LimitCount {
  admitted: boolean;
  hits: number;
  /** Seconds until this counter admits again (also set when admitted, for the record). */
  retryAfterSeconds: number;
}

/** Stale counters are swept now and then by whichever request counts; no timer needed. */
const SWEEP_ONE_IN = 500;
const SWEEP_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${subject.trim().toLowerCase()}`;
}

function maxStrikes(rule: LimitRule): number {
  if (!rule.backoff) return 0;
  return Math.max(0, Math.ceil(Math.log2(rule.backoff.maxWindowMs / rule.windowMs)));
}

function windowMsAfter(rule: LimitRule, strikes: number): number {
  const grown = rule.windowMs * 2 ** strikes;
  return rule.backoff ? Math.min(grown, rule.backoff.maxWindowMs) : rule.windowMs;
}

function allowanceAfter(rule: LimitRule, strikes: number): number {
  return strikes === 0 ? rule.limit : 1;
}

/** Counts one attempt against `subject` (an address, an email, an account) and says whether it may go on. */
export async function countAttempt(
  db: Db,
  rule: LimitRule,
  subject: string,
  now = new Date(),
  options: { sweep?: boolean } = {},
): Promise<LimitCount> {
  const [count] = await countAttempts(db, [[rule, subject]], now, options);
  return count!;
}

/**
 * The count of countAttempts: each row of $2 is a counter with its rule's window, longest window,
 * allowance and most strikes. A new counter starts at one hit; an existing one counts on, or starts a
 * new window once its own has passed (doubled for each strike, up to the longest), taking a strike
 * when the window it leaves used up its allowance (one attempt after a strike). Every right-hand side
 * reads the row as it was: the three columns change together. Rows are written in key order, so two
 * counts that share counters wait for each other in a line, never in a circle. Written as one text,
 * not assembled from pieces: it runs on every booking and sign-in (bench/RESULTS.md, issue 42).
 */
const COUNT_ATTEMPTS = `with rule as (
  select * from jsonb_to_recordset($2::jsonb)
    as t(key text, window_ms double precision, max_window_ms double precision, allowance integer, max_strikes integer)
)
insert into rate_limits as r (key, hits, window_started_at, strikes)
select rule.key, 1, $1::timestamptz, 0 from rule order by rule.key collate "C"
on conflict (key) do update set (strikes, hits, window_started_at) = (
  select case when s.expired then (case when r.hits >= s.allowance then least(r.strikes + 1, s.max_strikes) else 0 end) else r.strikes end,
    case when s.expired then 1 else r.hits + 1 end,
    case when s.expired then $1::timestamptz else r.window_started_at end
  from (
    select rule.max_strikes, case when r.strikes = 0 then rule.allowance else 1 end as allowance,
      r.window_started_at + least(rule.window_ms * power(2, r.strikes), rule.max_window_ms) * interval '1 millisecond' <= $1::timestamptz as expired
    from rule where rule.key = r.key
  ) s
)
returning r.key, r.hits, r.strikes, (extract(epoch from r.window_started_at) * 1000)::double precision as window_started_ms`;

/**
 * Counts one attempt against each (rule, subject) in one statement, and says of each whether it may
 * go on, in the order given. Each rule keeps its own window, allowance and backoff: the update picks
 * them by the counter's key.
 */
export async function countAttempts(
  db: Db,
  attempts: ReadonlyArray<readonly [LimitRule, string]>,
  now = new Date(),
  { sweep = true }: { sweep?: boolean } = {},
): Promise<LimitCount[]> {
  const counters = attempts.map(([rule, subject]) => ({ rule, key: keyOf(rule, subject) }));
  // One statement cannot count one row twice; two rules never share a name.
  if (new Set(counters.map(({ key }) => key)).size !== counters.length) throw new Error("An attempt was counted twice against one counter");
  const rules = counters.map(({ key, rule }) => ({
    key,
    window_ms: rule.windowMs,
    max_window_ms: rule.backoff?.maxWindowMs ?? rule.windowMs,
    allowance: rule.limit,
    max_strikes: maxStrikes(rule),
  }));
  const rows = await runStatement<{ key: string; hits: number; strikes: number; window_started_ms: number }>(db, COUNT_ATTEMPTS, [
    now.toISOString(),
    JSON.stringify(rules),
  ]);
  if (sweep) await sweepNowAndThen(db, now);

  const byKey = new Map(rows.map((row) => [row.key, row]));
  return counters.map(({ rule, key }) => {
    const row = byKey.get(key)!;
    const windowEnds = row.window_started_ms + windowMsAfter(rule, row.strikes);
    return {
      admitted: row.hits <= allowanceAfter(rule, row.strikes),
      hits: row.hits,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
    };
  });
}

/**
 * Counts the attempt and refuses it with 429 and Retry-After when over the limit. Counted in a
 * longer transaction, pass `sweep: false` and sweep outside it (sweepNowAndThen): the sweep's delete
 * would otherwise wait there on counters other transactions hold, while this one holds its own.
 */
export async function enforceLimit(
  db: Db,
  rule: LimitRule,
  subject: string,
  now = new Date(),
  options: { sweep?: boolean } = {},
): Promise<void> {
  await enforceLimits(db, [[rule, subject]], now, options);
}

/** Counts an attempt against every (rule, subject) in one statement, and refuses it as the first rule over its limit says. */
export async function enforceLimits(
  db: Db,
  attempts: ReadonlyArray<readonly [LimitRule, string]>,
  now = new Date(),
  options: { sweep?: boolean } = {},
): Promise<void> {
  const counts = await countAttempts(db, attempts, now, options);
  const refused = counts.findIndex((count) => !count.admitted);
  if (refused >= 0) throw new TooManyRequestsError(attempts[refused]![0].message, counts[refused]!.retryAfterSeconds);
}

/** Forgets the counter, e.g. after a successful sign-in ends a run of mistakes. */
export async function clearLimit(db: Db, rule: LimitRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(rule, subject)));
}

/** Gives one counted attempt back, e.g. a sign-in that turned out to be the owner's. */
export async function refundAttempt(db: Db, rule: LimitRule, subject: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, keyOf(rule, subject)));
}

/** Stale counters are deleted by one count in SWEEP_ONE_IN, whichever request it is. */
export async function sweepNowAndThen(db: Db, now = new Date()): Promise<void> {
  if (Math.random() * SWEEP_ONE_IN < 1) await sweepStaleLimits(db, now);
}

export async function sweepStaleLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - SWEEP_AFTER_MS)));
}
