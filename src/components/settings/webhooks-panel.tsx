"use client";

import { Webhook } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatBusinessDate } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_SUMMARIES,
  WEBHOOK_EVENT_TYPES,
  ZWebhookEndpointFormSchema,
  type WebhookEventType,
  type WebhookDeliveryStatus,
} from "@/lib/validation/webhooks";
import { api, type RouterOutputs } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { PanelHeading, PanelQuery } from "./panel-parts";
import { ShownOnceSecret } from "./shown-once-secret";
import { copyToClipboard } from "./copy-to-clipboard";

type Endpoint = RouterOutputs["webhooks"]["list"][number];

const when = (date: Date | null) => (date ? formatBusinessDate(date, "MMM d, h:mm a") : "—");

const DELIVERY_STYLES: Record<string, { label: string; className: string }> = {
  pending: { label: "Queued", className: "bg-gray-100 text-gray-800" },
  retrying: { label: "Retrying", className: "bg-amber-100 text-amber-900" },
  succeeded: { label: "Delivered", className: "bg-green-100 text-green-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
};

function DeliveryBadge({ status }: { status: string }) {
  const style = DELIVERY_STYLES[status] ?? DELIVERY_STYLES.pending!;
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", style.className)}>{style.label}</span>;
}

/** Settings → Notifications → Webhooks: endpoints, the events they receive, and their deliveries. */
export function WebhooksPanel() {
  const endpoints = api.webhooks.list.useQuery({}, { refetchInterval: 5_000 });
  const utils = api.useUtils();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const create = api.webhooks.create.useMutation({
    onSuccess: async (endpoint) => {
      setCreated({ url: endpoint.url, secret: endpoint.secret });
      setUrl("");
      setDescription("");
      await utils.webhooks.list.invalidate();
    },
    onError: (error) => {
      const issue = error.data && "issues" in error.data ? undefined : error.message;
      setErrors({ url: error.data?.code === "BAD_REQUEST" ? (issue ?? error.message) : undefined });
      toast({ title: "Could not add the endpoint", description: errorMessage(error), variant: "destructive" });
    },
  });
  const update = api.webhooks.update.useMutation({
    onSuccess: () => utils.webhooks.list.invalidate(),
    onError: (error) => toast({ title: "Could not change the endpoint", description: errorMessage(error), variant: "destructive" }),
  });
  // The update saves the whole endpoint: switching it keeps everything else as it is.
  const switchOnOrOff = ({ id, url, description, events, enabled }: Endpoint) =>
    update.mutate({ id, url, description, events, enabled: !enabled });
  const remove = api.webhooks.remove.useMutation({
    onSuccess: async () => {
      toast({ title: "Webhook endpoint deleted" });
      await utils.webhooks.list.invalidate();
    },
    onError: (error) => toast({ title: "Could not delete the endpoint", description: errorMessage(error), variant: "destructive" }),
  });

  const submit = () => {
    const parsed = ZWebhookEndpointFormSchema.safeParse({ url, description, events, enabled: true });
    if (!parsed.success) {
      const byField = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      setErrors({ url: byField.url, events: byField.events });
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  const toggleEvent = (type: WebhookEventType) =>
    setEvents((current) => (current.includes(type) ? current.filter((entry) => entry !== type) : [...current, type]));

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-4">
      <PanelHeading id="webhooks-heading" title="Webhooks">
        Other systems hear of bookings, visits, payments, customers and messages as they happen. Each delivery is a signed JSON POST,
        retried for about a day until it gets a 2xx answer. The README explains how to check the signature.
      </PanelHeading>

      <form
        method="post"
        noValidate
        className="space-y-3 rounded-lg border border-gray-200 p-4"
        aria-label="Add a webhook endpoint"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          maxLength={2000}
        />
        <TextField
          label="Description (optional)"
          placeholder="e.g. Accounting sync"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={200}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-800">Events</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex min-h-11 items-start gap-3 py-1 text-sm text-gray-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand-700"
                  checked={events.includes(type)}
                  onChange={() => toggleEvent(type)}
                />
                <span>
                  <code className="font-semibold">{type}</code>
                  <span className="block text-xs text-gray-600">{WEBHOOK_EVENT_SUMMARIES[type]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError message={errors.events} />
        </fieldset>
        <SubmitButton disabled={create.isPending}>
          <Webhook aria-hidden="true" className="size-4" />
          {create.isPending ? "Adding…" : "Add endpoint"}
        </SubmitButton>
      </form>

      {created ? (
        <ShownOnceSecret
          title="Endpoint added. Its signing secret:"
          value={created.secret}
          what="secret"
          testId="webhook-secret"
          onDone={() => setCreated(null)}
        />
      ) : null}

      <PanelQuery
        query={endpoints}
        loading="Loading webhook endpoints"
        failed="Webhook endpoints could not be loaded."
        empty="No webhook endpoints yet."
      >
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Webhook endpoints">
            {items.map((endpoint) => (
              <li key={endpoint.id} className="space-y-2 px-4 py-3">
                <div className="flex flex-wrap items-start gap-3">
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium break-all text-gray-900">{endpoint.url}</p>
                    <p className="text-xs text-gray-600">
                      {endpoint.description ? `${endpoint.description} · ` : ""}
                      {endpoint.events.join(", ")}
                    </p>
                    <p className="mt-1 flex items-center gap-2 text-xs text-gray-600">
                      {endpoint.enabled ? null : (
                        <span className="rounded-full bg-gray-200 px-2 py-0.5 font-semibold text-gray-800">Off</span>
                      )}
                      {endpoint.lastDelivery ? (
                        <>
                          Last delivery <DeliveryBadge status={endpoint.lastDelivery.status} /> {when(endpoint.lastDelivery.at)}
                        </>
                      ) : (
                        "No deliveries yet"
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-expanded={open === endpoint.id}
                      onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                    >
                      Deliveries
                    </Button>
                    <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => switchOnOrOff(endpoint)}>
                      {endpoint.enabled ? "Switch off" : "Switch on"}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Delete the endpoint ${endpoint.url}? Deliveries not yet sent are dropped.`))
                          remove.mutate({ id: endpoint.id });
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
                {open === endpoint.id ? <Deliveries endpointId={endpoint.id} /> : null}
              </li>
            ))}
          </ul>
        )}
      </PanelQuery>
    </section>
  );
}

const DELIVERIES_PER_PAGE = 10;

/**
 * An endpoint's deliveries, newest first, a page at a time and by status. Pages go by id, so newer
 * deliveries arriving meanwhile never push a retrying or failed one out of the page being read.
 */
function Deliveries({ endpointId }: { endpointId: number }) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | "">("");
  // The `before` cursor of each page opened so far; the last one is shown (undefined: the newest).
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const before = cursors[cursors.length - 1];
  const deliveries = api.webhooks.deliveries.useQuery(
    { id: endpointId, limit: DELIVERIES_PER_PAGE, ...(status ? { status } : {}), ...(before ? { before } : {}) },
    { refetchInterval: 5_000 },
  );
  const filterId = `delivery-status-${endpointId}`;
  const secret = api.webhooks.secret.useQuery({ id: endpointId }, { enabled: false });
  return (
    <div className="space-y-2 rounded-lg bg-gray-50 p-3">
      <div className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
        {secret.data ? (
          <>
            <code className="break-all">{secret.data.secret}</code>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                copyToClipboard(secret.data.secret, {
                  copied: "The secret is on your clipboard.",
                  fallback: "Select the secret and copy it by hand.",
                })
              }
            >
              Copy
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => secret.refetch()}>
            Reveal signing secret
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={filterId} className="font-medium text-gray-800">
          Show
        </label>
        <select
          id={filterId}
          className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as WebhookDeliveryStatus | "");
            setCursors([undefined]);
          }}
        >
          <option value="">Every delivery</option>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {DELIVERY_STYLES[value]!.label}
            </option>
          ))}
        </select>
      </div>
      <PanelQuery
        query={deliveries}
        loading="Loading deliveries"
        failed="Deliveries could not be loaded."
        empty={
          status
            ? `No ${DELIVERY_STYLES[status]!.label.toLowerCase()} deliveries${before ? " further back" : ""}.`
            : before
              ? "No older deliveries."
              : "No deliveries yet. They appear here when one of its events happens."
        }
      >
        {(items) => (
          <ul className="space-y-2" aria-label="Recent deliveries">
            {items.map((delivery) => (
              <li key={delivery.id} className="rounded-md bg-white p-2 text-xs text-gray-700 ring-1 ring-gray-200">
                <div className="flex flex-wrap items-center gap-2">
                  <DeliveryBadge status={delivery.status} />
                  <code className="font-semibold text-gray-900">{delivery.eventType}</code>
                  <span>{when(delivery.lastAttemptAt ?? delivery.createdAt)}</span>
                  <span>
                    {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
                    {delivery.lastStatusCode ? ` · HTTP ${delivery.lastStatusCode}` : ""}
                  </span>
                </div>
                <p className="mt-1 break-all text-gray-600">{delivery.eventId}</p>
                {delivery.lastError && delivery.status !== "succeeded" ? (
                  <p className="mt-1 break-all text-red-700">{delivery.lastError}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </PanelQuery>
      {cursors.length > 1 || (deliveries.data?.length ?? 0) === DELIVERIES_PER_PAGE ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={cursors.length === 1} onClick={() => setCursors((all) => all.slice(0, -1))}>
            Newer
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={(deliveries.data?.length ?? 0) < DELIVERIES_PER_PAGE}
            onClick={() => setCursors((all) => [...all, deliveries.data![deliveries.data!.length - 1]!.id])}
          >
            Older
          </Button>
        </div>
      ) : null}
    </div>
  );
}
