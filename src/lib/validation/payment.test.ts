import { describe, expect, it } from "vitest";
import { issueMessages } from "./issues.test-helper";
import { ZCreatePaymentIntentRequestSchema, ZCreatePaymentRequestSchema, ZPaymentAmountSchema } from "./payment";

describe("ZPaymentAmountSchema", () => {
  it("reads the dialog's values as dollars and cents", () => {
    expect(ZPaymentAmountSchema.parse({ customerId: "7", amount: "35.29" })).toEqual({ customerId: 7, amount: 35.29, amountCents: 3529 });
    expect(ZPaymentAmountSchema.parse({ customerId: 7, amount: 0.01 })).toEqual({ customerId: 7, amount: 0.01, amountCents: 1 });
  });

  it.each([
    [{ customerId: "", amount: "10" }, { customerId: ["Customer and amount are required"] }],
    [{ customerId: null, amount: "10" }, { customerId: ["Customer and amount are required"] }],
    [{ customerId: "7", amount: "" }, { amount: ["Customer and amount are required"] }],
    [{ customerId: 7 }, { amount: ["Customer and amount are required"] }],
    [{ customerId: "7", amount: "0" }, { amount: ["Please enter a valid amount"] }],
    [{ customerId: "7", amount: "-5" }, { amount: ["Please enter a valid amount"] }],
    [{ customerId: "7", amount: "abc" }, { amount: ["Please enter a valid amount"] }],
    [{ customerId: "7", amount: "0.001" }, { amount: ["Please enter a valid amount"] }],
    [{ customerId: "7", amount: "1000000" }, { amount: ["Please enter a valid amount"] }],
  ])("%j says %j", (dialog, messages) => {
    expect(issueMessages(ZPaymentAmountSchema, dialog)).toEqual(messages);
  });
});

describe("ZCreatePaymentRequestSchema", () => {
  it("accepts cents with an optional pending status and schedule", () => {
    expect(ZCreatePaymentRequestSchema.parse({ customerId: 7, amount: 3529, status: "pending", scheduleId: 3 })).toEqual({
      customerId: 7,
      amount: 3529,
      status: "pending",
      scheduleId: 3,
    });
  });

  it.each([
    [{ customerId: 7, amount: 35.29 }, "amount"],
    [{ customerId: 7, amount: 0 }, "amount"],
    [{ customerId: 0, amount: 100 }, "customerId"],
    [{ customerId: 7, amount: 100, status: "completed" }, "status"],
    [{ customerId: 7, amount: 100, scheduleId: -1 }, "scheduleId"],
  ])("refuses %j on %s", (request, field) => {
    expect(Object.keys(issueMessages(ZCreatePaymentRequestSchema, request))).toEqual([field]);
  });
});

describe("ZCreatePaymentIntentRequestSchema", () => {
  it("accepts dollars", () => {
    expect(ZCreatePaymentIntentRequestSchema.parse({ amount: 35.29, customerId: 7, paymentId: 12 })).toEqual({
      amount: 35.29,
      customerId: 7,
      paymentId: 12,
    });
  });

  it.each([0, -1, 0.001, 1_000_000, Number.NaN])("says 'Please enter a valid amount' for %d", (amount) => {
    expect(issueMessages(ZCreatePaymentIntentRequestSchema, { amount, customerId: 7 })).toEqual({
      amount: ["Please enter a valid amount"],
    });
  });

  it("wants a customer", () => {
    expect(issueMessages(ZCreatePaymentIntentRequestSchema, { amount: 10 })).toEqual({ customerId: ["Customer is required"] });
  });
});
