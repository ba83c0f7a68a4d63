import { definePeriodicJob } from "@/server/jobs/job-definition";
import { extendSeriesToHorizon } from "./series";

/**
 * Once a day every series gets its visits generated up to the horizon again (the only place the
 * horizon moves; a plan's creation or a staff edit generates through it at once).
 */
export const SERIES_EXTENSION_SECONDS = 86_400;

/** The daily extension of every series' visits to the horizon; each run is complete on its own. */
export const extendSeriesJob = definePeriodicJob({
  name: "extend-series",
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
  everySeconds: SERIES_EXTENSION_SECONDS,
  work: extendSeriesToHorizon,
});
