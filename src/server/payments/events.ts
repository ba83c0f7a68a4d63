/** A payment as it completed: by card (the Stripe webhook) or recorded by staff (cash, check). */
export interface CompletedPayment {
  id: number;
  customerId: number;
  scheduleId: number | null;
  amount: number;
  method: "card" | "cash" | "check";
  paymentDate: Date;
}

/** An autopay charge the customer must finish: it did not go through, or could not be made. */
export interface PaymentActionNeeded {
  payment: { id: number; customerId: number; amount: number };
  /** Why, in the customer's words ("Your card was declined."). */
  reason: string;
  /** The visit it is for, as the customer knows it ("Basic Lawn Mowing on Sep 28, 2026"). */
  visitLabel: string | null;
}

declare module "@/server/events/emit" {
  interface DomainEvents {
    "payment.completed": { payment: CompletedPayment };
    "payment.actionNeeded": PaymentActionNeeded;
  }
}
