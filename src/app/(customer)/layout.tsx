import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** Customer login and register: no site layout, but their forms use tRPC. */
export default function CustomerAuthLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
