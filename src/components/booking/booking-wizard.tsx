"use client";

import { CircleAlert } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { DEFAULT_LAWN_SIZE_SQ_FT } from "@/lib/pricing";
import { checkServiceArea } from "@/lib/service-area";
import { isBookableDate, latestBookableDate } from "@/lib/slots";
import type { TBookingForm, TBookingFormInput } from "@/lib/validation/booking";
import { BOOKING_MESSAGES } from "@/lib/validation/booking-messages";
import { useCustomerSessionState } from "@/components/public/customer-session-store";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { restRequest } from "@/lib/rest-client";
import { invalidateAvailability } from "./availability-client";
import { BookingConfirmation } from "./booking-confirmation";
import { bookingResolver, preloadBookingValidation } from "./booking-resolver";
import { BOOKING_FIELDS, BOOKING_STEPS, STEP_FIELDS, stepOfField } from "./booking-steps";
import { ContactStep } from "./contact-step";
import { liveServiceArea, LocationStep } from "./location-step";
import { ReviewStep } from "./review-step";
import { ScheduleStep } from "./schedule-step";
import { ServiceStep } from "./service-step";
import { StepIndicator } from "./step-indicator";
import type { TBookingResponse } from "@/server/booking/schemas";
import type { BookableService, BookingConfirmation as Booking } from "./types";
import { SubmitButton } from "@/components/ui/submit-button";

// The ZIP error when the area check has nothing more precise to say.
export const AREA_FALLBACK_MESSAGE = "Please enter a valid address in our service area";

const STEP_HEADINGS = [
  "Choose a service",
  "Where is the lawn?",
  "Pick a date and time",
  "Your contact details",
  "Review your booking",
] as const;

const LAST_STEP = BOOKING_STEPS.length - 1;

type FormField = keyof TBookingFormInput;

/** The form field a refused booking names: a full slot (409) is the time slot's problem. */
function refusedField(status: number | undefined, issues: Array<{ path: string[] }> | undefined): FormField | null {
  if (status === 409) return "timeSlot";
  const field = issues?.[0]?.path[0];
  return field !== undefined && BOOKING_FIELDS.includes(field as FormField) ? (field as FormField) : null;
}

/**
 * The five-step booking wizard (docs/product-rules.md#booking-and-slots). One form holds every value, so Back
 * and a refused booking never lose what was typed.
 */
export function BookingWizard({
  services,
  initialServiceId,
  initialZip,
}: {
  services: BookableService[];
  initialServiceId: string;
  initialZip: string;
}) {
  const form = useForm<TBookingFormInput, unknown, TBookingForm>({
    resolver: bookingResolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      serviceId: services.some((service) => String(service.id) === initialServiceId) ? initialServiceId : "",
      address: "",
      city: "",
      state: "TX",
      zipCode: initialZip,
      lawnSizeSqFt: DEFAULT_LAWN_SIZE_SQ_FT,
      date: "",
      timeSlot: "",
      isRecurring: false,
      recurringFrequency: "weekly",
      specialInstructions: "",
      fullName: "",
      email: "",
      phone: "",
      textConsent: false,
    },
  });
  const [step, setStep] = useState(0);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [failure, setFailure] = useState<{ message: string; step: number | null } | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const movedByVisitor = useRef(false);
  const session = useCustomerSessionState();
  const [sending, setSending] = useState(false);

  const service = services.find((candidate) => String(candidate.id) === form.watch("serviceId"));
  const address = form.watch("address") ?? "";
  const zipCode = form.watch("zipCode") ?? "";
  const area = liveServiceArea(zipCode, address);
  const signedInCustomer = session.customer;

  // A signed-in customer's contact details are filled in, without overwriting what they typed.
  useEffect(() => {
    if (!signedInCustomer) return;
    const known: Array<[FormField, string | null]> = [
      ["fullName", signedInCustomer.fullName],
      ["email", signedInCustomer.email],
      ["phone", signedInCustomer.phone],
    ];
    for (const [field, value] of known) {
      if (value && !form.getValues(field)) form.setValue(field, value);
    }
  }, [signedInCustomer, form]);

  // Steps validate with trigger() rather than a submit, so re-check a field with an error as it
  // changes (revalidate on change, as after a submit) instead of leaving a stale message until Continue.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name && form.getFieldState(name).error) void form.trigger(name);
      // Unticking "Text me" takes back the phone's "cannot receive texts".
      if (name === "textConsent" && form.getFieldState("phone").error) void form.trigger("phone");
    });
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    if (!movedByVisitor.current) return;
    stepHeading.current?.focus();
    stepHeading.current?.scrollIntoView({ block: "nearest" });
  }, [step]);

  const moveTo = (next: number) => {
    movedByVisitor.current = true;
    setFailure(null);
    setStep(next);
  };

  const isPricedBySize = service?.pricePerSqFt != null;

  async function goNext() {
    const name = BOOKING_STEPS[step]!;
    // A lawn size only matters for per-sq-ft services; a flat one starts from the default again.
    if (name === "Service" && !isPricedBySize) form.setValue("lawnSizeSqFt", DEFAULT_LAWN_SIZE_SQ_FT);
    const fields = STEP_FIELDS[name].filter((field) => field !== "lawnSizeSqFt" || isPricedBySize);
    if (!(await form.trigger(fields, { shouldFocus: true }))) return;

    if (name === "Location" && area?.status !== "serviced") {
      form.setError("zipCode", { message: area?.message ?? AREA_FALLBACK_MESSAGE }, { shouldFocus: true });
      return;
    }
    if (name === "Schedule" && !isBookableDate(form.getValues("date") ?? "")) {
      form.setError("date", { message: BOOKING_MESSAGES.dateNotBookable }, { shouldFocus: true });
      return;
    }
    if (name === "Schedule" && (form.getValues("date") ?? "") > latestBookableDate()) {
      form.setError("date", { message: BOOKING_MESSAGES.dateTooFar }, { shouldFocus: true });
      return;
    }
    moveTo(step + 1);
  }

  // POST /api/bookings directly: the booking page does not load the tRPC client.
  async function submitBooking(values: TBookingForm) {
    setFailure(null);
    setSending(true);
    const result = await restRequest<TBookingResponse>("POST", "/bookings", {
      ...values,
      // The form holds the select's text; the API takes the id as a JSON number.
      serviceId: Number(values.serviceId),
      // The service-area check may have found the ZIP in the address: send that one.
      zipCode: checkServiceArea(values.zipCode, values.address).zip ?? values.zipCode,
      lawnSizeSqFt: isPricedBySize ? values.lawnSizeSqFt : undefined,
      specialInstructions: values.specialInstructions || undefined,
    });
    setSending(false);
    if (result.ok) {
      setBooking(result.data);
      window.scrollTo({ top: 0 });
      invalidateAvailability();
      return;
    }
    const message = result.answered ? result.message || "An unknown error occurred" : "Something went wrong. Please try again later.";
    const field = refusedField(result.status, result.issues);
    if (field) form.setError(field, { message });
    if (field === "timeSlot") invalidateAvailability();
    setFailure({ message, step: field ? stepOfField(field) : null });
    toast({ title: "Booking failed", description: message, variant: "destructive" });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (step < LAST_STEP) {
      // Enter in a field moves on like the Continue button.
      event.preventDefault();
      void goNext();
      return;
    }
    void form.handleSubmit(submitBooking)(event);
  }

  if (booking) {
    return (
      <div className="space-y-4">
        <BookingConfirmation
          booking={booking}
          contact={{ email: form.getValues("email"), fullName: form.getValues("fullName"), phone: form.getValues("phone") }}
          signedIn={Boolean(signedInCustomer)}
        />
        <p className="text-center">
          <a href="/book" className="text-sm font-semibold text-brand-700 underline underline-offset-2">
            Book another visit
          </a>
        </p>
      </div>
    );
  }

  const continueDisabled = (step === 0 && !service) || (step === 1 && !(address.trim() && zipCode.trim() && area?.status === "serviced"));
  const nextStepName = BOOKING_STEPS[step + 1];

  return (
    <FormProvider {...form}>
      <StepIndicator current={step} />
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        // Validation (zod) loads as the visitor starts on the form, not with the page.
        onFocusCapture={() => void preloadBookingValidation()}
        onPointerDownCapture={() => void preloadBookingValidation()}
        className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 ref={stepHeading} tabIndex={-1} className="mb-5 text-xl font-bold text-gray-900 focus:outline-none">
          {STEP_HEADINGS[step]}
        </h2>

        {step === 0 ? <ServiceStep services={services} /> : null}
        {step === 1 ? <LocationStep service={service} /> : null}
        {step === 2 ? <ScheduleStep service={service} /> : null}
        {step === 3 ? <ContactStep signedInAs={signedInCustomer?.email ?? null} /> : null}
        {step === 4 && service ? <ReviewStep service={service} /> : null}

        {step === LAST_STEP && failure ? (
          <div
            role="alert"
            className="mt-5 flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 sm:flex-row sm:items-center"
          >
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            <p className="flex-1 font-medium">{failure.message}</p>
            {failure.step !== null && failure.step !== LAST_STEP ? (
              <Button variant="outline" onClick={() => moveTo(failure.step!)}>
                Change {BOOKING_STEPS[failure.step]}
              </Button>
            ) : null}
          </div>
        ) : null}

        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-gray-100 pt-5 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <Button variant="outline" onClick={() => moveTo(step - 1)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {step < LAST_STEP ? (
            <SubmitButton disabled={continueDisabled}>Continue to {nextStepName}</SubmitButton>
          ) : (
            <SubmitButton variant="accent" size="lg" disabled={sending}>
              {sending ? "Booking..." : "Complete Booking"}
            </SubmitButton>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
