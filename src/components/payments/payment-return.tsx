"use client";

import { CircleCheck, CircleX, Clock } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/toast/toast-store";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";

/**
 * Where Stripe sends the browser back after a payment that needed a redirect (its return
 * URL). Stripe adds payment_intent and payment_intent_client_secret; the server checks them with
 * Stripe and records the outcome. Staff and portal customers both land here.
 */
export function PaymentReturn() {
  const params = useSearchParams();
  const paymentIntent = params.get("payment_intent");
  const clientSecret = params.get("payment_intent_client_secret");
  const outcome = api.payments.returnStatus.useMutation();
  const staff = api.auth.status.useQuery({});
  const customer = api.customerAuth.status.useQuery({});
  const asked = useRef(false);
  const { mutate } = outcome;

  useEffect(() => {
    if (asked.current || !paymentIntent || !clientSecret) return;
    asked.current = true;
    mutate(
      { paymentIntent, clientSecret },
      {
        onSuccess: (result) =>
          result.status === "completed" &&
          toast({ title: "Payment successful", description: `${formatCents(result.amount)} received. Thank you!` }),
      },
    );
  }, [paymentIntent, clientSecret, mutate]);

  const back = staff.data?.authenticated
    ? { href: "/payments", label: "Back to Payments" }
    : customer.data?.authenticated
      ? { href: "/customer/account", label: "Back to My Account" }
      : { href: "/", label: "Back to the home page" };

  let body;
  if (!paymentIntent || !clientSecret) {
    body = (
      <Result
        icon={<CircleX className="size-12 text-gray-500" />}
        title="No payment to show"
        text="This page shows the outcome of a card payment after the payment provider sends you back."
      />
    );
  } else if (outcome.isPending || outcome.isIdle) {
    body = <Spinner label="Checking your payment" />;
  } else if (outcome.isError) {
    body = (
      <Result icon={<CircleX className="size-12 text-red-700" />} title="We could not check this payment" text={outcome.error.message} />
    );
  } else if (outcome.data.status === "completed") {
    body = (
      <Result
        icon={<CircleCheck className="size-12 text-green-700" />}
        title="Payment successful"
        text={`${formatCents(outcome.data.amount)} received. Thank you for your payment!`}
      />
    );
  } else if (outcome.data.status === "failed") {
    body = (
      <Result
        icon={<CircleX className="size-12 text-red-700" />}
        title="Payment failed"
        text={outcome.data.message ?? "The card payment did not go through. Please try another card."}
      />
    );
  } else {
    body = (
      <Result
        icon={<Clock className="size-12 text-amber-700" />}
        title="Payment processing"
        text="The payment provider is still confirming this payment. It will show as completed once they do."
      />
    );
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-6 px-4 py-12 text-center">
      {body}
      <ButtonLink href={back.href} variant="primary">
        {back.label}
      </ButtonLink>
    </main>
  );
}

function Result({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3" role="status">
      <span aria-hidden="true">{icon}</span>
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="text-gray-700">{text}</p>
    </div>
  );
}
