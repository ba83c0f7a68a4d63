import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** The card payment return screen reads the payment and the session through tRPC. */
export default function PaymentReturnLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
