"use client";

import { MailQuestionMark } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/toast/toast-store";
import { errorMessage } from "@/components/error-text";
import { formatBusinessDate } from "@/lib/business-time";
import { api, type RouterOutputs } from "@/trpc/react";

type Appointment = RouterOutputs["portal"]["appointments"]["awaitingConfirmation"][number];

/**
 * Website bookings made under the account's email without signing in. Anyone can type an email,
 * so they join the account (shown, changeable, payable, charged by autopay) only when the owner
 * says they are theirs (docs/product-rules.md#who-owns-a-visit).
 */
export function AwaitingConfirmation({ appointments }: { appointments: Appointment[] }) {
  if (appointments.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id="awaiting-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <MailQuestionMark aria-hidden="true" className="size-5 text-amber-700" />
        Booked under your email
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        These were booked on our website with your email address by someone who was not signed in. If one is yours, add it to your account.
        Until then it is not shown with your visits and your card is never charged for it.
      </p>
      <ul className="mt-4 space-y-3">
        {appointments.map((appointment) => (
          <AwaitingCard key={appointment.visitId} appointment={appointment} />
        ))}
      </ul>
    </section>
  );
}

function AwaitingCard({ appointment }: { appointment: Appointment }) {
  const utils = api.useUtils();
  const confirm = api.portal.confirmAppointment.useMutation({
    onSuccess: async () => {
      toast({ title: "Added to your account", description: "The visit is now with your appointments." });
      await utils.portal.appointments.invalidate();
    },
    onError: (error) => {
      toast({
        title: "Could not add it",
        description: errorMessage(error, { answer: "An unknown error occurred", exception: "An unknown error occurred" }),
        variant: "destructive",
      });
    },
  });
  const place = [appointment.address, appointment.city].filter(Boolean).join(", ");
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-white p-4"
      data-testid="awaiting-card"
    >
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">{appointment.serviceName ?? "Lawn care visit"}</p>
        <p className="text-sm text-gray-700">
          {formatBusinessDate(appointment.startTime, "EEEE, MMMM d, yyyy 'at' h:mm a")}
          {appointment.bookingReference ? ` · ${appointment.bookingReference}` : ""}
        </p>
        {place ? <p className="text-sm text-gray-700">{place}</p> : null}
      </div>
      <Button onClick={() => confirm.mutate({ id: appointment.visitId })} disabled={confirm.isPending}>
        {confirm.isPending ? "Adding..." : "This is mine"}
      </Button>
    </li>
  );
}
