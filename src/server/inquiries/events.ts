/**
 * A message sent with the website's contact form, linked to the customer of its email if there is
 * one; or a text from a number no customer has (no email, the number as its phone).
 */
export interface ReceivedInquiry {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  source: "website" | "text";
  customerId: number | null;
  createdAt: Date;
}

declare module "@/server/events/emit" {
  interface DomainEvents {
    "inquiry.received": { inquiry: ReceivedInquiry };
  }
}
