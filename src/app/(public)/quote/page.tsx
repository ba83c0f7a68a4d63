import type { Metadata } from "next";
import { PageIntro } from "@/components/public/page-intro";
import { QuoteRequestForm } from "@/components/quotes/quote-request-form";

export const metadata: Metadata = {
  title: "Request a Quote",
  description: "Tell us about your yard: sod, planting, a season of fertilization. We'll email you a quote you can accept online.",
};

export default function QuoteRequestPage() {
  return (
    <>
      <PageIntro title="Request a Quote">Custom work, priced for your yard. Tell us what you need and we'll email you a quote.</PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <section aria-labelledby="quote-form-heading" className="rounded-2xl border border-gray-200 p-6 shadow-sm">
          <h2 id="quote-form-heading" className="text-xl font-semibold text-gray-900">
            What can we do for you?
          </h2>
          <p className="mb-5 mt-1 text-sm text-gray-700">We serve the Austin area. We usually reply within two business days.</p>
          <QuoteRequestForm />
        </section>
      </div>
    </>
  );
}
