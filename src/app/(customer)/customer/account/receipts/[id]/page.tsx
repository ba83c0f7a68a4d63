import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { PrintReceiptButton } from "@/components/portal/print-receipt-button";
import { brandName } from "@/components/portal/card-brand";
import { BUSINESS } from "@/lib/business";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Receipt" };

const METHOD_WORDS = { card: "Card", cash: "Cash", check: "Check" } as const;

/** A printable receipt of one of the signed-in customer's completed payments. */
export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const api = await serverApi();
  const status = await api.customerAuth.status({});
  if (!status.authenticated || !status.customer) redirect("/customer/login");
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const receipt = await api.cards.receipt({ id }).catch((error: unknown) => {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) return null;
    throw error;
  });
  if (!receipt) notFound();

  const rows: Array<[string, string]> = [
    ["Receipt", `#${receipt.paymentId}`],
    ["Billed to", receipt.customer.fullName],
    ...(receipt.customer.address ? ([["Address", receipt.customer.address]] as Array<[string, string]>) : []),
    [
      "Visit",
      receipt.visit
        ? `${receipt.visit.serviceName}, ${formatBusinessDate(receipt.visit.startTime, "MMM d, yyyy")}`
        : "Not linked to a visit",
    ],
    ["Paid on", formatBusinessDate(receipt.paymentDate, "MMM d, yyyy")],
    ["Paid with", receipt.card ? `${brandName(receipt.card.brand)} ending in ${receipt.card.last4}` : METHOD_WORDS[receipt.method]],
    ["Amount", formatCents(receipt.amount)],
  ];

  // The site's frame (PublicShell) holds the page's one main landmark.
  return (
    <div className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 print:py-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href="/customer/account?tab=payments" className="font-semibold text-brand-700 underline">
          Back to My Account
        </Link>
        <PrintReceiptButton />
      </div>
      <article className="mt-6 rounded-xl border border-gray-200 bg-white p-6 print:border-0 print:p-0" aria-labelledby="receipt-heading">
        <p className="text-sm font-semibold text-brand-800">{BUSINESS.name}</p>
        <h1 id="receipt-heading" className="mt-1 text-2xl font-bold text-gray-900">
          Receipt for {formatCents(receipt.amount)}
        </h1>
        <dl className="mt-6 divide-y divide-gray-200">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-2 py-2">
              <dt className="text-gray-700">{label}</dt>
              <dd className="font-semibold text-gray-900">{value}</dd>
            </div>
          ))}
          {receipt.refunds.map((refund, index) => (
            <div key={index} className="flex flex-wrap justify-between gap-2 py-2">
              <dt className="text-gray-700">
                Refunded {formatBusinessDate(refund.date, "MMM d, yyyy")} ({refund.reason})
              </dt>
              <dd className="font-semibold text-gray-900">−{formatCents(refund.amount)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm text-gray-700">
          Thank you for your business. {BUSINESS.phone} · {BUSINESS.email}
        </p>
      </article>
    </div>
  );
}
