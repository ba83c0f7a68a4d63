import { SERVICE_AREA_REGIONS, SERVICE_AREA_ZIP_CODES } from "@/lib/service-area";

/** Contact page: the service-area ZIP codes grouped by region. */
export function ServiceAreaList() {
  return (
    <section aria-labelledby="service-area-heading" className="rounded-2xl border border-gray-200 p-6">
      <h2 id="service-area-heading" className="text-xl font-semibold text-gray-900">
        Our service area
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        We serve {SERVICE_AREA_ZIP_CODES.size} ZIP codes across Greater Austin. Not on the list? Send us a message and we will see what we
        can do.
      </p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {SERVICE_AREA_REGIONS.map(({ region, zipCodes }) => (
          <div key={region}>
            <h3 className="text-sm font-semibold text-brand-800">{region}</h3>
            <p className="mt-1 text-sm leading-6 text-gray-700">{[...zipCodes].sort().join(", ")}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
