import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { ZConversationSearchSchema } from "@/lib/validation/customer-search";
import { pathId } from "@/lib/validation/fields";
import { MESSAGE_NOT_FOUND, listConversations, listMessages, markMessageRead, sendStaffMessage } from "@/server/messages/conversation";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import { countUnreadCustomerMessages, listUnreadCustomerMessages } from "@/server/messages/unread";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import {
  ZConversationSchema,
  ZMessageSchema,
  ZSendMessageSchema,
  ZUnreadCountSchema,
  ZUnreadMessageSchema,
} from "@/server/messages/schemas";

/** Staff messages. */
export const messagesRouter = createTRPCRouter({
  unread: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/messages/unread", tags: ["messages"], summary: "Unread customer messages, newest first" },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZUnreadMessageSchema))
    .query(({ ctx }) => listUnreadCustomerMessages(ctx.db)),

  unreadCount: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/messages/unread/count",
        tags: ["messages"],
        summary: "How many customer messages are unread (the bell badge)",
      },
    })
    .input(ZNoInputSchema)
    .output(ZUnreadCountSchema)
    .query(({ ctx }) => countUnreadCustomerMessages(ctx.db)),

  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/messages",
        tags: ["messages"],
        summary: "A customer's conversation (or the latest messages), oldest first",
      },
    })
    .input(z.object({ customerId: pathId(CUSTOMER_NOT_FOUND).optional() }))
    .output(z.array(ZMessageSchema))
    .query(({ ctx, input }) => listMessages(ctx.db, input)),

  conversations: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/messages/conversations",
        tags: ["messages"],
        summary: "Customers with their unread counts, latest conversations first; q narrows to matching customers, limit caps the list",
      },
    })
    .input(ZConversationSearchSchema)
    .output(z.array(ZConversationSchema))
    .query(({ ctx, input }) => listConversations(ctx.db, input)),

  send: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/messages",
        tags: ["messages"],
        summary: "Send a message to a customer, in My Account or by text (400 when the customer cannot be texted)",
      },
      successStatus: 201,
    })
    .input(ZSendMessageSchema)
    .output(ZMessageSchema)
    .mutation(({ ctx, input }) =>
      sendStaffMessage(ctx.db, {
        customerId: input.customerId,
        content: input.content,
        channel: input.channel,
        userId: ctx.staff.user?.id ?? null,
      }),
    ),

  markRead: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "PATCH", path: "/messages/{id}/read", tags: ["messages"], summary: "Mark a message read" },
    })
    .input(z.object({ id: pathId(MESSAGE_NOT_FOUND) }))
    .output(ZMessageSchema)
    .mutation(({ ctx, input }) => markMessageRead(ctx.db, input.id)),
});
