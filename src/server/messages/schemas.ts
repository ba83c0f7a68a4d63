import { z } from "zod";

export const ZUnreadMessageSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    content: z.string(),
    timestamp: z.date(),
    customer: z.object({ fullName: z.string() }),
  })
  .meta({ id: "UnreadMessage" });

export const ZUnreadCountSchema = z
  .object({ count: z.number().int().describe("Customer messages staff have not read") })
  .meta({ id: "UnreadCount" });

export const ZMessageSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    userId: z.number().int().nullable().describe("The staff member who wrote it, when sent by a person"),
    content: z.string(),
    timestamp: z.date(),
    read: z.boolean(),
    senderType: z.enum(["user", "customer"]).describe("'user' for staff, 'customer' for the customer"),
    customer: z.object({ fullName: z.string() }),
  })
  .meta({ id: "Message" });

export const ZConversationSchema = z
  .object({
    customerId: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    unreadCount: z.number().int().describe("Customer messages staff have not read"),
    lastMessageAt: z.date().nullable(),
    lastMessage: z.string().nullable(),
  })
  .meta({ id: "Conversation" });

export const ZInquirySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    createdAt: z.date(),
    handledAt: z.date().nullable(),
    customerId: z.number().int().nullable().describe("The customer this inquiry was turned into or linked to"),
  })
  .meta({ id: "Inquiry" });
