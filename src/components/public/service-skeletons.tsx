import { SERVICE_GRID_CLASSES } from "./service-types";

/** Services page: four skeleton cards while the catalogue loads. */
export function ServiceCardSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading services" className={SERVICE_GRID_CLASSES}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid="service-skeleton" className="overflow-hidden rounded-2xl border border-gray-200 bg-white">
          <div className="aspect-[5/3] w-full animate-pulse bg-gray-200" />
          <div className="space-y-3 p-5">
            <div className="h-5 w-2/3 animate-pulse rounded bg-gray-200" />
            <div className="h-4 w-full animate-pulse rounded bg-gray-200" />
            <div className="h-4 w-5/6 animate-pulse rounded bg-gray-200" />
            <div className="h-10 w-full animate-pulse rounded-lg bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
