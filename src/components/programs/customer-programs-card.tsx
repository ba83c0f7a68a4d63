"use client";

import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { DetailCard } from "@/components/staff/customers/detail-card";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { CheckboxField, FieldError, SelectField, WholeNumberField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { ZEnrollForm } from "@/lib/validation/programs";
import { api } from "@/trpc/react";
import { EnrollmentRounds, type Enrollment } from "./enrollment-rounds";
import { messagesByField } from "@/lib/validation/messages-by-field";

const CARD = {
  id: "customer-programs-heading",
  title: "Lawn programs",
  loading: "Loading the customer's programs",
  failed: "The customer's programs could not be loaded.",
} as const;

function EnrollForm({ customerId, onDone }: { customerId: number; onDone: () => void }) {
  const utils = api.useUtils();
  const programs = api.programs.list.useQuery({ status: "active" });
  const [draft, setDraft] = useState({ programId: "", season: "", lawnSizeSqFt: "", autoRenew: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enroll = api.programs.enroll.useMutation({
    onSuccess: async (enrollment) => {
      toast({ title: "Customer enrolled", description: `${enrollment.programName}, ${enrollment.season}` });
      await utils.programs.invalidate();
      onDone();
    },
    onError: (failure) => setErrors({ form: errorMessage(failure) }),
  });
  const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));
  return (
    <form
      method="post"
      noValidate
      aria-label="Enroll in a program"
      className="space-y-3 rounded-lg border border-gray-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZEnrollForm.safeParse({
          customerId,
          programId: draft.programId === "" ? Number.NaN : Number(draft.programId),
          season: optionalNumber(draft.season),
          lawnSizeSqFt: optionalNumber(draft.lawnSizeSqFt),
          autoRenew: draft.autoRenew,
        });
        if (!parsed.success) {
          setErrors(messagesByField(parsed.error.issues));
          return;
        }
        setErrors({});
        enroll.mutate(parsed.data);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Program"
          value={draft.programId}
          onChange={(event) => setDraft({ ...draft, programId: event.target.value })}
          error={errors.programId}
        >
          <option value="">Choose a program</option>
          {programs.data?.map((program) => (
            <option key={program.id} value={program.id}>
              {program.name}
            </option>
          ))}
        </SelectField>
        <WholeNumberField
          label="Season (optional)"
          hint="This year's while a round is open"
          min={2000}
          max={2200}
          value={draft.season}
          onChange={(event) => setDraft({ ...draft, season: event.target.value })}
          error={errors.season}
        />
        <WholeNumberField
          label="Lawn size, sq ft (optional)"
          hint="Their latest plan's when empty"
          min={100}
          value={draft.lawnSizeSqFt}
          onChange={(event) => setDraft({ ...draft, lawnSizeSqFt: event.target.value })}
          error={errors.lawnSizeSqFt}
        />
      </div>
      <CheckboxField
        label="Renew for the next season (the customer is told 30 days ahead and can stop it)"
        checked={draft.autoRenew}
        onChange={(event) => setDraft({ ...draft, autoRenew: event.target.checked })}
      />
      <FieldError message={errors.form} />
      <div className="flex gap-2">
        <SubmitButton disabled={enroll.isPending}>Enroll</SubmitButton>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EnrollmentItem({ enrollment }: { enrollment: Enrollment }) {
  const utils = api.useUtils();
  const refresh = () => utils.programs.invalidate();
  const failed = (failure: unknown) => toast({ title: "Not saved", description: errorMessage(failure), variant: "destructive" });
  const skip = api.programs.skipRound.useMutation({ onSuccess: refresh, onError: failed });
  const cancel = api.programs.cancelEnrollment.useMutation({ onSuccess: refresh, onError: failed });
  const active = enrollment.status === "active";
  return (
    <li className="space-y-2 rounded-lg border border-gray-200 p-3" data-testid="enrollment">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-gray-900">
            {enrollment.programName}, {enrollment.season}
          </h3>
          <p className="text-sm text-gray-700">
            {active ? (enrollment.autoRenew ? "Renews for the next season" : "Does not renew") : "Cancelled"}
            {enrollment.lawnSizeSqFt ? ` · ${enrollment.lawnSizeSqFt.toLocaleString("en-US")} sq ft` : ""}
          </p>
        </div>
        {active ? (
          <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: enrollment.id })}>
            Cancel enrollment
          </Button>
        ) : null}
      </div>
      <EnrollmentRounds
        enrollment={enrollment}
        action={(round) =>
          active && (round.state === "due" || round.state === "waiting" || round.state === "skipped") ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={skip.isPending}
              onClick={() => skip.mutate({ id: enrollment.id, position: round.position, skipped: round.state !== "skipped" })}
            >
              {round.state === "skipped" ? "Undo skip" : "Skip"}
            </Button>
          ) : null
        }
      />
    </li>
  );
}

/** A customer's lawn programs on their staff page: each season's rounds and where they stand, and enrolling. */
export function CustomerProgramsCard({ customerId }: { customerId: number }) {
  const enrollments = api.programs.enrollments.useQuery({ customerId });
  const [enrolling, setEnrolling] = useState(false);
  return (
    <DetailCard {...CARD} query={enrollments}>
      {enrollments.data?.length === 0 && !enrolling ? <p className="text-sm text-gray-700">Not enrolled in any program.</p> : null}
      {enrollments.data?.length ? (
        <ul className="space-y-3">
          {enrollments.data.map((enrollment) => (
            <EnrollmentItem key={enrollment.id} enrollment={enrollment} />
          ))}
        </ul>
      ) : null}
      {enrolling ? (
        <EnrollForm customerId={customerId} onDone={() => setEnrolling(false)} />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setEnrolling(true)}>
          Enroll in a program
        </Button>
      )}
    </DetailCard>
  );
}
