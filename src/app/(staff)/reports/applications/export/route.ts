import { TRPCError } from "@trpc/server";
import { readApplicationsAddress } from "@/lib/applications-report";
import { applicationsCsv } from "@/server/applications-report/csv";
import type { ApplicationsReport } from "@/server/applications-report/schemas";
import { serverApi } from "@/trpc/server";

const TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

/**
 * The applications report as CSV, one line per product applied with every 4 TAC §7.144 field, for
 * the page's Download CSV: the same procedure and records as the page, as the signed-in staff member.
 */
export async function GET(request: Request) {
  const { input, problem } = readApplicationsAddress(Object.fromEntries(new URL(request.url).searchParams));
  if (problem) return new Response(`${problem}.\n`, { status: 400, headers: TEXT });
  let report: ApplicationsReport;
  try {
    report = await (await serverApi()).applicationsReport.get(input);
  } catch (error) {
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return Response.redirect(new URL("/login", request.url), 303);
    if (error instanceof TRPCError && error.code === "FORBIDDEN") {
      return new Response("Reports are for the owner and the office.\n", { status: 403, headers: TEXT });
    }
    throw error;
  }
  return new Response(applicationsCsv(report.records), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="application-records-${input.from}-to-${input.to}.csv"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
