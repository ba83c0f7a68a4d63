import { z } from "zod";
import { MESSAGE_CHANNELS, TEXT_STATUSES } from "@/lib/texts";
import { positiveIdNumber } from "@/lib/validation/fields";
import { ZMessageContentSchema } from "@/lib/validation/message";

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
    channel: z.enum(MESSAGE_CHANNELS).describe("'portal' for My Account and the staff screen, 'text' for a text message"),
    delivery: z
      .object({
        status: z.enum(TEXT_STATUSES),
        errorCode: z.number().int().nullable().describe("Twilio's error code when the text failed"),
        error: z.string().nullable().describe("Why the text failed or was not sent"),
      })
      .nullable()
      .describe("For a staff message sent by text: what became of the text (from Twilio's status callbacks)"),
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

export const ZSendMessageSchema = z.object({
  customerId: positiveIdNumber("Customer is required"),
  content: ZMessageContentSchema,
  senderType: z.literal("user", { error: "Staff messages are sent with senderType 'user'" }).optional(),
  channel: z
    .enum(MESSAGE_CHANNELS, { error: "channel must be portal or text" })
    .optional()
    .describe("'text' sends it as a text too; without it, by text when the customer's latest message came by text"),
});
