declare module "@/server/events/emit" {
  interface DomainEvents {
    /** A customer wrote to the office from the portal. */
    "message.received": { customerId: number; message: { id: number; content: string; timestamp: Date } };
  }
}

export {};
