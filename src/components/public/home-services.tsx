import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { formatCents } from "@/lib/money";
import { HOME_FALLBACK_SERVICES } from "./fallback-services";
import { QuickBookingForm } from "./quick-booking-form";
import { ServiceImage } from "./service-image";
import { bookingHref, type CatalogueService } from "./service-types";

const HOME_GRID_SIZE = 3;

/** Popular services first; an empty or failed catalogue gives the fallback prices (docs/product-rules.md#booking-and-slots). */
export function homeServices(catalogue: CatalogueService[]): readonly CatalogueService[] {
  if (catalogue.length === 0) return HOME_FALLBACK_SERVICES;
  const popular = catalogue.filter((service) => service.isPopular);
  const others = catalogue.filter((service) => !service.isPopular);
  return [...popular, ...others].slice(0, HOME_GRID_SIZE);
}

export async function HomeServicesGrid({ services }: { services: Promise<CatalogueService[]> }) {
  const shown = homeServices(await services);
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {shown.map((service) => (
        <li key={service.name} className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          <ServiceImage service={service} />
          <div className="flex flex-1 flex-col p-5">
            <h3 className="text-lg font-semibold text-gray-900">{service.name}</h3>
            <p className="mt-1 text-sm text-gray-700">Est. {service.estimatedDuration} min</p>
            <div className="mt-auto flex items-center justify-between gap-3 pt-4">
              <p className="text-xl font-bold text-gray-900">
                {service.pricePerSqFt !== null ? `${formatCents(service.pricePerSqFt)} / sq ft` : formatCents(service.price)}
              </p>
              <Link href={bookingHref(service)} className={buttonClasses("primary", "md")} aria-label={`Book Now: ${service.name}`}>
                Book Now
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export async function HomeQuickBooking({ services }: { services: Promise<CatalogueService[]> }) {
  const catalogue = await services;
  return (
    <QuickBookingForm services={catalogue.flatMap((service) => (service.id === null ? [] : [{ id: service.id, name: service.name }]))} />
  );
}
