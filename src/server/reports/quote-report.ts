import { sql } from "drizzle-orm";
import { yearBefore, type ReportPeriod } from "@/lib/reports";
import type { Db } from "@/server/db";
import { runReportStatement } from "./report-statement";
import { austinDay, periodInstants, reportMonths } from "./report-sql";
import type { QuoteFigures, QuoteReport } from "./schemas";

/** Quotes sent, accepted and declined, and what was won. */
export async function quoteReport(db: Db, period: ReportPeriod): Promise<QuoteReport> {
  const [current, before] = await Promise.all([quoteFigures(db, period), quoteFigures(db, yearBefore(period))]);
  return { current, yearBefore: before };
}

/**
 * Each quote counts on the Austin day each thing happened: sent at its first sending (sending again,
 * or after a revision, moves `sent_at` but not `first_sent_at`); accepted when the acceptance became
 * final (a deposit paid, if one was asked), worth its live acceptance's total; declined when the
 * customer said no (a revision clears that answer, so a declined quote revised and sent again is
 * counted by its new answer only).
 */
async function quoteFigures(db: Db, period: ReportPeriod): Promise<QuoteFigures> {
  const { from, to } = periodInstants(period);
  const within = (column: string) => sql`${sql.raw(column)} >= ${from}::timestamptz and ${sql.raw(column)} < ${to}::timestamptz`;
  const result = await runReportStatement<{ month: string; sent: unknown; accepted: unknown; declined: unknown; acceptedValue: unknown }>(
    db,
    sql`
    with happenings as (
      select first_sent_at as at, 1 as sent, 0 as accepted, 0 as declined, 0 as value
      from quotes where ${within("first_sent_at")}
      union all
      select q.accepted_at, 0, 1, 0, coalesce(a.total, 0)
      from quotes q
      left join quote_acceptances a on a.quote_id = q.id and a.status <> 'void'
      where ${within("q.accepted_at")}
      union all
      select declined_at, 0, 0, 1, 0
      from quotes where ${within("declined_at")}
    )
    select to_char(${austinDay(sql`at`)}, 'YYYY-MM') as month,
      sum(sent) as sent, sum(accepted) as accepted, sum(declined) as declined, sum(value) as "acceptedValue"
    from happenings
    group by 1`,
  );
  const byMonth = new Map(result.map((row) => [row.month, row]));
  const months = reportMonths(period).map(({ month }) => {
    const row = byMonth.get(month);
    return {
      month,
      sent: Number(row?.sent ?? 0),
      accepted: Number(row?.accepted ?? 0),
      declined: Number(row?.declined ?? 0),
      acceptedValue: Number(row?.acceptedValue ?? 0),
    };
  });
  const sum = (key: "sent" | "accepted" | "declined" | "acceptedValue") => months.reduce((total, month) => total + month[key], 0);
  const [accepted, declined] = [sum("accepted"), sum("declined")];
  return {
    period: { from: period.from, to: period.to },
    months,
    totals: {
      sent: sum("sent"),
      accepted,
      declined,
      acceptedValue: sum("acceptedValue"),
      // Accepted out of answered, to four decimals; no answers, no rate.
      winRate: accepted + declined ? Math.round((accepted * 10_000) / (accepted + declined)) / 10_000 : null,
    },
  };
}
