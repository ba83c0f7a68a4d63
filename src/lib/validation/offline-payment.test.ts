import { describe, expect, it } from "vitest";
import { issueMessages } from "./issues.test-helper";
import { ZRecordPaymentFormSchema, ZRecordPaymentRequestSchema } from "./offline-payment";

describe("ZRecordPaymentFormSchema", () => {
  it("reads dollars and gives cents", () => {
    expect(ZRecordPaymentFormSchema.parse({ amount: "45.5", method: "check", reference: " 1042 " })).toEqual({
      amount: 4550,
      method: "check",
      reference: "1042",
    });
  });

  it.each([
    [{ amount: "", method: "cash" }, { amount: ["Customer and amount are required"] }],
    [{ amount: "0", method: "cash" }, { amount: ["Please enter a valid amount"] }],
    [{ amount: "ten", method: "cash" }, { amount: ["Please enter a valid amount"] }],
    [{ amount: "10", method: "card" }, { method: ["Choose cash or check"] }],
  ])("%j says %j", (form, messages) => {
    expect(issueMessages(ZRecordPaymentFormSchema, form)).toEqual(messages);
  });
});

describe("ZRecordPaymentRequestSchema", () => {
  it("takes cents and refuses card", () => {
    expect(ZRecordPaymentRequestSchema.parse({ customerId: 3, amount: 3500, method: "cash" })).toMatchObject({ amount: 3500 });
    expect(issueMessages(ZRecordPaymentRequestSchema, { customerId: 3, amount: 3500, method: "card" })).toEqual({
      method: ["Choose cash or check"],
    });
    expect(issueMessages(ZRecordPaymentRequestSchema, { customerId: 3, amount: 35.5, method: "cash" })).toEqual({
      amount: ["Please enter a valid amount"],
    });
  });
});
