import type { Metadata } from "next";
import { cookies } from "next/headers";
import { BookingWizard } from "@/components/booking/booking-wizard";
import type { BookableService } from "@/components/booking/types";
import { BOOKING_ZIP_COOKIE } from "@/server/forms/booking-zip";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = {
  title: "Book a Service",
  description: "Book lawn mowing, trimming, cleanup or fertilization in Greater Austin in five short steps.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

/**
 * `?service={id}` preselects a service. The home page teaser's ZIP comes in a cookie (a typed value
 * stays out of URLs); `?zip=` from older links still works.
 */
export default async function BookPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  let services: BookableService[] = [];
  try {
    services = await (await serverApi()).services.list({});
  } catch (error) {
    console.error("Booking page: could not load services", error);
  }
  // The site's frame (PublicShell) holds the page's one main landmark.
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-brand-900">Book a Service</h1>
      <p className="mb-8 mt-2 text-gray-700">Five short steps. We confirm every booking before the visit.</p>
      <BookingWizard
        services={services}
        initialServiceId={firstValue(params.service)}
        initialZip={(firstValue(params.zip) || ((await cookies()).get(BOOKING_ZIP_COOKIE)?.value ?? "")).slice(0, 10)}
      />
    </div>
  );
}
