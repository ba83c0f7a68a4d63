import { requireStaffPage } from "@/server/app/sign-in-gates";
import type { Metadata } from "next";
import { owedPanelInput } from "@/components/payments/owed-input";
import { PaymentsScreen } from "@/components/payments/payments-screen";
import { customerPickerInput } from "@/components/staff/customers/customer-list-input";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Payments" };

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaffPage("/payments");
  const customerId = Number((await searchParams).customerId) || null;
  await Promise.all([
    prefetchApi.customers.search.prefetch(customerPickerInput()),
    prefetchApi.cards.owed.prefetch(owedPanelInput),
    ...(customerId !== null && Number.isSafeInteger(customerId) && customerId > 0
      ? [prefetchApi.customers.get.prefetch({ id: customerId }), prefetchApi.payments.list.prefetch({ customerId })]
      : []),
  ]);
  return (
    <HydrateClient>
      <PaymentsScreen />
    </HydrateClient>
  );
}
