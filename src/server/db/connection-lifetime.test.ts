import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { connectionLifetimeSeconds } from "./client";

// The pool replaces each connection after 5 to 10 minutes, not every minute: a new connection's
// server process starts cold, and its first bookings cost PostgreSQL more (client.ts). postgres.js
// types the lifetime as a number but takes a function, drawn once for each connection (its own
// default is one); these tests hold both halves of that.

const testDatabase = inject("testDatabase");

describe("a pooled connection's lifetime", () => {
  it("is drawn between 5 and 10 minutes, differently for each connection", () => {
    const drawn = Array.from({ length: 50 }, () => connectionLifetimeSeconds());
    for (const seconds of drawn) {
      expect(seconds).toBeGreaterThanOrEqual(300);
      expect(seconds).toBeLessThan(600);
    }
    expect(new Set(drawn).size).toBeGreaterThan(1);
  });

  it.runIf(testDatabase.mode === "postgres")(
    "ends a connection once the drawn lifetime passes, and the next statement gets a new one",
    async () => {
      let draws = 0;
      // Long enough that two statements in a row fall within it on a busy CI host.
      const lifetime = () => (draws++, 2);
      const pool = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {}, max_lifetime: lifetime as unknown as number });
      try {
        const backend = async () => (await pool`select pg_backend_pid() as pid`)[0]!.pid as number;
        const first = await backend();
        expect(await backend(), "within its lifetime the connection is kept").toBe(first);
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expect(await backend(), "after it a new connection answers").not.toBe(first);
        expect(draws, "drawn once for each of the pool's connections").toBe(2);
      } finally {
        await pool.end({ timeout: 5 });
      }
    },
  );
});
