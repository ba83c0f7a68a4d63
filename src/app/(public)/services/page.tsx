import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { loadCatalogue } from "@/components/public/load-services";
import { PageIntro } from "@/components/public/page-intro";
import { ServiceCardSkeletons } from "@/components/public/service-skeletons";
import { ServicesCatalogue } from "@/components/public/services-catalogue";
import { buttonClasses } from "@/components/ui/button";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "Lawn Care Services & Prices",
  description:
    "Mowing, edging and trimming, leaf and yard cleanup, fertilization and weed control in Greater Austin. See durations and prices, then book online.",
};

export default function ServicesPage() {
  return (
    <>
      <PageIntro title="Our Lawn Care Services">
        Proudly serving {BUSINESS.city} and the surrounding communities with mowing, trimming, cleanup and fertilization.
      </PageIntro>
      <section aria-labelledby="catalogue-heading" className="mx-auto max-w-6xl px-4 py-10">
        {/* Keeps the heading order h1, h2, h3 for the cards' own headings. */}
        <h2 id="catalogue-heading" className="sr-only">
          Service catalogue
        </h2>
        <Suspense fallback={<ServiceCardSkeletons />}>
          <ServicesCatalogue services={loadCatalogue()} />
        </Suspense>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-16">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold text-brand-900">Need a Custom Service?</h2>
            <p className="mt-2 max-w-2xl text-gray-700">
              Planting, irrigation checks, a one-off cleanup before a party: tell us what your yard needs and we will send a quote.
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <Link href="/contact" className={buttonClasses("primary", "lg", "shrink-0")}>
              Contact Us
            </Link>
            <Link href="/quote" className={buttonClasses("outline", "lg", "shrink-0")}>
              Request a quote
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
