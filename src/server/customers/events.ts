/** Who created a customer record; it travels with the `customer.created` webhook. */
export type CustomerSource = "booking" | "staff" | "registration" | "inquiry" | "quote";

declare module "@/server/events/emit" {
  interface DomainEvents {
    /** A new customer record, however it came to be. */
    "customer.created": { customerId: number; source: CustomerSource };
    /** A customer's record was edited (by staff or in the portal); the address may be new. */
    "customer.updated": { customerId: number };
  }
}
