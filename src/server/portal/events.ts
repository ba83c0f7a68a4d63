import type { MessageChannel } from "@/lib/texts";

declare module "@/server/events/emit" {
  interface DomainEvents {
    /** A customer wrote to the office: from the portal, or by text (`channel` "text"). */
    "message.received": {
      customerId: number;
      message: { id: number; content: string; timestamp: Date; channel?: MessageChannel };
    };
  }
}

export {};
