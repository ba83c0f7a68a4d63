/** A payment as it completed: by card (the Stripe webhook) or recorded by staff (cash, check). */
export interface CompletedPayment {
  id: number;
  customerId: number;
  scheduleId: number | null;
  amount: number;
  method: "card" | "cash" | "check";
  paymentDate: Date;
}

declare module "@/server/events/emit" {
  interface DomainEvents {
    "payment.completed": { payment: CompletedPayment };
  }
}
