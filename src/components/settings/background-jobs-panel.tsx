"use client";

import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatBusinessDate } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import { api } from "@/trpc/react";
import { PanelHeading, PanelQuery } from "./panel-parts";

const when = (date: Date | null) => (date ? formatBusinessDate(date, "MMM d, h:mm a") : "—");

const EMAIL_STATUS: Record<string, { label: string; className: string }> = {
  queued: { label: "Sending", className: "bg-gray-100 text-gray-800" },
  sent: { label: "Sent", className: "bg-green-100 text-green-900" },
  outbox: { label: "In outbox (no SMTP)", className: "bg-blue-100 text-blue-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
};

/** Background work that needs a person: jobs that keep failing, and what became of recent emails. */
export function BackgroundJobsPanel() {
  const failing = api.notifications.failingJobs.useQuery({}, { refetchInterval: 15_000 });
  const emails = api.notifications.recentEmails.useQuery({}, { refetchInterval: 15_000 });
  const utils = api.useUtils();
  const retry = api.notifications.retryJob.useMutation({
    onSuccess: async () => {
      toast({ title: "The job will be tried again" });
      await Promise.all([utils.notifications.failingJobs.invalidate(), utils.notifications.recentEmails.invalidate()]);
    },
    onError: (error) => toast({ title: "Could not retry", description: errorMessage(error), variant: "destructive" }),
  });

  return (
    <section aria-labelledby="jobs-heading" className="space-y-4">
      <PanelHeading id="jobs-heading" title="Delivery problems">
        Emails, webhook deliveries and reminders are sent in the background and retried when they fail. Those that keep failing show here,
        and a webhook delivery from its first failure until it succeeds or gives up.
      </PanelHeading>
      <PanelQuery
        query={failing}
        loading="Loading background jobs"
        failed="Background jobs could not be loaded."
        empty={<p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">Nothing is failing.</p>}
      >
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-red-200" aria-label="Failing jobs">
            {items.map((job) => (
              <li key={job.id} className="flex flex-wrap items-start gap-3 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-gray-900">
                    {job.label}
                    {job.target ? <span className="font-normal text-gray-600"> · {job.target}</span> : null}
                  </p>
                  <p className="text-xs text-gray-600">
                    {job.state === "failed" ? `Gave up ${when(job.at)}` : `Trying again ${when(job.at)}`} after {job.attempts} attempt
                    {job.attempts === 1 ? "" : "s"}
                  </p>
                  {job.error ? <p className="mt-1 text-xs break-all text-red-700">{job.error}</p> : null}
                </div>
                {job.state === "failed" ? (
                  <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate({ id: job.id })}>
                    Retry now
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </PanelQuery>

      <h3 className="text-base font-semibold text-gray-900">Recent emails</h3>
      <PanelQuery query={emails} loading="Loading recent emails" failed="Recent emails could not be loaded." empty="No emails yet.">
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Recent emails">
            {items.map((email) => {
              const status = EMAIL_STATUS[email.status] ?? EMAIL_STATUS.queued!;
              return (
                <li key={email.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
                  <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", status.className)}>
                    {status.label}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-gray-900" title={email.subject}>
                    {email.subject}
                  </span>
                  <span className="w-full truncate text-xs text-gray-600 sm:w-auto">
                    {email.to} · {when(email.sentAt ?? email.createdAt)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </PanelQuery>
    </section>
  );
}
