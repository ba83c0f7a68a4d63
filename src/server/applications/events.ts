import type { PlanContact } from "@/server/ownership/ownership";

/** A visit's original application record was written, with its completion (the customer is told). */
export interface ApplicationRecorded {
  recordId: number;
  /** Whom the visit's notices address (docs/product-rules.md#who-owns-a-visit). */
  contact: PlanContact | null;
  now: Date;
}

declare module "@/server/events/emit" {
  interface DomainEvents {
    "application.recorded": ApplicationRecorded;
  }
}
