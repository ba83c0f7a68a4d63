import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { QuoteUnavailable } from "@/components/quotes/quote-unavailable";
import { QuoteView } from "@/components/quotes/quote-view";
import { describeFailure } from "@/server/api/error-mapping";
import { requireCustomer } from "@/server/app/sign-in-gates";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Your Quote", robots: { index: false, follow: false } };

const BACK = "/customer/account?tab=quotes";

/**
 * One of the signed-in customer's quotes in My Account: the same page as the emailed link, reached
 * by the session (docs/product-rules.md#quotes). Anyone else's quote is not found.
 */
export default async function MyQuotePage({ params }: { params: Promise<{ id: string }> }) {
  await requireCustomer();
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  let page;
  try {
    page = await (await serverApi()).customerQuotes.view({ id });
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.status === 410) {
      return (
        <QuoteUnavailable message={failure.message}>
          <p className="mt-6">
            <BackLink />
          </p>
        </QuoteUnavailable>
      );
    }
    if (failure.status === 404 || failure.status === 400) notFound();
    throw error;
  }
  return (
    <>
      <div className="mx-auto max-w-3xl px-4 pt-6 print:hidden">
        <BackLink />
      </div>
      <QuoteView source={{ quoteId: id }} initialPage={JSON.parse(JSON.stringify(page))} />
    </>
  );
}

function BackLink() {
  return (
    <Link href={BACK} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
      Back to My Account
    </Link>
  );
}
