import { CircleCheck, Clock } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { formatCents } from "@/lib/money";
import { CATEGORY_LABELS, CategoryIcon } from "./category-icon";
import { ServiceImage } from "./service-image";
import { bookingHref, type CatalogueService } from "./service-types";

export const DESCRIPTION_FALLBACK = "Professional lawn care service to keep your yard looking its best.";
const BULLETS = ["Professional equipment", "Debris removal included", "Satisfaction guaranteed"] as const;

/** Services page: one card of the catalogue. */
export function ServiceCard({ service, priority = false }: { service: CatalogueService; priority?: boolean }) {
  const perSqFt = service.pricePerSqFt !== null;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <ServiceImage service={service} priority={priority} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold text-gray-900">{service.name}</h3>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
            <CategoryIcon category={service.category} className="size-3.5" />
            {CATEGORY_LABELS[service.category]}
          </span>
        </div>
        <p className="mt-2 text-sm text-gray-700">{service.description || DESCRIPTION_FALLBACK}</p>
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-gray-700">
          <Clock className="size-4 text-brand-700" aria-hidden="true" />
          Est. {service.estimatedDuration} min
        </p>
        {perSqFt ? <p className="mt-1 text-sm font-medium text-brand-800">Price based on lawn size</p> : null}
        <ul className="mt-4 space-y-1.5 text-sm text-gray-700">
          {BULLETS.map((bullet) => (
            <li key={bullet} className="flex items-center gap-2">
              <CircleCheck className="size-4 text-brand-600" aria-hidden="true" />
              {bullet}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
          <p className="whitespace-nowrap text-2xl font-bold text-gray-900">
            {perSqFt ? (
              <>
                {formatCents(service.pricePerSqFt ?? 0)}
                <span className="text-sm font-medium text-gray-600"> / sq ft</span>
              </>
            ) : (
              formatCents(service.price)
            )}
          </p>
          <Link
            href={bookingHref(service)}
            className={buttonClasses("primary", "md", "whitespace-nowrap")}
            aria-label={`Book Service: ${service.name}`}
          >
            Book Service
          </Link>
        </div>
        <Link
          href="/quote"
          className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-4 sm:min-h-0"
          aria-label={`Request a quote: ${service.name}`}
        >
          Need something different? Request a quote
        </Link>
      </div>
    </article>
  );
}
