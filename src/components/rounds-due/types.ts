import type { RouterOutputs } from "@/trpc/react";

export type RoundsDueList = RouterOutputs["roundsDue"]["list"];
export type RoundDue = RoundsDueList["missed"][number];
export type ScheduleResult = RouterOutputs["roundsDue"]["schedule"];

/** A round's key in the selection: its enrollment and position. */
export const roundKey = (round: { enrollmentId: number; position: number }) => `${round.enrollmentId}:${round.position}`;
