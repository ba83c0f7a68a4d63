import type { Metadata } from "next";
import { Suspense } from "react";
import { PaymentReturn } from "@/components/payments/payment-return";
import { PageSpinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Payment", robots: { index: false, follow: false } };

// Outside the admin layout on purpose: portal customers return here too, and the admin layout
// would send them to the staff login.
export default function PaymentSuccessPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PaymentReturn />
    </Suspense>
  );
}
