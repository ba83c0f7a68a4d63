"use client";

import { deliveryLine, TEXT_STATUS_LOOKS } from "@/components/messages/text-status";
import { formatBusinessDate } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import { TEXT_NOTICE_LABELS, type TextKind } from "@/lib/texts";
import { api } from "@/trpc/react";
import { PanelHeading, PanelQuery } from "./panel-parts";

const when = (date: Date) => formatBusinessDate(date, "MMM d, h:mm a");

/** A text's kind in a few words: the notice's name, a conversation answer, or the answer to a keyword. */
function kindLabel(kind: TextKind): string {
  if (kind === "conversation") return "Message";
  if (kind === "keywordReply") return "Answer to STOP, START or HELP";
  return TEXT_NOTICE_LABELS[kind].split(" (")[0]!;
}

/** The latest 30 texts and what became of them, with the reason for those that did not go. */
export function RecentTextsPanel() {
  const texts = api.texts.recent.useQuery({}, { refetchInterval: 15_000 });
  return (
    <section aria-labelledby="recent-texts-heading" className="space-y-3">
      <PanelHeading id="recent-texts-heading" title="Recent texts">
        The latest 30 texts. Numbers show their last four digits.
      </PanelHeading>
      <PanelQuery query={texts} loading="Loading recent texts" failed="Recent texts could not be loaded." empty="No texts yet.">
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Recent texts">
            {items.map((text) => {
              const status = TEXT_STATUS_LOOKS[text.status];
              const problem = deliveryLine({ status: text.status, errorCode: text.errorCode, error: text.reason });
              return (
                <li key={text.id} className="space-y-1 px-4 py-2 text-sm" data-testid="recent-text">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", status.className)}>
                      {status.label}
                    </span>
                    <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{kindLabel(text.kind)}</span>
                    <span className="w-full text-xs text-gray-600 tabular-nums sm:w-auto">
                      {text.to} · {when(text.sentAt ?? text.createdAt)}
                    </span>
                  </div>
                  <p className="truncate text-gray-700" title={text.body}>
                    {text.customerName ? <span className="text-gray-900">{text.customerName}: </span> : null}
                    {text.body}
                  </p>
                  {problem.reason ? (
                    <p className={cn("text-xs", text.status === "skipped" ? "text-amber-900" : "text-red-700")}>{problem.reason}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </PanelQuery>
    </section>
  );
}
