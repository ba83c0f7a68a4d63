import { FALLBACK_SERVICES } from "./fallback-services";
import { ServiceCard } from "./service-card";
import { ServiceTabs } from "./service-tabs";
import { SERVICE_GRID_CLASSES, type CatalogueService } from "./service-types";

/**
 * The services page grid, rendered on the server inside a Suspense boundary. An empty catalogue
 * (loadCatalogue gives one when the catalogue cannot be read) shows the five built-in services,
 * which the category tabs do not filter.
 */
export async function ServicesCatalogue({ services }: { services: Promise<CatalogueService[]> }) {
  const catalogue = await services;
  if (catalogue.length === 0) {
    return (
      <ul className={SERVICE_GRID_CLASSES} data-testid="fallback-services">
        {FALLBACK_SERVICES.map((service, index) => (
          <li key={service.name}>
            <ServiceCard service={service} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ServiceTabs
      items={catalogue.map((service, index) => ({
        key: service.name + service.id,
        category: service.category,
        card: <ServiceCard service={service} priority={index === 0} />,
      }))}
    />
  );
}
