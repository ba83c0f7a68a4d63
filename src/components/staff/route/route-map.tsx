"use client";

import "leaflet/dist/leaflet.css";
import type { Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { GeoPoint } from "@/lib/route-distance";

export interface MapStop {
  key: string;
  /** The number shown on its marker: its place in the order. */
  label: string;
  title: string;
  point: GeoPoint | null;
  /** The record (plan or customer) whose pin this marker moves, when staff may move it. */
  pinId?: number;
  done?: boolean;
}

const TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const AUSTIN: [number, number] = [30.2672, -97.7431];

/**
 * The day on a Leaflet map: the start address, numbered stops and the line between them (and a
 * proposed order as a dashed line). Tiles come from OpenStreetMap; when they cannot load (offline,
 * or blocked) the markers and lines still show on a plain background and the map says why.
 * Staff who may pin drag a stop's marker to where the address really is.
 */
export function RouteMap({
  start,
  stops,
  proposed,
  onPinDrop,
}: {
  start: GeoPoint | null;
  stops: MapStop[];
  proposed?: GeoPoint[] | null;
  onPinDrop?: (pinId: number, point: GeoPoint) => void;
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [failed, setFailed] = useState(false);
  const dropRef = useRef(onPinDrop);
  dropRef.current = onPinDrop;

  useEffect(() => {
    let cancelled = false;
    let layers: { remove(): void }[] = [];
    (async () => {
      const L = await import("leaflet");
      if (cancelled || !element.current) return;
      if (!map.current) {
        map.current = L.map(element.current, { zoomControl: true, attributionControl: true }).setView(AUSTIN, 10);
        const tiles = L.tileLayer(TILE_URL, { maxZoom: 18, attribution: "&copy; OpenStreetMap contributors" });
        tiles.on("tileerror", () => setTilesFailed(true));
        tiles.addTo(map.current);
      }
      const leaflet = map.current;
      const icon = (text: string, tone: string) =>
        L.divIcon({
          className: "",
          html: `<span class="route-marker ${tone}">${text}</span>`,
          iconSize: [30, 30],
          iconAnchor: [15, 15],
        });
      const placed = stops.filter((stop) => stop.point);
      const points: [number, number][] = [];
      if (start) {
        points.push([start.latitude, start.longitude]);
        layers.push(
          L.marker([start.latitude, start.longitude], {
            icon: icon("S", "route-marker-start"),
            title: "Start address",
            keyboard: false,
          }).addTo(leaflet),
        );
      }
      for (const stop of placed) {
        const at: [number, number] = [stop.point!.latitude, stop.point!.longitude];
        points.push(at);
        const draggable = Boolean(dropRef.current && stop.pinId);
        const marker = L.marker(at, {
          icon: icon(stop.label, stop.done ? "route-marker-done" : ""),
          title: stop.title,
          draggable,
          keyboard: false,
        });
        if (draggable) {
          marker.on("dragend", () => {
            const moved = marker.getLatLng();
            dropRef.current?.(stop.pinId!, { latitude: moved.lat, longitude: moved.lng });
          });
        }
        layers.push(marker.addTo(leaflet));
      }
      if (points.length > 1) layers.push(L.polyline(points, { color: "#166534", weight: 3, opacity: 0.8 }).addTo(leaflet));
      if (proposed && proposed.length > 1) {
        const line = [...(start ? [start] : []), ...proposed].map((point) => [point.latitude, point.longitude] as [number, number]);
        layers.push(L.polyline(line, { color: "#c2410c", weight: 3, dashArray: "6 6" }).addTo(leaflet));
      }
      if (points.length > 0) leaflet.fitBounds(L.latLngBounds(points).pad(0.15), { maxZoom: 14 });
    })().catch(() => setFailed(true));
    return () => {
      cancelled = true;
      for (const layer of layers) layer.remove();
      layers = [];
    };
  }, [start, stops, proposed]);

  useEffect(
    () => () => {
      map.current?.remove();
      map.current = null;
    },
    [],
  );

  if (failed) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
        The map could not be shown.
      </p>
    );
  }
  // `isolate` keeps Leaflet's own z-indexes (panes at 400 to 700) inside the map, under the
  // staff screens' fixed bars and dialogs. The map is a named region, not an image: it holds
  // controls (zoom, the attribution's links), and an image's content is hidden from assistive
  // technology.
  return (
    <div className="relative isolate">
      <section
        ref={element}
        className="route-map h-72 w-full overflow-hidden rounded-xl border border-gray-200 bg-[#eef2ea] sm:h-96"
        aria-label="Map of the day's stops"
        data-testid="route-map"
      />
      {tilesFailed ? (
        <p
          className="pointer-events-none absolute inset-x-2 bottom-2 z-[1000] rounded-md bg-white/90 px-2 py-1 text-xs text-gray-700 shadow-sm"
          role="status"
        >
          Map tiles could not load (no connection?). The markers and lines are still drawn.
        </p>
      ) : null}
    </div>
  );
}
