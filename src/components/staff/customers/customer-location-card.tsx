"use client";

import { DetailCard } from "./detail-card";
import dynamic from "next/dynamic";
import { useMemo } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { LOCATION_SOURCE_LABELS } from "@/lib/location-sources";
import { api } from "@/trpc/react";
import type { MapStop } from "../route/route-map";

const CARD = {
  id: "customer-location-heading",
  title: "Location",
  loading: "Loading the location",
  failed: "The location could not be loaded.",
} as const;

const RouteMap = dynamic(() => import("../route/route-map").then((module) => module.RouteMap), {
  ssr: false,
  loading: () => <div className="h-72 w-full animate-pulse rounded-xl bg-gray-100" />,
});

/** Downtown Austin: where an address nothing could place is shown, ready to be dragged. */
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

/**
 * Where the customer is on the map (docs/product-rules.md#where-each-visit-is): placed from the
 * address in the background; the office drags the marker to where the address really is.
 */
export function CustomerLocationCard({ customerId }: { customerId: number }) {
  const location = api.locations.customerLocation.useQuery({ id: customerId });
  const utils = api.useUtils();
  const pin = api.locations.pinCustomer.useMutation({
    onSuccess: async () => {
      toast({ title: "Pin saved", description: "The customer is now where you dropped the pin." });
      await Promise.all([utils.locations.customerLocation.invalidate({ id: customerId }), utils.routes.invalidate()]);
    },
    onError: async (error) => {
      toast({ title: "The pin was not saved", description: errorMessage(error), variant: "destructive" });
      await utils.locations.customerLocation.invalidate({ id: customerId });
    },
  });
  const data = location.data;
  const stops = useMemo<MapStop[]>(() => {
    if (!data) return [];
    const placed = data.latitude !== null && data.longitude !== null;
    return [
      {
        key: String(data.id),
        label: placed ? "C" : "?",
        title: "The customer's location",
        point: placed ? { latitude: data.latitude!, longitude: data.longitude! } : AUSTIN,
        pinId: data.id,
      },
    ];
  }, [data]);

  return (
    <DetailCard {...CARD} query={location}>
      {data ? (
        <>
          <p className="text-sm text-gray-700" data-testid="customer-location-source">
            {data.locationSource === null
              ? "Being placed from the address; this takes a moment after saving."
              : data.locationSource === "none"
                ? "The address could not be placed. Drag the marker to where the customer is."
                : `${LOCATION_SOURCE_LABELS[data.locationSource]}. Drag the marker if the address is elsewhere.`}
          </p>
          <RouteMap start={null} stops={stops} onPinDrop={(id, point) => pin.mutate({ id, ...point })} />
        </>
      ) : null}
    </DetailCard>
  );
}
