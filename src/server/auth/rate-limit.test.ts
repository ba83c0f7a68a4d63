import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { limitSubjectForAddress } from "./limits";
import { clearLimit, countAttempt, countAttempts, enforceLimits, refundAttempt, type LimitRule } from "./rate-limit";

const MINUTE = 60_000;
const fixed: LimitRule = { name: "test-fixed", limit: 3, windowMs: 10 * MINUTE, message: "Slow down" };
const growing: LimitRule = { name: "test-growing", limit: 2, windowMs: MINUTE, backoff: { maxWindowMs: 8 * MINUTE }, message: "Slow down" };

describe("the limiter", () => {
  it("admits the limit in a window, refuses after it with the time left, and starts again in the next window", async () => {
    const db = await getDb();
    const start = new Date("2030-01-01T12:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await countAttempt(db, fixed, "one", at(attempt)));
    expect(answers.map((answer) => answer.admitted)).toEqual([true, true, true, false, false]);
    expect(answers[4]!.retryAfterSeconds).toBe(6 * 60);
    expect((await countAttempt(db, fixed, "one", at(10))).admitted).toBe(true);
    // Subjects are counted apart, whatever their case.
    expect((await countAttempt(db, fixed, "ONE", at(10))).hits).toBe(2);
    expect((await countAttempt(db, fixed, "two", at(10))).hits).toBe(1);
  });

  it("counts several rules in one statement, each by its own window, allowance and backoff", async () => {
    const db = await getDb();
    let now = new Date("2030-03-01T08:00:00Z").getTime();
    const both = () =>
      countAttempts(
        db,
        [
          [fixed, "pair"],
          [growing, "pair"],
        ],
        new Date(now),
      );
    const rounds = [];
    for (let attempt = 0; attempt < 4; attempt++) rounds.push(await both());
    expect(rounds.map(([a, b]) => [a!.admitted, b!.admitted])).toEqual([
      [true, true],
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(rounds[3]!.map((count) => count.retryAfterSeconds)).toEqual([10 * 60, 60]);
    // A minute on, the growing rule's window is over and it admits one attempt, its next window twice as long.
    now += MINUTE;
    const [fixedCount, growingCount] = await both();
    expect([fixedCount!.admitted, growingCount!.admitted]).toEqual([false, true]);
    expect(growingCount!.retryAfterSeconds).toBe(120);
    // Refused, the first rule over its limit names the wait.
    await expect(
      enforceLimits(
        db,
        [
          [growing, "pair"],
          [fixed, "pair"],
        ],
        new Date(now),
      ),
    ).rejects.toMatchObject({ retryAfterSeconds: 120 });
  });

  it("admits exactly the limit out of many simultaneous attempts", async () => {
    const db = await getDb();
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 40 }, () => countAttempt(db, fixed, "crowd", now)));
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(fixed.limit);
  });

  it("doubles the wait each time a window's allowance is used up, up to the longest, and forgets it when cleared", async () => {
    const db = await getDb();
    let now = new Date("2030-02-01T08:00:00Z").getTime();
    const attempt = async () => countAttempt(db, growing, "guesser", new Date(now));
    expect((await attempt()).admitted).toBe(true);
    expect((await attempt()).admitted).toBe(true);
    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      const refused = await attempt();
      expect(refused.admitted).toBe(false);
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
      // After the wait one attempt goes through; the next waits twice as long.
      expect((await attempt()).admitted).toBe(true);
    }
    expect(waits).toEqual([60, 120, 240, 480, 480]);

    await clearLimit(db, growing, "guesser");
    expect((await attempt()).hits).toBe(1);
  });

  it("gives an attempt back on refund", async () => {
    const db = await getDb();
    const now = new Date();
    for (let attempt = 0; attempt < fixed.limit; attempt++) await countAttempt(db, fixed, "refunded", now);
    await refundAttempt(db, fixed, "refunded");
    expect((await countAttempt(db, fixed, "refunded", now)).admitted).toBe(true);
    expect((await countAttempt(db, fixed, "refunded", now)).admitted).toBe(false);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4", () => {
    expect(limitSubjectForAddress("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(limitSubjectForAddress("2001:db8:aa:bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(limitSubjectForAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitSubjectForAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(limitSubjectForAddress("192.0.2.1")).toBe("192.0.2.1");
  });
});
