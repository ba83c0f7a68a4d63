"use client";

import { ImageIcon } from "lucide-react";
import { api } from "@/trpc/react";

function Photo({ requestId, photoId }: { requestId: number; photoId: number }) {
  const photo = api.quoteRequests.photo.useQuery({ id: requestId, photoId }, { staleTime: Number.POSITIVE_INFINITY });
  if (!photo.data)
    return (
      <span
        className="flex size-20 items-center justify-center rounded-lg bg-gray-100"
        role="img"
        aria-label="Loading photo"
        data-photo-id={photoId}
      >
        <ImageIcon className="size-5 text-gray-400" aria-hidden="true" />
      </span>
    );
  return (
    <a href={`data:${photo.data.contentType};base64,${photo.data.dataBase64}`} target="_blank" rel="noreferrer" data-photo-id={photoId}>
      <img
        src={`data:${photo.data.contentType};base64,${photo.data.dataBase64}`}
        alt="Photo sent with the request"
        className="size-20 rounded-lg object-cover"
      />
    </a>
  );
}

/** The photos a quote request came with (Messages → Requests, and the quote built from it); nothing when it has none. */
export function RequestPhotos({ requestId, photoIds }: { requestId: number; photoIds: readonly number[] }) {
  if (photoIds.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="request-photos">
      {photoIds.map((photoId) => (
        <Photo key={photoId} requestId={requestId} photoId={photoId} />
      ))}
    </div>
  );
}
