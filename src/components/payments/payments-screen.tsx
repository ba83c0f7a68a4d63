"use client";

import { Banknote, CreditCard } from "lucide-react";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { CustomerPicker } from "@/components/staff/customers/customer-picker";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { CustomerCardsPanel } from "./customer-cards-panel";
import { OwedPanel } from "./owed-panel";
import { PaymentHistory } from "./payment-history";

// The dialogs (their forms, and Stripe for a card) load only when one is opened.
const NewPaymentDialog = dynamic(() => import("./new-payment-dialog").then((module) => module.NewPaymentDialog), { loading: () => null });
const RecordPaymentDialog = dynamic(() => import("./record-payment-dialog").then((module) => module.RecordPaymentDialog), {
  loading: () => null,
});

/** The payments screen: pick a customer, see their history, start a New Payment. */
export function PaymentsScreen() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [dialog, setDialog] = useState<"card" | "cash" | null>(null);
  const customerId = Number(searchParams.get("customerId")) || null;
  const chosen = api.customers.get.useQuery({ id: customerId ?? 0 }, { enabled: customerId !== null });
  const customer = customerId !== null && chosen.data?.id === customerId ? chosen.data : null;

  // Changing the customer closes any dialog, which resets its amount and client secret.
  const selectCustomer = (picked: { id: number } | null) => {
    setDialog(null);
    router.replace(picked ? `${pathname}?customerId=${picked.id}` : pathname, { scroll: false });
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">Payments</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog("cash")} disabled={!customer}>
            <Banknote aria-hidden="true" className="size-4" />
            Record Cash or Check
          </Button>
          <Button onClick={() => setDialog("card")}>
            <CreditCard aria-hidden="true" className="size-4" />
            New Payment
          </Button>
        </div>
      </div>

      <div className="max-w-md">
        <CustomerPicker id="payments-customer" value={customerId} onChange={selectCustomer} />
      </div>

      <section aria-labelledby="history-heading" className="rounded-xl border border-gray-200 bg-white">
        <h2 id="history-heading" className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">
          {customer ? `Payment history: ${customer.fullName}` : "Payment history"}
        </h2>
        {customer ? (
          <PaymentHistory customerId={customer.id} />
        ) : (
          <p className="p-4 text-sm text-gray-600">Choose a customer to see their payments.</p>
        )}
      </section>

      <section aria-labelledby="owed-heading" className="rounded-xl border border-gray-200 bg-white">
        <h2 id="owed-heading" className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">
          Owed
        </h2>
        <OwedPanel />
      </section>

      {customer ? (
        <section aria-labelledby="cards-heading" className="rounded-xl border border-gray-200 bg-white">
          <h2 id="cards-heading" className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">
            Cards and autopay
          </h2>
          <CustomerCardsPanel customerId={customer.id} />
        </section>
      ) : null}

      {dialog === "card" ? (
        <NewPaymentDialog key={customerId ?? "none"} open onClose={() => setDialog(null)} initialCustomerId={customerId} />
      ) : null}
      {dialog === "cash" && customer ? <RecordPaymentDialog open onClose={() => setDialog(null)} customer={customer} /> : null}
    </div>
  );
}
