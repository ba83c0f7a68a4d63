import { describe, expect, it } from "vitest";
import type { OwedReport, RevenueFigures } from "@/server/reports/schemas";
import { formatCell, reportView, tableCsvRows } from "./report-view";

const figures = (from: string, to: string, nets: number[]): RevenueFigures => ({
  period: { from, to },
  buckets: nets.map((net, index) => ({ start: `${from.slice(0, 8)}0${index + 1}`, card: net, cash: 0, check: 0, refunds: 0, net })),
  totals: {
    card: nets.reduce((a, b) => a + b, 0),
    cash: 0,
    check: 0,
    refunds: 0,
    net: nets.reduce((a, b) => a + b, 0),
    payments: nets.length,
  },
  byService: [{ id: 1, name: "Lawn Mowing", net: nets.reduce((a, b) => a + b, 0) }],
  byCrew: [],
});

describe("report tables", () => {
  it("puts the year before beside each bucket and the change in the summary", () => {
    const view = reportView({
      kind: "revenue",
      data: {
        by: "day",
        current: figures("2026-03-01", "2026-03-02", [10_000, 5_050]),
        yearBefore: figures("2025-03-01", "2025-03-02", [5_000, 0]),
      },
    });
    const [summary, buckets, services, crews] = view.tables;
    expect(summary!.rows[0]).toEqual([
      "Net revenue",
      { kind: "money", value: 15_050 },
      { kind: "money", value: 5_000 },
      { kind: "percent", value: 2.01 },
    ]);
    expect(buckets!.rows).toEqual([
      ["2026-03-01", 10_000, 0, 0, 0, 10_000, 5_000],
      ["2026-03-02", 5_050, 0, 0, 0, 5_050, 0],
    ]);
    expect(services!.rows).toEqual([["Lawn Mowing", 15_050, 5_000]]);
    expect(crews!.rows).toEqual([]);
    expect(view.chart.series.map((series) => series.values)).toEqual([
      [10_000, 5_050],
      [5_000, 0],
    ]);
  });

  it("writes a table's CSV in dollars with the units in the headings, ending with its total", () => {
    const view = reportView({
      kind: "revenue",
      data: {
        by: "day",
        current: figures("2026-03-01", "2026-03-02", [10_000, 5_050]),
        yearBefore: figures("2025-03-01", "2025-03-02", [0, 0]),
      },
    });
    expect(tableCsvRows(view.tables[1]!)).toEqual([
      ["Day", "Card ($)", "Cash ($)", "Check ($)", "Refunds ($)", "Net ($)", "Net a year before ($)"],
      ["2026-03-01", 100, 0, 0, 0, 100, 0],
      ["2026-03-02", 50.5, 0, 0, 0, 50.5, 0],
      ["Total", 150.5, 0, 0, 0, 150.5, 0],
    ]);
    // No change is claimed against a year with nothing in it.
    expect(view.tables[0]!.rows[0]![3]).toEqual({ kind: "percent", value: null });
  });

  it("reads days, weeks, months, money and rates as people write them", () => {
    expect(formatCell("2026-03-02", "day")).toBe("Mar 2, 2026");
    expect(formatCell("2026-03", "month")).toBe("March 2026");
    expect(formatCell("Total", "day")).toBe("Total");
    expect(formatCell(123_456, "money")).toBe("$1,234.56");
    expect(formatCell({ kind: "percent", value: 0.625 }, "count")).toBe("62.5%");
    expect(formatCell(null, "money")).toBe("");
  });

  it("lists who owes under their age and says when a list stops at its limit", () => {
    const bucket = (name: "0-30" | "31-60" | "61-90" | "over-90", amount: number, customerCount: number) => ({
      bucket: name,
      amount,
      visits: customerCount,
      customerCount,
      customers: amount ? [{ customerId: 1, name: "Pat Lee", amount, visits: 1, oldestVisitDay: "2026-01-05" }] : [],
    });
    const owed = (asOf: string): OwedReport["current"] => ({
      asOf,
      buckets: [bucket("0-30", 0, 0), bucket("31-60", 4_000, 1), bucket("61-90", 0, 0), bucket("over-90", 2_500, 120)],
      total: { amount: 6_500, visits: 121 },
    });
    const view = reportView({ kind: "owed", data: { current: owed("2026-03-31"), yearBefore: owed("2025-03-31") } });
    expect(view.tables[0]!.caption).toBe("Owed at the end of Mar 31, 2026, by age");
    expect(view.tables[1]!.rows).toEqual([
      ["31-60 days", "Pat Lee", 1, 4_000, "2026-01-05"],
      ["Over 90 days", "Pat Lee", 1, 2_500, "2026-01-05"],
    ]);
    expect(view.tables[1]!.note).toBe("Only the largest debts are listed: Over 90 days, 1 of 120 customers.");
  });
});
