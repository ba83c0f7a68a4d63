"use client";

import { ArrowLeft, Lock, Navigation, Route as RouteIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { errorMessage } from "@/components/error-text";
import { useStaffCan } from "@/components/staff/use-staff-session";
import { toast } from "@/components/toast/toast-store";
import { Button, ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatBusinessDate, isDateString, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { AVERAGE_SPEED_KMH, formatDriveMinutes, formatMiles, milesOf, ROAD_FACTOR, type GeoPoint } from "@/lib/route-distance";
import { ROLES } from "@/lib/staff-roles";
import { api, type RouterOutputs } from "@/trpc/react";
import type { MapStop } from "./route-map";
import { formatPhoneNumber, phoneHref } from "@/lib/phone-number";

// Leaflet touches `window`: the map loads in the browser only, after the list.
const RouteMap = dynamic(() => import("./route-map").then((module) => module.RouteMap), {
  ssr: false,
  loading: () => <div className="h-72 w-full animate-pulse rounded-xl bg-gray-100 sm:h-96" />,
});

type DayRoute = RouterOutputs["routes"]["day"];
type Stop = DayRoute["stops"][number];
type Proposal = RouterOutputs["routes"]["propose"];

const timeLabel = (instant: Date) => formatBusinessDate(instant, "h:mm a");
const SELECT =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

/** How the distances are reckoned, said wherever they are shown. */
const DISTANCE_NOTE = `Distances are straight lines × ${ROAD_FACTOR} for the roads, and drive times assume ${Math.round(milesOf(AVERAGE_SPEED_KMH))} mph on average; real roads and traffic differ.`;

function pointOf(stop: Stop): GeoPoint | null {
  return stop.location ? { latitude: stop.location.latitude, longitude: stop.location.longitude } : null;
}

/**
 * A crew's day (docs/product-rules.md#the-days-route): pick the crew and the date, see the stops in
 * order on a map and as a list with the drive between them, navigate to the next one, and (office)
 * optimize the order and apply it in one step.
 */
export function RouteScreen({
  initialCrewId,
  initialDate,
  ownCrewOnly,
}: {
  initialCrewId: number | null;
  initialDate: DateString;
  ownCrewOnly: boolean;
}) {
  const router = useRouter();
  const plans = useStaffCan(ROLES.office);
  const crews = api.crews.list.useQuery({});
  const [date, setDate] = useState<DateString>(initialDate);
  const [chosenCrewId, setChosenCrewId] = useState<number | null>(initialCrewId);
  const crewId = chosenCrewId ?? crews.data?.[0]?.id ?? null;
  const day = api.routes.day.useQuery({ crewId: crewId ?? 0, date }, { enabled: crewId !== null });
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const utils = api.useUtils();

  const go = (next: { crewId?: number; date?: DateString }) => {
    const nextCrew = next.crewId ?? crewId;
    const nextDate = next.date ?? date;
    if (next.crewId !== undefined) setChosenCrewId(next.crewId);
    if (next.date !== undefined) setDate(next.date);
    setProposal(null);
    router.replace(`/schedule/route?${nextCrew ? `crew=${nextCrew}&` : ""}date=${nextDate}`, { scroll: false });
  };

  const propose = api.routes.propose.useQuery({ crewId: crewId ?? 0, date }, { enabled: false });
  const optimize = async () => {
    const result = await propose.refetch();
    if (result.data) setProposal(result.data);
    else if (result.error) toast({ title: "Could not optimize", description: errorMessage(result.error), variant: "destructive" });
  };
  const apply = api.routes.applyOrder.useMutation({
    onSuccess: async (result) => {
      toast({
        title: "New order applied",
        description: `${result.movedVisits} visit${result.movedVisits === 1 ? "" : "s"} moved; ${result.notifiedCustomers} customer${result.notifiedCustomers === 1 ? "" : "s"} told. Driving now ${formatMiles(result.after.km)}.`,
      });
      setProposal(null);
      await Promise.all([utils.routes.invalidate(), utils.schedules.invalidate()]);
    },
    onError: async (error) => {
      toast({ title: "The new order was not applied", description: errorMessage(error), variant: "destructive" });
      setProposal(null);
      await utils.routes.invalidate();
    },
  });
  const pin = api.locations.pinPlan.useMutation({
    onSuccess: async () => {
      toast({ title: "Pin saved", description: "The stop is now where you dropped it." });
      await utils.routes.invalidate();
    },
    onError: async (error) => {
      toast({ title: "The pin was not saved", description: errorMessage(error), variant: "destructive" });
      await utils.routes.invalidate();
    },
  });

  const route = day.data;
  const start =
    route?.start && route.start.latitude !== null && route.start.longitude !== null
      ? { latitude: route.start.latitude, longitude: route.start.longitude }
      : null;
  const mapStops = useMemo<MapStop[]>(
    () =>
      (route?.stops ?? []).map((stop, index) => ({
        key: String(stop.visitId),
        label: String(index + 1),
        title: `${index + 1}. ${stop.customer.fullName}`,
        point: pointOf(stop),
        pinId: stop.scheduleId,
        done: stop.status === "completed",
      })),
    [route],
  );
  const proposedLine = useMemo(() => {
    if (!proposal || !route) return null;
    const byId = new Map(route.stops.map((stop) => [stop.visitId, stop]));
    return proposal.stops.map((stop) => byId.get(stop.visitId)).flatMap((stop) => (stop && pointOf(stop) ? [pointOf(stop)!] : []));
  }, [proposal, route]);
  const next = route?.stops.find((stop) => stop.status !== "completed");
  const heading = formatBusinessDate(startOfBusinessDay(date), "EEEE, MMMM d, yyyy");

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <ButtonLink href={`/schedule?date=${date}`} variant="ghost" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Schedule
      </ButtonLink>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Day&apos;s route</h1>
          <p className="text-sm text-gray-600">{heading}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-40">
            <label htmlFor="route-crew" className="mb-1 block text-sm font-medium text-gray-800">
              Crew
            </label>
            <select
              id="route-crew"
              className={SELECT}
              value={crewId ?? ""}
              disabled={ownCrewOnly || crews.isPending}
              onChange={(event) => go({ crewId: Number(event.target.value) })}
            >
              {(crews.data ?? []).map((crew) => (
                <option key={crew.id} value={crew.id}>
                  {crew.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="route-date" className="mb-1 block text-sm font-medium text-gray-800">
              Date
            </label>
            <input
              id="route-date"
              type="date"
              className={SELECT}
              value={date}
              onChange={(event) => (isDateString(event.target.value) ? go({ date: event.target.value }) : undefined)}
            />
          </div>
        </div>
      </div>

      {crews.isError ? <p className="text-sm text-red-700">The crews could not be loaded.</p> : null}
      {crewId === null && crews.data ? <p className="text-sm text-gray-700">There are no crews yet. Add one in Settings.</p> : null}
      {day.isPending && crewId !== null ? <Spinner label="Loading the day's route" /> : null}
      {day.isError ? <p className="text-sm text-red-700">{errorMessage(day.error)}</p> : null}

      {route ? (
        <>
          <section
            aria-label="Summary"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
          >
            <div>
              <p className="text-base font-semibold text-gray-900" data-testid="route-total">
                {route.stops.length} stop{route.stops.length === 1 ? "" : "s"} · {formatMiles(route.total.km)} ·{" "}
                {formatDriveMinutes(route.total.minutes)} driving
              </p>
              <p className="text-sm text-gray-600">
                {route.start ? (
                  <>Starts from {route.start.label}</>
                ) : (
                  <>No start address yet: the route starts at the first stop. An owner sets it in Settings.</>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {next ? (
                <a
                  href={next.navigateUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
                >
                  <Navigation aria-hidden="true" className="size-4" />
                  Navigate to next stop
                </a>
              ) : null}
              {plans && route.stops.length > 1 ? (
                <Button variant="outline" onClick={optimize} disabled={propose.isFetching || apply.isPending}>
                  <RouteIcon aria-hidden="true" className="size-4" />
                  {propose.isFetching ? "Optimizing…" : "Optimize"}
                </Button>
              ) : null}
            </div>
          </section>

          {proposal ? (
            <ProposalPanel
              proposal={proposal}
              applying={apply.isPending}
              onApply={() =>
                apply.mutate({
                  crewId: proposal.crewId,
                  date: proposal.date,
                  version: proposal.version,
                  order: proposal.stops.map((stop) => stop.visitId),
                })
              }
              onDiscard={() => setProposal(null)}
            />
          ) : null}

          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="space-y-2 lg:order-2">
              <RouteMap
                start={start}
                stops={mapStops}
                proposed={proposedLine}
                onPinDrop={plans ? (scheduleId, point) => pin.mutate({ id: scheduleId, ...point }) : undefined}
              />
              <p className="text-xs text-gray-600">
                {DISTANCE_NOTE}
                {plans ? " Drag a stop's marker to drop its pin where the address really is." : ""}
              </p>
            </div>
            <StopList stops={route.stops} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function StopList({ stops }: { stops: Stop[] }) {
  if (stops.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600 lg:order-1">
        No visits for this crew on this day.
      </p>
    );
  }
  return (
    <ol className="space-y-3 lg:order-1" aria-label="Stops in order">
      {stops.map((stop, index) => (
        <li key={stop.visitId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="route-stop">
          {stop.legFromPrevious ? (
            <p className="mb-2 text-xs text-gray-600">
              {index === 0 ? "From the start: " : "Drive: "}
              {formatMiles(stop.legFromPrevious.km)} · {formatDriveMinutes(stop.legFromPrevious.minutes)}
            </p>
          ) : null}
          <div className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white ${stop.status === "completed" ? "bg-gray-500" : "bg-brand-700"}`}
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-gray-900">
                <span data-testid="route-stop-time">
                  {timeLabel(stop.startTime)} – {timeLabel(stop.endTime)}
                </span>
                <span className="font-normal text-gray-700">{stop.customer.fullName}</span>
                {stop.status === "completed" ? <span className="text-xs font-normal text-gray-600">Done</span> : null}
              </p>
              <p className="text-sm text-gray-700">
                {stop.service ?? "Service"} · {stop.address || "No address"}
              </p>
              {stop.customer.phone ? (
                <p className="text-sm">
                  <a className="text-brand-700 underline" href={phoneHref(stop.customer.phone)}>
                    {formatPhoneNumber(stop.customer.phone)}
                  </a>
                </p>
              ) : null}
              {[stop.specialInstructions, stop.notes, stop.customerNotes].filter(Boolean).map((note) => (
                <p key={note} className="rounded-md bg-amber-50 px-2 py-1 text-sm whitespace-pre-line text-amber-900">
                  {note}
                </p>
              ))}
              {stop.fixed ? (
                <p className="flex items-center gap-1 text-xs text-gray-600">
                  <Lock aria-hidden="true" className="size-3" />
                  {stop.fixedReason}: keeps its time when the day is optimized
                </p>
              ) : null}
              {stop.location ? null : <p className="text-xs text-amber-800">Not on the map yet: the address could not be placed.</p>}
              <a
                href={stop.navigateUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline"
              >
                <Navigation aria-hidden="true" className="size-4" />
                Navigate
              </a>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

function ProposalPanel({
  proposal,
  applying,
  onApply,
  onDiscard,
}: {
  proposal: Proposal;
  applying: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-labelledby="proposal-heading"
      className="rounded-xl border border-orange-200 bg-orange-50 p-4"
      data-testid="route-proposal"
    >
      <h2 id="proposal-heading" className="text-lg font-semibold text-gray-900">
        Proposed order
      </h2>
      <p className="mt-1 text-sm text-gray-800" data-testid="route-proposal-distance">
        Before: <strong>{formatMiles(proposal.before.km)}</strong> ({formatDriveMinutes(proposal.before.minutes)}) · After:{" "}
        <strong>{formatMiles(proposal.after.km)}</strong> ({formatDriveMinutes(proposal.after.minutes)})
      </p>
      <p className="text-sm text-gray-700">{proposal.message}</p>
      {proposal.changed ? (
        <>
          <ol className="mt-3 space-y-1 text-sm text-gray-800">
            {proposal.stops.map((stop, index) => (
              <li key={stop.visitId} className="flex flex-wrap gap-x-2">
                <span className="font-semibold">{index + 1}.</span>
                <span>{stop.customerName}</span>
                <span className="text-gray-600">
                  {stop.moved
                    ? `${timeLabel(stop.previousStartTime)} → ${timeLabel(stop.startTime)}`
                    : `${timeLabel(stop.startTime)} (unchanged)`}
                </span>
                {stop.fixed ? <Lock aria-label="Fixed time" className="size-3 self-center text-gray-600" /> : null}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-gray-600">
            Applying moves these visits to their new times and emails each customer whose visit moves.
          </p>
        </>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {proposal.changed ? (
          <Button onClick={onApply} disabled={applying}>
            {applying ? "Applying…" : "Apply new order"}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDiscard} disabled={applying}>
          {proposal.changed ? "Discard" : "Close"}
        </Button>
      </div>
    </section>
  );
}
