"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { businessToday } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { csvOfRecords } from "@/lib/csv";

const TABLES = ["customers", "schedules", "visits", "messages", "payments"] as const;
type Table = (typeof TABLES)[number];

function download(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Settings, Advanced: Export Data downloads the business's records. */
export function ExportData() {
  const utils = api.useUtils();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: "json" | Table) => {
    setBusy(what);
    try {
      // Always fresh: an export must hold what is in the database now.
      const data = await utils.settings.export.fetch({}, { staleTime: 0 });
      const stamp = businessToday();
      if (what === "json") {
        download(`greenscape-export-${stamp}.json`, JSON.stringify(data, null, 2), "application/json");
      } else {
        download(`greenscape-${what}-${stamp}.csv`, csvOfRecords(data[what]), "text/csv;charset=utf-8");
      }
    } catch (error) {
      toast({ title: "Export failed", description: errorMessage(error), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="export-heading" className="space-y-3">
      <h2 id="export-heading" className="text-lg font-semibold text-gray-900">
        Export Data
      </h2>
      <p className="text-sm text-gray-700">
        Download your customers, schedules, visits, messages and payments. Passwords are never included.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => run("json")} disabled={busy !== null}>
          <Download aria-hidden="true" className="size-4" />
          Export Data (JSON)
        </Button>
        {TABLES.map((table) => (
          <Button key={table} variant="outline" onClick={() => run(table)} disabled={busy !== null}>
            <span className="capitalize">{table}</span> CSV
          </Button>
        ))}
      </div>
    </section>
  );
}
