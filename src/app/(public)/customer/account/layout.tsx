import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** My Account is the one portal screen inside the public layout; its tabs use tRPC. */
export default function CustomerAccountLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
