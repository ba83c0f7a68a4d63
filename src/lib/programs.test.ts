import { describe, expect, it } from "vitest";
import { dueWithin, isMonthDay, nextRound, roundStandings, seasonDay, type RoundFacts } from "./programs";

const round = (
  position: number,
  windowStart: string,
  windowEnd: string,
  minDaysSincePrevious = 0,
  extra: Partial<RoundFacts> = {},
): RoundFacts => ({
  position,
  windowStart,
  windowEnd,
  minDaysSincePrevious,
  skipped: false,
  visit: null,
  ...extra,
});

describe("lawn program rounds", () => {
  it("reads month-days in a season, with Feb 29 only in leap years", () => {
    expect(seasonDay(2027, "02-29")).toBe("2027-02-28");
    expect(seasonDay(2028, "02-29")).toBe("2028-02-29");
    expect(isMonthDay("02-29")).toBe(true);
    expect(isMonthDay("02-30")).toBe(false);
    expect(isMonthDay("04-31")).toBe(false);
    expect(isMonthDay("13-01")).toBe(false);
  });

  it("is due while its window is open, waiting before it and missed after it", () => {
    const rounds = [round(1, "02-15", "03-31")];
    expect(roundStandings(2027, rounds, "2027-02-14")[0]!.state).toBe("waiting");
    expect(roundStandings(2027, rounds, "2027-02-15")[0]!.state).toBe("due");
    expect(roundStandings(2027, rounds, "2027-03-31")[0]!.state).toBe("due");
    expect(roundStandings(2027, rounds, "2027-04-01")[0]!.state).toBe("missed");
  });

  it("counts the gap from the last round done, passing over skipped and missed rounds", () => {
    const rounds = [
      round(1, "02-15", "03-31", 0, { visit: { status: "completed", day: "2027-03-20" } }),
      round(2, "03-15", "05-31", 42),
      round(3, "05-01", "06-30", 42, { skipped: true }),
      round(4, "06-01", "07-31", 42),
    ];
    const onMay1 = roundStandings(2027, rounds, "2027-05-01");
    expect(onMay1[1]).toMatchObject({ state: "due", dueFrom: "2027-05-01" });
    expect(roundStandings(2027, rounds, "2027-04-30")[1]).toMatchObject({ state: "waiting", dueFrom: "2027-05-01" });
    expect(onMay1[2]!.state).toBe("skipped");
    // Round 4's gap counts from round 1, the last done: its window governs.
    expect(onMay1[3]).toMatchObject({ state: "waiting", dueFrom: "2027-06-01" });
    expect(nextRound(onMay1)?.position).toBe(2);
    const afterRound2Missed = roundStandings(2027, rounds, "2027-06-01");
    expect(afterRound2Missed[1]!.state).toBe("missed");
    expect(afterRound2Missed[3]!.state).toBe("due");
  });

  it("is missed when the gap carries it past its window, and the season ends with the last round", () => {
    const rounds = [round(1, "03-01", "03-31", 0, { visit: { status: "completed", day: "2027-03-30" } }), round(2, "04-01", "04-15", 30)];
    const standings = roundStandings(2027, rounds, "2027-04-10");
    expect(standings[1]).toMatchObject({ state: "waiting", dueFrom: "2027-04-29" });
    expect(dueWithin(standings[1]!, "2027-04-01", "2027-04-30")).toBe(false);
    // Nor is it the next round: its window would close before it could be done.
    expect(nextRound(standings)).toBeNull();
    expect(roundStandings(2027, rounds, "2027-04-16")[1]!.state).toBe("missed");
    expect(nextRound(roundStandings(2027, rounds, "2027-04-16"))).toBeNull();
  });

  it("is scheduled while its visit stands and due again when the visit is cancelled", () => {
    const scheduled = [round(1, "02-15", "03-31", 0, { visit: { status: "confirmed", day: "2027-03-02" } })];
    expect(roundStandings(2027, scheduled, "2027-03-01")[0]!.state).toBe("scheduled");
    const cancelled = [round(1, "02-15", "03-31", 0, { visit: { status: "cancelled", day: "2027-03-02" } })];
    expect(roundStandings(2027, cancelled, "2027-03-01")[0]!.state).toBe("due");
    expect(roundStandings(2027, cancelled, "2027-03-01", true)[0]!.state).toBe("cancelled");
  });

  it("lists a round for a range its due days meet", () => {
    const [standing] = roundStandings(2027, [round(1, "03-01", "03-31")], "2027-02-01");
    expect(dueWithin(standing!, "2027-02-01", "2027-02-28")).toBe(false);
    expect(dueWithin(standing!, "2027-02-20", "2027-03-01")).toBe(true);
    expect(dueWithin(standing!, "2027-03-31", "2027-04-30")).toBe(true);
  });
});
