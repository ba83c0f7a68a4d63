import { Download } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatCell, type Cell, type ReportTable } from "./report-view";

const NUMERIC = new Set(["money", "count", "decimal", "percent"]);

/** One of a report's tables, with its CSV. Figures line up right in tabular digits. */
export function ReportTableCard({ table, csvHref }: { table: ReportTable; csvHref: string }) {
  const captionId = `report-table-${table.id}`;
  const cell = (value: Cell, index: number) => {
    const kind = table.columns[index]!.kind;
    const typed = value !== null && typeof value === "object" ? value.kind : kind;
    const numeric = NUMERIC.has(typed);
    // An empty figure reads as a dash on the page (the CSV leaves the field empty).
    return {
      text: value === null || (typeof value === "object" && value.value === null) ? (numeric ? "—" : "") : formatCell(value, kind),
      numeric,
    };
  };
  return (
    <section aria-labelledby={captionId} className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 md:px-5">
        <h2 id={captionId} className="text-lg font-semibold text-gray-900">
          {table.caption}
        </h2>
        <a
          href={csvHref}
          download
          aria-label={`Download CSV: ${table.caption}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      {table.rows.length === 0 ? (
        <p className="px-4 py-4 text-sm text-gray-600 md:px-5">Nothing in this period.</p>
      ) : (
        // A table wider than a phone scrolls sideways, and a keyboard must be able to reach it.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={captionId}>
          <table className="w-full text-sm" data-report-table={table.id}>
            <thead>
              <tr className="border-b border-gray-200 bg-gray-50">
                {table.columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={cn(
                      "px-4 py-2 font-semibold whitespace-nowrap text-gray-700",
                      NUMERIC.has(column.kind) ? "text-right" : "text-left",
                    )}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                // Rows have no id of their own; their order is the report's and never changes in place.
                <tr key={rowIndex} className="border-b border-gray-100 last:border-0">
                  {row.map((value, index) => {
                    const { text, numeric } = cell(value, index);
                    const className = cn("px-4 py-2 whitespace-nowrap", numeric ? "text-right tabular-nums" : "text-left");
                    return index === 0 ? (
                      <th key={table.columns[index]!.label} scope="row" className={cn(className, "font-medium text-gray-900")}>
                        {text}
                      </th>
                    ) : (
                      <td key={table.columns[index]!.label} className={cn(className, "text-gray-800")}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            {table.total ? (
              <tfoot>
                <tr className="border-t-2 border-gray-300 font-semibold" data-report-total="">
                  {table.total.map((value, index) => {
                    const { text, numeric } = cell(value, index);
                    const className = cn("px-4 py-2 whitespace-nowrap text-gray-900", numeric ? "text-right tabular-nums" : "text-left");
                    return index === 0 ? (
                      <th key={table.columns[index]!.label} scope="row" className={className}>
                        {text}
                      </th>
                    ) : (
                      <td key={table.columns[index]!.label} className={className}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
      {table.note ? <p className="border-t border-gray-100 px-4 py-3 text-sm text-gray-600 md:px-5">{table.note}</p> : null}
    </section>
  );
}
