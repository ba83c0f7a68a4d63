import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** The booking wizard reads availability and creates the booking through tRPC. */
export default function BookLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
