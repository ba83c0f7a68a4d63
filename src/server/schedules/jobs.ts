import { definePeriodicJob } from "@/server/jobs/job-definition";
import { extendSeriesToHorizon } from "./series";

/**
 * Once a day every series gets its visits generated up to the horizon again (the only place the
 * horizon moves; a plan's creation or a staff edit generates through it at once). Each run is
 * complete on its own.
 */
export const extendSeriesJob = definePeriodicJob({
  name: "extend-series",
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
  everySeconds: 86_400,
  work: extendSeriesToHorizon,
});
