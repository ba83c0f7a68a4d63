import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { QuoteUnavailable } from "@/components/quotes/quote-unavailable";
import { QuoteView } from "@/components/quotes/quote-view";
import { describeFailure } from "@/server/api/error-mapping";
import { answerPageWith } from "@/server/api/request-state";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Your Quote", robots: { index: false, follow: false } };

/** A quote's page, reached by the emailed link's token alone (docs/product-rules.md#quotes). */
export default async function QuotePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let page;
  try {
    page = await (await serverApi()).quotePage.view({ token });
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.status === 410) {
      // Withdrawn or expired: the page says why, and answers 410 as the API does (docs/security.md).
      answerPageWith(410);
      return <QuoteUnavailable message={failure.message} />;
    }
    if (failure.status === 404 || failure.status === 400) notFound();
    throw error;
  }
  return <QuoteView source={{ token }} initialPage={JSON.parse(JSON.stringify(page))} />;
}
