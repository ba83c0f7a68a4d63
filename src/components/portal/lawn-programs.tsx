"use client";

import { errorMessage } from "@/components/error-text";
import { EnrollmentRounds, dayLabel } from "@/components/programs/enrollment-rounds";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";

/**
 * The customer's lawn programs in My Account: each season's rounds (done, planned, skipped), the next
 * round's window, skipping it, and keeping or stopping the renewal (docs/product-rules.md#lawn-programs).
 * Shown only to a customer enrolled in one.
 */
export function LawnPrograms() {
  const utils = api.useUtils();
  const enrollments = api.customerPrograms.list.useQuery(undefined);
  const failed = (failure: unknown) => toast({ title: "Not changed", description: errorMessage(failure), variant: "destructive" });
  const skip = api.customerPrograms.skipRound.useMutation({
    onSuccess: async (enrollment) => {
      toast({ title: "Round skipped", description: enrollment.nextRound ? `Next: round ${enrollment.nextRound.position}` : undefined });
      await utils.customerPrograms.invalidate();
    },
    onError: failed,
  });
  const renewal = api.customerPrograms.setRenewal.useMutation({
    onSuccess: async (enrollment) => {
      toast({ title: enrollment.autoRenew ? "Your program will renew" : "Renewal stopped" });
      await utils.customerPrograms.invalidate();
    },
    onError: failed,
  });
  const active = (enrollments.data ?? []).filter((enrollment) => enrollment.status === "active");
  if (active.length === 0) return null;
  return (
    <section aria-labelledby="programs-heading" className="space-y-3">
      <h2 id="programs-heading" className="text-xl font-semibold text-gray-900">
        Your Lawn Program
      </h2>
      {active.map((enrollment) => (
        <article
          key={enrollment.id}
          className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
          data-testid="lawn-program"
        >
          <div>
            <h3 className="font-semibold text-gray-900">
              {enrollment.programName}, {enrollment.season}
            </h3>
            <p className="text-sm text-gray-700">
              {enrollment.rounds.filter((round) => round.state === "done").length} of {enrollment.rounds.length} rounds done.{" "}
              {enrollment.nextRound
                ? `Next: round ${enrollment.nextRound.position}, between ${dayLabel(enrollment.nextRound.dueFrom)} and ${dayLabel(enrollment.nextRound.closesOn)}. We schedule it and let you know.`
                : "No round is left this season."}
            </p>
          </div>
          <EnrollmentRounds enrollment={enrollment} />
          <div className="flex flex-wrap gap-2">
            {enrollment.nextRound ? (
              <Button variant="outline" size="sm" disabled={skip.isPending} onClick={() => skip.mutate({ id: enrollment.id })}>
                Skip round {enrollment.nextRound.position}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              disabled={renewal.isPending}
              onClick={() => renewal.mutate({ id: enrollment.id, autoRenew: !enrollment.autoRenew })}
            >
              {enrollment.autoRenew ? "Stop renewal" : `Renew for ${enrollment.season + 1}`}
            </Button>
          </div>
          <p className="text-xs text-gray-600">
            {enrollment.autoRenew
              ? `Renews for ${enrollment.season + 1}: we email you 30 days before, and you can stop it here.`
              : "Does not renew for next season."}
          </p>
        </article>
      ))}
    </section>
  );
}
