import { z } from "zod";
import { listUnreadCustomerMessages } from "@/server/messages/unread";
import { createTRPCRouter, staffProcedure } from "../trpc";
import { ZNoInputSchema } from "../schemas/accounts";
import { ZUnreadMessageSchema } from "../schemas/messages";

/** Staff messages (spec 7, Staff data). */
export const messagesRouter = createTRPCRouter({
  unread: staffProcedure
    .meta({ openapi: { method: "GET", path: "/messages/unread", tags: ["messages"], summary: "Unread customer messages (the bell badge)" } })
    .input(ZNoInputSchema)
    .output(z.array(ZUnreadMessageSchema))
    .query(({ ctx }) => listUnreadCustomerMessages(ctx.db)),
});
