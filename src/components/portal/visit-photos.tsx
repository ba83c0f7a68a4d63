"use client";

import { api } from "@/trpc/react";

/**
 * The crew's photos of a completed visit the account owns (docs/product-rules.md#who-owns-a-visit);
 * nothing while the visit is still to come or when the crew took none.
 */
export function VisitPhotos({ visitId }: { visitId: string }) {
  const photos = api.crewDay.customerPhotos.useQuery({ id: Number(visitId) }, { staleTime: 5 * 60_000, retry: false });
  if (!photos.data?.length) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-gray-800">Photos from the crew</p>
      <div className="mt-1 flex flex-wrap gap-2">
        {photos.data.map((id) => (
          <a key={id} href={`/api/visit-photos/${id}`} target="_blank" rel="noreferrer">
            <img
              src={`/api/visit-photos/${id}`}
              alt="Photo of your visit"
              width={96}
              height={96}
              className="size-24 rounded-lg object-cover"
            />
          </a>
        ))}
      </div>
    </div>
  );
}
