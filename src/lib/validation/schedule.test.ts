import { describe, expect, it } from "vitest";
import { issueMessages } from "./issues.test-helper";
import { newScheduleForm, ZScheduleFormSchema, ZSchedulePayloadSchema } from "./schedule";
import { SCHEDULE_STATUSES } from "@/lib/schedule-enums";

const form = newScheduleForm("2026-06-10", 4);

const payload = {
  customerId: 4,
  date: "2026-06-10T05:00:00.000Z",
  startTime: "2026-06-10T14:00:00.000Z",
  endTime: "2026-06-10T15:30:00.000Z",
  status: "confirmed",
  notes: null,
};

describe("SCHEDULE_STATUSES", () => {
  it("lists the four visit statuses", () => {
    expect(SCHEDULE_STATUSES).toEqual(["pending", "confirmed", "completed", "cancelled"]);
  });
});

describe("ZScheduleFormSchema", () => {
  it("turns ids into numbers and empty optional fields into undefined", () => {
    expect(ZScheduleFormSchema.parse({ ...form, serviceId: "2" })).toMatchObject({
      customerId: 4,
      serviceId: 2,
      recurringEndDate: undefined,
    });
    expect(ZScheduleFormSchema.parse(form).serviceId).toBeUndefined();
  });

  it.each([
    ["customerId", "", "Customer is required"],
    ["customerId", undefined, "Customer is required"],
    ["date", "", "Service date is required"],
    ["startTime", "", "Start time is required"],
    ["startTime", "25:00", "Start time is required"],
    ["endTime", "", "End time is required"],
    ["status", "", "Status is required"],
    ["status", "done", "Status is required"],
    ["serviceId", "abc", "Please select a service"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZScheduleFormSchema, { ...form, [field]: value })[field]).toEqual([message]);
  });

  it("says 'End time must be after start time'", () => {
    expect(issueMessages(ZScheduleFormSchema, { ...form, endTime: "09:00" })).toEqual({
      endTime: ["End time must be after start time"],
    });
  });

  it("wants a recurring end date after the service date", () => {
    const recurring = { ...form, isRecurring: true };
    for (const recurringEndDate of ["2026-06-10", "2026-06-01"]) {
      expect(issueMessages(ZScheduleFormSchema, { ...recurring, recurringEndDate })).toEqual({
        recurringEndDate: ["Recurring end date must be after the service date"],
      });
    }
    expect(ZScheduleFormSchema.safeParse({ ...recurring, recurringEndDate: "2026-06-11" }).success).toBe(true);
    expect(ZScheduleFormSchema.safeParse(recurring).success).toBe(true);
  });

  it("refuses a malformed recurring end date", () => {
    expect(issueMessages(ZScheduleFormSchema, { ...form, isRecurring: true, recurringEndDate: "2026-06-31" })).toEqual({
      recurringEndDate: ["Recurring end date must be a valid date"],
    });
  });

  it("ignores a hidden end date when the schedule is not recurring", () => {
    expect(ZScheduleFormSchema.safeParse({ ...form, recurringEndDate: "2026-06-01" }).success).toBe(true);
  });
});

describe("ZSchedulePayloadSchema", () => {
  it("turns ISO strings into dates and clears recurrence for a one-time schedule", () => {
    const parsed = ZSchedulePayloadSchema.parse({ ...payload, recurringFrequency: "monthly" });
    expect(parsed.startTime).toEqual(new Date("2026-06-10T14:00:00.000Z"));
    expect(parsed).toMatchObject({ isRecurring: false, recurringFrequency: null, recurringEndDate: null });
  });

  it("accepts Date objects and reads a bare date as the start of that Austin day", () => {
    const parsed = ZSchedulePayloadSchema.parse({ ...payload, date: "2026-06-10", startTime: new Date("2026-06-10T14:00:00Z") });
    expect(parsed.date.toISOString()).toBe("2026-06-10T05:00:00.000Z");
    expect(parsed.startTime.toISOString()).toBe("2026-06-10T14:00:00.000Z");
  });

  it("defaults a recurring schedule's frequency to weekly", () => {
    expect(ZSchedulePayloadSchema.parse({ ...payload, isRecurring: true })).toMatchObject({
      recurringFrequency: "weekly",
      recurringEndDate: null,
    });
  });

  it.each([
    ["customerId", undefined, "Customer is required"],
    ["customerId", "4", "Customer is required"],
    ["customerId", 0, "Customer is required"],
    ["date", undefined, "Service date is required"],
    ["date", "next Tuesday", "Service date is required"],
    ["startTime", "", "Start time is required"],
    ["startTime", "2026-06-10T14:00:00", "Start time is required"],
    ["endTime", undefined, "End time is required"],
    ["status", undefined, "Status is required"],
    ["totalPrice", 12.5, "Total price must be a whole number of cents, 0 or more"],
    ["totalPrice", -1, "Total price must be a whole number of cents, 0 or more"],
    ["lawnSizeSqFt", -1, "Lawn size must be at least 100 sq ft"],
    ["lawnSizeSqFt", 99, "Lawn size must be at least 100 sq ft"],
    ["lawnSizeSqFt", 1_000_001, "Lawn size must be between 100 and 1,000,000 sq ft"],
    ["address", "a".repeat(301), "Must be at most 300 characters"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZSchedulePayloadSchema, { ...payload, [field]: value })[field]).toEqual([message]);
  });

  it("reports only the malformed field when a refinement cannot judge", () => {
    const recurring = { ...payload, isRecurring: true, recurringEndDate: "2026-06-20" };
    expect(issueMessages(ZSchedulePayloadSchema, { ...recurring, date: "bad" })).toEqual({ date: ["Service date is required"] });
    expect(issueMessages(ZSchedulePayloadSchema, { ...payload, startTime: "bad" })).toEqual({ startTime: ["Start time is required"] });
  });

  it("says 'End time must be after start time'", () => {
    expect(issueMessages(ZSchedulePayloadSchema, { ...payload, endTime: payload.startTime })).toEqual({
      endTime: ["End time must be after start time"],
    });
  });

  it("compares the recurring end date with the service date on Austin's calendar", () => {
    const recurring = { ...payload, isRecurring: true, recurringFrequency: "biweekly" };
    // 2026-06-11T03:00Z is still June 10 in Austin.
    expect(issueMessages(ZSchedulePayloadSchema, { ...recurring, recurringEndDate: "2026-06-11T03:00:00.000Z" })).toEqual({
      recurringEndDate: ["Recurring end date must be after the service date"],
    });
    const parsed = ZSchedulePayloadSchema.parse({ ...recurring, recurringEndDate: "2026-06-11" });
    expect(parsed).toMatchObject({ recurringFrequency: "biweekly", recurringEndDate: new Date("2026-06-11T05:00:00.000Z") });
  });
});
