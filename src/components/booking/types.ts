import type { RouterOutputs } from "@/trpc/react";

export type BookableService = RouterOutputs["services"]["list"][number];
export type BookingConfirmation = RouterOutputs["booking"]["create"];
