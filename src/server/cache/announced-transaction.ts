import type { Db } from "@/server/db";
import { commitsWithLastStatements } from "@/server/db/client";
import { isTransaction } from "@/server/db/in-transaction";
import { settledTogether } from "@/server/db/settled-together";
import { runStatement } from "@/server/db/statement";
import { CHANGES_CHANNEL } from "./change-feed";
import type { WatchedTable } from "./watched-tables";

const ANNOUNCE_AFTER_COMMIT = "select set_config('greenscape.announce_after_commit', 'on', true)";
const ANNOUNCE = "select pg_notify($1::text, changed) from unnest($2::text[]) changed";

/** Tables written by transactions committed since the last announcement, and whether one is due. */
const written = new Set<WatchedTable>();
let announcing = false;

/**
 * Runs `work` in a transaction of its own whose writes to `tables` are announced on the change
 * channel once it has committed, instead of by the tables' triggers at its commit (migration 0038):
 * PostgreSQL makes notifying commits wait for each other, and every booking would otherwise be one.
 * The transactions committed while an announcement is due share it, so a rush of bookings sends a
 * few notifications, not one at each commit. `tables` must name every watched table `work` writes.
 *
 * Should the process end between a commit and its announcement, other instances keep answers made
 * before the write until those expire (a minute, public-answers.ts), and the located addresses wait
 * for the locating job's round: as when a listener misses a notification. This process forgets its
 * own at once either way (forgetCachesAfterLocalWrite). Inside a caller's transaction, `work` runs
 * there and the triggers announce at that transaction's commit, as for any write.
 */
export async function transactionAnnouncedAfterCommit<T>(
  db: Db,
  tables: readonly WatchedTable[],
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (isTransaction(db)) return db.transaction(work);
  const result = await db.transaction(async (tx) => {
    // Sent with the work's first statement instead of a round trip before it: a transaction's
    // statements run in the order they are issued, and this one is issued before `work` starts.
    const [, value] = await settledTogether([runStatement(tx, ANNOUNCE_AFTER_COMMIT, []), work(tx)]);
    return value;
  });
  announceSoon(db, tables);
  return result;
}

/** What a transaction's work gives back when its last statements go with the COMMIT. */
export interface SentWithCommit<T> {
  value: T;
  /** The last statements, issued and not awaited. */
  last: ReadonlyArray<Promise<unknown>>;
}

/**
 * As transactionAnnouncedAfterCommit, with the COMMIT sent right behind `work`'s last statements
 * instead of a round trip after their answers: a booking then holds its day's lock (and its
 * connection) for no trip back to the app. `work` issues those statements without awaiting them
 * and gives them back as `last`. One that fails in the database ends the transaction, so the COMMIT
 * finds it aborted and writes nothing; one that fails before it is sent (a job's payload its schema
 * refuses) rolls the transaction back instead of committing it. Either failure is thrown here. A
 * refusal the app would have judged from their answers has to be raised by the database instead
 * (migration 0041), and a check made on an answer (pg-boss's job id) comes after the commit. Inside
 * a caller's transaction, or on PGlite, `last` is awaited before the transaction ends, as usual.
 */
export async function transactionCommittedWithLast<T>(
  db: Db,
  tables: readonly WatchedTable[],
  work: (tx: Db) => Promise<SentWithCommit<T>>,
): Promise<T> {
  if (isTransaction(db) || !commitsWithLastStatements(db)) {
    return transactionAnnouncedAfterCommit(db, tables, async (tx) => {
      const { value, last } = await work(tx);
      await settledTogether(last);
      return value;
    });
  }
  const sent = await db.transaction(async (tx) => {
    const [, given] = await settledTogether([runStatement(tx, ANNOUNCE_AFTER_COMMIT, []), work(tx)]);
    // Judged after the commit, or before it when one failed before it was sent; handled now, so that
    // a transaction failing meanwhile leaves no unhandled rejection.
    let failedUnsent: { error: unknown } | null = null;
    for (const statement of given.last) statement.catch((error: unknown) => void (failedUnsent ??= { error }));
    // postgres.js hands a statement to its connection within the microtasks that follow its call,
    // and an immediate callback runs only once they are all done: the COMMIT that postgres.js sends
    // when this returns goes after every statement `work` issued. A statement that failed before it
    // was sent has failed by then: throwing rolls the transaction back instead.
    await new Promise((resolve) => setImmediate(resolve));
    if (failedUnsent) throw (failedUnsent as { error: unknown }).error;
    return given;
  });
  await settledTogether(sent.last);
  announceSoon(db, tables);
  return sent.value;
}

/**
 * How long an announcement waits for more commits to share it. Until it has been sent no other
 * starts, so a rush of bookings sends a few dozen a second rather than one for nearly every commit:
 * each is a commit of its own, and every instance's listener wakes for it (bench/RESULTS.md, issue 42).
 */
const SHARED_FOR_MS = 20;

function announceSoon(db: Db, tables: readonly WatchedTable[]): void {
  for (const table of tables) written.add(table);
  if (announcing) return;
  announcing = true;
  setTimeout(() => void announceWritten(db), SHARED_FOR_MS);
}

async function announceWritten(db: Db): Promise<void> {
  const changed = [...written];
  written.clear();
  try {
    await runStatement(db, ANNOUNCE, [CHANGES_CHANNEL, `{${changed.join(",")}}`]);
  } catch (error) {
    console.warn("[greenscape] Could not announce committed writes; other instances' answers expire within a minute:", error);
  } finally {
    announcing = false;
    // Commits made while this one was on its way share the next.
    if (written.size > 0) announceSoon(db, []);
  }
}
