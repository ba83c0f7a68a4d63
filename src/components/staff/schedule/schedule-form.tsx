"use client";

import { TRPCClientError } from "@trpc/client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "@/components/error-text";
import { CustomerPicker } from "@/components/staff/customers/customer-picker";
import { toast } from "@/components/toast/toast-store";
import { CheckboxField, SelectField, TextAreaField, TextField, WholeNumberField } from "@/components/ui/field";
import { useZodForm } from "@/components/ui/use-zod-form";
import { addDays, businessInstant, formatBusinessDate, isDateString, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { capitalize } from "@/lib/capitalize";
import { formatCents } from "@/lib/money";
import { bookingPrice } from "@/lib/pricing";
import { idField } from "@/lib/validation/fields";
import { newScheduleForm, SCHEDULE_MESSAGES, ZScheduleFormSchema, type TScheduleFormInput } from "@/lib/validation/schedule";
import { api, type RouterOutputs } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { RECURRING_FREQUENCIES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";
import { firstListedDay, SERIES_HORIZON_DAYS, startsBeyondSeriesHorizon } from "@/lib/recurrence";
import { ActionRow } from "@/components/ui/action-row";
import { StaffRecordForm } from "@/components/staff/staff-record-form";

const lawnSizeField = z
  .union([
    z.literal(""),
    z.coerce
      .number({ error: SCHEDULE_MESSAGES.lawnSize })
      .int(SCHEDULE_MESSAGES.lawnSize)
      .min(100, "Lawn size must be at least 100 sq ft")
      .max(1_000_000, SCHEDULE_MESSAGES.lawnSize),
  ])
  .optional();

// Staff pick the service so the visit has a price (totalPrice is required).
const ZStaffScheduleFormSchema = ZScheduleFormSchema.safeExtend({
  serviceId: idField(SCHEDULE_MESSAGES.service),
  lawnSizeSqFt: lawnSizeField,
});
// A plan made without a service (a quote's custom work) may stay without one when edited.
const ZServicelessScheduleFormSchema = ZScheduleFormSchema.safeExtend({ lawnSizeSqFt: lawnSizeField });
type FormInput = z.input<typeof ZStaffScheduleFormSchema>;
type FormOutput = z.output<typeof ZServicelessScheduleFormSchema>;

// Dates before 1900 cannot be picked.
const EARLIEST_DATE = "1900-01-01";

type Schedule = RouterOutputs["schedules"]["get"];

function defaultsFor(today: DateString, customerId?: number): FormInput {
  // The staff form asks for a service (its type has serviceId required).
  return { ...newScheduleForm(today, customerId), serviceId: "", lawnSizeSqFt: "" };
}

export function valuesFromSchedule(
  schedule: Schedule,
  formatDate: (instant: Date) => string,
  formatTime: (instant: Date) => string,
): FormInput {
  return {
    customerId: String(schedule.customerId),
    serviceId: schedule.serviceId ? String(schedule.serviceId) : "",
    crewId: schedule.crewId ? String(schedule.crewId) : "",
    date: formatDate(schedule.startTime),
    startTime: formatTime(schedule.startTime),
    endTime: formatTime(schedule.endTime),
    status: schedule.status,
    notes: schedule.notes ?? "",
    isRecurring: schedule.isRecurring,
    recurringFrequency: schedule.recurringFrequency ?? "weekly",
    recurringEndDate: schedule.recurringEndDate ? formatDate(schedule.recurringEndDate) : "",
    lawnSizeSqFt: schedule.lawnSizeSqFt ? String(schedule.lawnSizeSqFt) : "",
  } satisfies TScheduleFormInput & { lawnSizeSqFt: string };
}

/** The staff's schedule form: create or edit one schedule (a whole series when recurring). */
export function ScheduleForm({
  today,
  scheduleId,
  initialValues,
  agreedPrice,
  preselectedCustomerId,
}: {
  today: DateString;
  scheduleId?: number;
  initialValues?: FormInput;
  /** An edited plan's price per visit: it stays while the service, lawn size and repeat do (the server keeps it). */
  agreedPrice?: number;
  preselectedCustomerId?: number;
}) {
  const router = useRouter();
  const utils = api.useUtils();
  const services = api.services.list.useQuery({});
  const crews = api.crews.list.useQuery({});
  const editing = scheduleId !== undefined;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useZodForm(
    editing && initialValues?.serviceId === "" ? ZServicelessScheduleFormSchema : ZStaffScheduleFormSchema,
    initialValues ?? defaultsFor(today, preselectedCustomerId),
  );
  const servicelessPlan = editing && initialValues?.serviceId === "";
  const [serviceId, isRecurring, date, lawnSize] = useWatch({ control, name: ["serviceId", "isRecurring", "date", "lawnSizeSqFt"] });
  const service = services.data?.find((entry) => String(entry.id) === String(serviceId));
  const lawnSizeNumber = Number(lawnSize) || null;
  const price = service ? bookingPrice(service, { lawnSizeSqFt: lawnSizeNumber, isRecurring: Boolean(isRecurring) }) : null;
  const keepsAgreedPrice =
    agreedPrice !== undefined &&
    String(serviceId ?? "") === String(initialValues?.serviceId ?? "") &&
    String(lawnSize ?? "") === String(initialValues?.lawnSizeSqFt ?? "") &&
    Boolean(isRecurring) === Boolean(initialValues?.isRecurring);

  const create = api.schedules.create.useMutation();
  const update = api.schedules.update.useMutation();
  // A series whose later visits land where every crew is busy: the server lists them, and staff may
  // save again asking it to move them to the nearest free times.
  const [clashes, setClashes] = useState<string[]>([]);
  const [moveClashingVisits, setMoveClashingVisits] = useState(false);

  const onSubmit = async (form: FormOutput) => {
    const payload = {
      customerId: form.customerId,
      serviceId: form.serviceId,
      crewId: form.crewId,
      date: businessInstant(form.date, "00:00").toISOString(),
      startTime: businessInstant(form.date, form.startTime).toISOString(),
      endTime: businessInstant(form.date, form.endTime).toISOString(),
      status: form.status,
      notes: form.notes ?? "",
      isRecurring: form.isRecurring,
      lawnSizeSqFt: form.lawnSizeSqFt === "" || form.lawnSizeSqFt === undefined ? null : form.lawnSizeSqFt,
      // Frequency and end date are sent only for a recurring schedule.
      ...(form.isRecurring
        ? {
            recurringFrequency: form.recurringFrequency,
            recurringEndDate: form.recurringEndDate ? businessInstant(form.recurringEndDate, "00:00").toISOString() : null,
          }
        : {}),
      ...(form.isRecurring && moveClashingVisits ? { moveClashingVisits: true } : {}),
    };
    let saved;
    try {
      saved = editing ? await update.mutateAsync({ id: scheduleId, ...payload }) : await create.mutateAsync(payload);
    } catch (error) {
      const listed = seriesClashesOf(error);
      setClashes(listed);
      if (!listed.length)
        toast({
          title: editing ? "Failed to update service" : "Failed to schedule service",
          description: errorMessage(error),
          variant: "destructive",
        });
      return;
    }
    setClashes([]);
    const moved = saved.movedVisits.length
      ? ` ${saved.movedVisits.length} clashing visit${saved.movedVisits.length === 1 ? "" : "s"} moved to the nearest free time.`
      : "";
    const series = seriesChangeText(saved.seriesChange);
    toast({
      title: editing ? "Service updated successfully" : "Service scheduled successfully",
      description: series || moved ? `${series ?? ""}${moved}`.trim() : undefined,
    });
    await Promise.all([utils.schedules.invalidate(), utils.dashboard.invalidate()]);
    router.push(`/schedule?date=${form.date}`);
  };

  return (
    <StaffRecordForm onSubmit={handleSubmit(onSubmit)}>
      {editing && initialValues?.isRecurring ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          This is a recurring series: changes here apply to its visits from today on, except visits moved or given a status of their own,
          which stay as they are. To change one visit, use its Move visit or status on the calendar.
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {/* Thousands of customers: a search narrows the list instead of loading every one. */}
        <Controller
          control={control}
          name="customerId"
          render={({ field, fieldState }) => (
            <CustomerPicker
              id="schedule-customer"
              value={Number(field.value) || null}
              onChange={(customer) => field.onChange(customer ? String(customer.id) : "")}
              error={fieldState.error?.message}
            />
          )}
        />
        <SelectField id="schedule-service" label="Service" error={errors.serviceId?.message} {...register("serviceId")}>
          <option value="">{servicelessPlan ? "No service (custom work)" : "Select a service"}</option>
          {services.data?.map((entry) => (
            <option key={entry.id} value={String(entry.id)}>
              {entry.name}
            </option>
          ))}
        </SelectField>
        {service?.pricePerSqFt ? (
          <WholeNumberField
            label="Lawn size (sq ft)"
            min={100}
            placeholder="1000"
            error={errors.lawnSizeSqFt?.message}
            {...register("lawnSizeSqFt")}
          />
        ) : null}
        <TextField label="Service date" type="date" min={EARLIEST_DATE} error={errors.date?.message} {...register("date")} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start time" type="time" error={errors.startTime?.message} {...register("startTime")} />
          <TextField label="End time" type="time" error={errors.endTime?.message} {...register("endTime")} />
        </div>
        <SelectField id="schedule-status" label="Status" error={errors.status?.message} {...register("status")}>
          {SCHEDULE_STATUSES.map((status) => (
            <option key={status} value={status} className="capitalize">
              {capitalize(status)}
            </option>
          ))}
        </SelectField>
        <SelectField id="schedule-crew" label="Crew" error={errors.crewId?.message} {...register("crewId")}>
          <option value="">{crews.isPending ? "Loading crews..." : "Unassigned"}</option>
          {crews.data?.map((crew) => (
            <option key={crew.id} value={String(crew.id)}>
              {crew.name}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
        <legend className="px-1 text-sm font-medium text-gray-800">Recurrence</legend>
        <CheckboxField label="Recurring service (10% off each visit)" {...register("isRecurring")} />
        {isRecurring ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField id="schedule-frequency" label="Frequency" {...register("recurringFrequency")}>
              {RECURRING_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {capitalize(frequency)}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Recurring end date (optional)"
              type="date"
              min={isDateString(date) ? addDays(date, 1) : EARLIEST_DATE}
              error={errors.recurringEndDate?.message}
              {...register("recurringEndDate")}
            />
          </div>
        ) : null}
        {isRecurring && isDateString(date) && startsBeyondSeriesHorizon(date, today) ? (
          <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            The calendar lists a plan's visits up to {SERIES_HORIZON_DAYS} days ahead. This plan starts later, so its visits appear on the
            calendar from {formatBusinessDate(startOfBusinessDay(firstListedDay(date)), "MMMM d, yyyy")}, each {SERIES_HORIZON_DAYS} days
            before its date.
          </p>
        ) : null}
      </fieldset>

      <TextAreaField label="Notes (optional)" error={errors.notes?.message} {...register("notes")} />

      <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-800" aria-live="polite">
        {keepsAgreedPrice ? (
          <>
            Price per visit: <strong>{formatCents(agreedPrice)}</strong>, as agreed. Changing the service, lawn size or repeat sets the
            service's price.
          </>
        ) : price ? (
          <>
            Price per visit: <strong>{formatCents(price.total)}</strong>
            {price.recurringDiscount > 0
              ? ` (${formatCents(price.servicePrice)} less ${formatCents(price.recurringDiscount)} recurring discount)`
              : null}
          </>
        ) : (
          "Choose a service to see the price."
        )}
      </div>

      {clashes.length ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="series-clashes">
          <p className="font-semibold">
            {clashes.length === 1 ? "A later visit of this series lands" : `${clashes.length} later visits of this series land`} when every
            crew is busy:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {clashes.map((clash) => (
              <li key={clash}>{clash}</li>
            ))}
          </ul>
          <CheckboxField
            className="mt-3 font-medium"
            label={`Move ${clashes.length === 1 ? "it" : "them"} to the nearest free time when saving`}
            checked={moveClashingVisits}
            onChange={(event) => setMoveClashingVisits(event.target.checked)}
          />
        </div>
      ) : null}

      <ActionRow back="/schedule">
        <SubmitButton disabled={isSubmitting}>{isSubmitting ? "Saving..." : editing ? "Update Service" : "Schedule Service"}</SubmitButton>
      </ActionRow>
    </StaffRecordForm>
  );
}

/** The server's list of a series' clashing visits (one issue each under "visits"), or none. */
function seriesClashesOf(error: unknown): string[] {
  if (!(error instanceof TRPCClientError) || error.data?.httpStatus !== 409) return [];
  const issues = (error.data?.issues ?? []) as Array<{ path: string[]; message: string }>;
  return issues.filter((issue) => issue.path[0] === "visits").map((issue) => issue.message);
}

/** What a series save did to its visits, in a sentence for the toast. */
function seriesChangeText(change: { visitsUpdated: number; visitsKept: number } | null | undefined): string | undefined {
  if (!change) return undefined;
  const visits = (count: number) => `${count} visit${count === 1 ? "" : "s"}`;
  const kept = change.visitsKept ? ` ${visits(change.visitsKept)} changed on their own kept as they were.` : "";
  return `${visits(change.visitsUpdated)} from today on follow the new plan.${kept}`;
}
