import { TRPCError } from "@trpc/server";
import { reportView, tableCsvRows } from "@/components/reports/report-view";
import { csvOfRows } from "@/lib/csv";
import { readReportAddress } from "@/lib/reports";
import { loadReport } from "../load-report";

const TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

/**
 * One report table as CSV, for the page's Download CSV links: the same procedure and rows as the
 * table on the page, as the signed-in staff member. It is a page-side route, not /api, because it
 * answers text/csv to a browser's download, not JSON.
 */
export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { report, period, by, problem } = readReportAddress(params);
  if (problem) return new Response(`${problem}.\n`, { status: 400, headers: TEXT });
  let view: ReturnType<typeof reportView>;
  try {
    view = reportView(await loadReport(report, period, by));
  } catch (error) {
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return Response.redirect(new URL("/login", request.url), 303);
    if (error instanceof TRPCError && error.code === "FORBIDDEN") {
      return new Response("Reports are for the owner and the office.\n", { status: 403, headers: TEXT });
    }
    throw error;
  }
  const table = view.tables.find((each) => each.id === (params.table ?? view.tables[0]!.id));
  if (!table) return new Response("This report has no such table.\n", { status: 404, headers: TEXT });
  const name =
    report === "owed"
      ? `owed-${table.id}-${period.to}`
      : `${report}-${table.id}-${period.from}-to-${period.to}${report === "revenue" ? `-by-${by}` : ""}`;
  return new Response(csvOfRows(tableCsvRows(table)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}.csv"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
