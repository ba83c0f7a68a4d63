import { z } from "zod";
import { ACCEPTANCE_STATUSES, DEPOSIT_KINDS, QUOTE_PLAN_KINDS, QUOTE_STATUSES } from "@/lib/quote-enums";
import { RECURRING_FREQUENCIES } from "@/lib/schedule-enums";

const cents = (description = "Cents") => z.number().int().describe(description);

export const ZQuoteRequestSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string(),
    city: z.string().nullable(),
    zipCode: z.string(),
    description: z.string(),
    preferredTime: z.string().nullable(),
    customerId: z.number().int().nullable(),
    createdAt: z.date(),
    handledAt: z.date().nullable(),
    photoIds: z.array(z.number().int()).describe("Read each with GET /quote-requests/{id}/photos/{photoId}"),
    quoteId: z.number().int().nullable().describe("The latest quote built from it"),
  })
  .meta({ id: "QuoteRequest" });

export const ZQuoteRequestPhotoSchema = z
  .object({ contentType: z.enum(["image/jpeg", "image/png", "image/webp"]), dataBase64: z.string() })
  .meta({ id: "QuoteRequestPhoto" });

export const ZQuoteRequestReceiptSchema = z
  .object({ success: z.literal(true), id: z.number().int(), message: z.string() })
  .meta({ id: "QuoteRequestReceipt" });

const ZTotals = z.object({ subtotal: cents(), tax: cents(), total: cents(), deposit: cents("Cents due before acceptance") });

const ZLine = z.object({
  id: z.number().int(),
  serviceId: z.number().int().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: cents(),
  optional: z.boolean(),
});

const ZVersion = z.object({
  version: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  expiresOn: z.string().meta({ format: "date" }),
  terms: z.string(),
  message: z.string().nullable(),
  planKind: z.enum(QUOTE_PLAN_KINDS),
  planServiceId: z.number().int().nullable(),
  planFrequency: z.enum(RECURRING_FREQUENCIES).nullable(),
  planFirstDate: z.string().meta({ format: "date" }),
  planStartTime: z.string(),
  planDurationMinutes: z.number().int(),
  planEndDate: z.string().meta({ format: "date" }).nullable(),
  planPricePerVisit: cents().nullable(),
  planProgramId: z.number().int().nullable().describe("For a program's plan: the lawn program accepting it enrolls the customer in"),
  planLawnSizeSqFt: z.number().int().nullable().describe("For a program's plan: the lawn's size; empty: the customer's usual size"),
  planAutoRenew: z.boolean().describe("For a program's plan: whether the enrollment renews for the next season"),
  planSeason: z.number().int().nullable().describe("For a program's plan: the season it was written for"),
  planRounds: z
    .number()
    .int()
    .nullable()
    .describe("For a program's plan: its season's rounds still to come when written, sharing the total"),
  depositKind: z.enum(DEPOSIT_KINDS),
  depositValue: z.number().int(),
  createdAt: z.date(),
  items: z.array(ZLine),
  totals: ZTotals.describe("Required items only"),
});

const ZQuoteProgramRound = z.object({
  position: z.number().int(),
  serviceName: z.string(),
  purpose: z.string(),
  opensOn: z.string().meta({ format: "date" }),
  closesOn: z.string().meta({ format: "date" }),
});

const ZQuoteProgram = z
  .object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    season: z.number().int().describe("The season an acceptance today enrolls in: this year's while a round is open, else the next"),
    rounds: z.array(ZQuoteProgramRound).describe("The season's rounds still to come: the quote's total is shared across them"),
  })
  .meta({ id: "QuoteProgram" });

const ZAcceptance = z.object({
  id: z.number().int(),
  version: z.number().int(),
  signedName: z.string(),
  acceptedAt: z.date(),
  clientAddress: z.string(),
  optionalItemIds: z.array(z.number().int()),
  subtotal: cents(),
  tax: cents(),
  total: cents(),
  deposit: cents(),
  status: z.enum(ACCEPTANCE_STATUSES),
  paymentId: z.number().int().nullable(),
  scheduleId: z.number().int().nullable(),
  visitsNeedingTime: z
    .array(z.number().int())
    .describe(
      "Visits no crew was free for when it was accepted, created pending for staff to give a time (the quote's visitsNeedingTime lists those still waiting)",
    ),
  completedAt: z.date().nullable(),
});

export const ZQuoteSchema = z
  .object({
    id: z.number().int(),
    requestId: z.number().int().nullable(),
    customerId: z.number().int().nullable(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string(),
    city: z.string().nullable(),
    state: z.string(),
    zipCode: z.string(),
    status: z.enum(QUOTE_STATUSES),
    currentVersion: z.number().int(),
    link: z.enum(["none", "live", "revoked"]),
    sentAt: z.date().nullable(),
    viewedAt: z.date().nullable(),
    declinedAt: z.date().nullable(),
    declineReason: z.string().nullable(),
    acceptedAt: z.date().nullable(),
    scheduleId: z.number().int().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
    version: ZVersion,
    versions: z.array(z.object({ version: z.number().int(), createdAt: z.date() })),
    acceptance: ZAcceptance.nullable(),
    program: ZQuoteProgram.nullable().describe("For a program's plan: the program as an acceptance today would enroll in it"),
    enrollmentId: z.number().int().nullable().describe("The enrollment the accepted quote made (GET /enrollments/{id})"),
    visitsNeedingTime: z
      .array(z.object({ visitId: z.string(), startTime: z.date(), endTime: z.date() }))
      .describe(
        "The plan's visits still waiting for staff to give them a time, soonest first; one given a time (moved, confirmed) or cancelled drops off",
      ),
  })
  .meta({ id: "Quote" });

export const ZQuoteListItemSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    status: z.enum(QUOTE_STATUSES),
    currentVersion: z.number().int(),
    expiresOn: z.string().meta({ format: "date" }),
    total: cents("Required items with tax"),
    scheduleId: z.number().int().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "QuoteListItem" });

export const ZQuotePageSchema = z
  .object({
    reference: z.string().meta({ example: "Q-42" }),
    status: z.enum(QUOTE_STATUSES),
    version: z.number().int().describe("Send it back with the acceptance"),
    fullName: z.string(),
    address: z.string(),
    message: z.string().nullable(),
    terms: z.string(),
    expiresOn: z.string().meta({ format: "date" }),
    taxRateBasisPoints: z.number().int(),
    items: z.array(ZLine.omit({ serviceId: true })),
    plan: z.object({
      kind: z.enum(QUOTE_PLAN_KINDS),
      serviceName: z.string().nullable(),
      frequency: z.enum(RECURRING_FREQUENCIES).nullable(),
      firstDate: z.string().meta({ format: "date" }),
      startTime: z.string(),
      durationMinutes: z.number().int(),
      endDate: z.string().meta({ format: "date" }).nullable(),
      pricePerVisit: cents().nullable(),
      program: z
        .object({
          name: z.string(),
          season: z.number().int(),
          autoRenew: z.boolean().describe("Whether the enrollment renews for the next season; you can stop it in My Account"),
          rounds: z.array(ZQuoteProgramRound.omit({ position: true })),
          asWritten: z
            .boolean()
            .describe("False once a round's window has closed since the quote was written: it can no longer be accepted (409)"),
        })
        .nullable()
        .describe("For a lawn program: the season and its rounds still to come, each charged its share of the total"),
    }),
    deposit: z.object({ kind: z.enum(DEPOSIT_KINDS), value: z.number().int() }),
    totals: ZTotals.describe("Required items only; the page adds the optional items the customer ticks"),
    acceptance: z
      .object({
        status: z.enum(["awaiting_deposit", "accepted"]),
        version: z.number().int(),
        signedName: z.string(),
        acceptedAt: z.date(),
        optionalItemIds: z.array(z.number().int()),
        total: cents(),
        deposit: cents(),
      })
      .nullable(),
    declinedAt: z.date().nullable(),
    savedCard: z
      .object({ brand: z.string(), last4: z.string() })
      .nullable()
      .describe("In My Account, while the deposit is due and unpaid: the account's default card it may be paid with"),
  })
  .meta({ id: "QuotePage" });

export const ZSavedCardPaymentSchema = z
  .object({
    status: z
      .enum(["completed", "processing", "failed"])
      .describe("completed: the quote is accepted; processing: the bank is confirming it"),
    message: z.string().optional().describe("Why the card was refused, when it was"),
  })
  .meta({ id: "SavedCardPayment" });

export const ZCustomerQuoteSchema = z
  .object({
    id: z.number().int().describe("Open it with GET /customer/quotes/{id}"),
    reference: z.string().meta({ example: "Q-42" }),
    status: z.enum(QUOTE_STATUSES).describe("Never draft: drafts are the office's"),
    version: z.number().int(),
    total: cents("The accepted total (with the optional items chosen), else the required items with tax"),
    expiresOn: z.string().meta({ format: "date" }).describe("The last day it can be accepted"),
    sentAt: z.date().nullable(),
    depositDue: cents("A deposit the acceptance waits for, else 0"),
  })
  .meta({ id: "CustomerQuote" });

export const ZQuoteAcceptedSchema = z
  .object({
    status: z
      .enum(["accepted", "awaiting_deposit"])
      .describe(
        "awaiting_deposit: pay the deposit (POST /quote-page/deposit, or /customer/quotes/{id}/deposit); the quote is accepted once it is confirmed",
      ),
    deposit: cents(),
  })
  .meta({ id: "QuoteAcceptance" });

export const ZQuoteDepositIntentSchema = z
  .object({ clientSecret: z.string(), paymentId: z.number().int(), amount: cents() })
  .meta({ id: "QuoteDepositIntent" });

export const ZQuoteSettingsResponseSchema = z.object({ taxRateBasisPoints: z.number().int() }).meta({ id: "QuoteSettings" });
