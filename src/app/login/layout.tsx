import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** The staff login form signs in through tRPC. */
export default function AdminLoginLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
