import type { ChangeAuthor } from "@/lib/schedule-enums";
import type { NotifiableVisit } from "./visit-snapshot";

/** A visit's status or time changed: before and after, as the customer sees the visit. */
export interface VisitChanged {
  before: NotifiableVisit;
  after: NotifiableVisit;
  changedBy: ChangeAuthor;
  /** Moved off a rain day. */
  rainDay: boolean;
  /**
   * Part of making a plan (an accepted quote's visits placed, a saved series' clashes moved), whose
   * own announcement covers it: nobody is told of this visit on its own.
   */
  quiet: boolean;
  /** The moment of the change: a visit already past when it changes is news to nobody. */
  now: Date;
}

/** A visit was marked completed (again, possibly: reactions are idempotent). */
export interface VisitCompleted {
  visit: { id: number; scheduleId: number; customerId: number; totalPrice: number };
}

/** A plan was made or saved by staff; its address may be new. */
export interface PlanSaved {
  scheduleId: number;
}

declare module "@/server/events/emit" {
  interface DomainEvents {
    "visit.changed": VisitChanged;
    "visit.completed": VisitCompleted;
    "plan.saved": PlanSaved;
  }
}
