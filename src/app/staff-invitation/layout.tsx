import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** The staff invitation's sign-up form signs in through tRPC. */
export default function StaffInvitationLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
