import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** The customer portal: login, register and reset have no site layout; My Account adds it. All use tRPC. */
export default function CustomerAuthLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
