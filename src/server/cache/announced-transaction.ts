import type { Db } from "@/server/db";
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
