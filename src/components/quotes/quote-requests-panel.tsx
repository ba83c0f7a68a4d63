"use client";

import { FileText, ImageIcon } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button, ButtonLink } from "@/components/ui/button";
import { FilterToggle } from "@/components/ui/filter-toggle";
import { Spinner } from "@/components/ui/spinner";
import { formatBusinessDate } from "@/lib/business-time";
import { api } from "@/trpc/react";

const REQUEST_FILTERS = ["open", "all"] as const;

function Photo({ requestId, photoId }: { requestId: number; photoId: number }) {
  const photo = api.quoteRequests.photo.useQuery({ id: requestId, photoId }, { staleTime: Number.POSITIVE_INFINITY });
  if (!photo.data)
    return (
      <span className="flex size-20 items-center justify-center rounded-lg bg-gray-100" role="img" aria-label="Loading photo">
        <ImageIcon className="size-5 text-gray-400" aria-hidden="true" />
      </span>
    );
  return (
    <a href={`data:${photo.data.contentType};base64,${photo.data.dataBase64}`} target="_blank" rel="noreferrer">
      <img
        src={`data:${photo.data.contentType};base64,${photo.data.dataBase64}`}
        alt="Photo sent with the request"
        className="size-20 rounded-lg object-cover"
      />
    </a>
  );
}

/** Messages → Requests: quote requests from the public form, each one a quote to build (docs/product-rules.md#quotes). */
export function QuoteRequestsPanel() {
  const [filter, setFilter] = useState<(typeof REQUEST_FILTERS)[number]>("open");
  const requests = api.quoteRequests.list.useQuery({ status: filter });
  const utils = api.useUtils();
  const setHandled = api.quoteRequests.setHandled.useMutation({
    onSuccess: async () => {
      toast({ title: "Request updated" });
      await utils.quoteRequests.list.invalidate();
    },
    onError: (error) => toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" }),
  });

  return (
    <section id="requests" aria-labelledby="requests-heading" className="scroll-mt-24 rounded-xl border border-gray-200 bg-white">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3">
        <h2 id="requests-heading" className="font-semibold text-gray-900">
          Requests
        </h2>
        <FilterToggle label="Show requests" options={REQUEST_FILTERS} value={filter} onChange={setFilter} />
      </header>
      {requests.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : requests.isError ? (
        <p className="p-4 text-sm text-red-700">Requests could not be loaded. Please reload the page.</p>
      ) : requests.data.length === 0 ? (
        <p className="p-4 text-sm text-gray-600">No {filter === "open" ? "open " : ""}quote requests.</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {requests.data.map((request) => (
            <li key={request.id} className="space-y-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-gray-900">
                  {request.name}{" "}
                  <span className="text-sm font-normal text-gray-600">
                    · {request.email}
                    {request.phone ? ` · ${request.phone}` : ""}
                  </span>
                </p>
                <p className="text-xs text-gray-600">{formatBusinessDate(request.createdAt, "MMM d, h:mm a")}</p>
              </div>
              <p className="text-sm text-gray-700">
                {request.address}
                {request.city ? `, ${request.city}` : ""} {request.zipCode}
                {request.preferredTime ? ` · Prefers: ${request.preferredTime}` : ""}
              </p>
              <p className="whitespace-pre-line text-sm text-gray-900">{request.description}</p>
              {request.photoIds.length ? (
                <div className="flex gap-2">
                  {request.photoIds.map((photoId) => (
                    <Photo key={photoId} requestId={request.id} photoId={photoId} />
                  ))}
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {request.quoteId ? (
                  <ButtonLink href={`/quotes/${request.quoteId}`} prefetch={false} variant="outline" size="sm">
                    <FileText className="size-4" aria-hidden="true" /> Open quote Q-{request.quoteId}
                  </ButtonLink>
                ) : (
                  <ButtonLink href={`/quotes/new?requestId=${request.id}`} prefetch={false} variant="primary" size="sm">
                    <FileText className="size-4" aria-hidden="true" /> Build quote
                  </ButtonLink>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={setHandled.isPending}
                  onClick={() => setHandled.mutate({ id: request.id, handled: !request.handledAt })}
                >
                  {request.handledAt ? "Open again" : "Mark handled"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
