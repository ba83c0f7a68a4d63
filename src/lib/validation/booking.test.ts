import { describe, expect, it } from "vitest";
import { BOOKING_MESSAGES, lawnSizeIssue, ZBookingFormSchema, ZCreateBookingRequestSchema } from "./booking";
import { issueMessages } from "./issues.test-helper";
import { NUMBER_CANNOT_TAKE_TEXTS } from "@/lib/texts";

const validForm = {
  serviceId: "3",
  address: "1100 Congress Ave",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  lawnSizeSqFt: 1000,
  date: "2026-06-12",
  timeSlot: "09:00",
  isRecurring: false,
  recurringFrequency: "weekly",
  specialInstructions: "Gate code 1234",
  fullName: "Jane Doe",
  email: "jane@example.com",
  phone: "5125550100",
};

describe("booking messages", () => {
  it("are the spec's texts", () => {
    expect(BOOKING_MESSAGES).toMatchObject({
      service: "Please select a service",
      address: "Please enter your full address",
      city: "City is required",
      state: "State is required",
      zipCode: "Valid zip code is required",
      lawnSize: "Lawn size must be at least 100 sq ft",
      date: "Please select a date",
      timeSlot: "Please select a time slot",
      fullName: "Full name is required",
      email: "Valid email is required",
      phone: "Valid phone number is required",
    });
  });
});

describe("ZBookingFormSchema", () => {
  it("accepts a complete form, trimming text and defaulting state and recurrence", () => {
    const { state: _state, isRecurring: _isRecurring, recurringFrequency: _frequency, ...rest } = validForm;
    const parsed = ZBookingFormSchema.parse({ ...rest, fullName: "  Jane Doe ", email: " jane@example.com " });
    expect(parsed).toMatchObject({
      state: "TX",
      isRecurring: false,
      recurringFrequency: "weekly",
      fullName: "Jane Doe",
      email: "jane@example.com",
    });
  });

  it.each([
    ["serviceId", "", "Please select a service"],
    ["address", "12 A", "Please enter your full address"],
    ["city", "  ", "City is required"],
    ["state", "", "State is required"],
    ["zipCode", "7870", "Valid zip code is required"],
    ["lawnSizeSqFt", 0, "Lawn size must be at least 100 sq ft"],
    ["lawnSizeSqFt", 99, "Lawn size must be at least 100 sq ft"],
    ["date", "", "Please select a date"],
    ["date", "2026-02-30", "Please select a date"],
    ["timeSlot", "", "Please select a time slot"],
    ["timeSlot", "08:00", "Please select a time slot"],
    ["fullName", "J", "Full name is required"],
    ["email", "jane@", "Valid email is required"],
    ["phone", "512555", "Valid phone number is required"],
    ["specialInstructions", "x".repeat(1001), "Special instructions must be at most 1000 characters"],
    ["recurringFrequency", "daily", undefined],
  ])("%s = %j says %j", (field, value, message) => {
    const messages = issueMessages(ZBookingFormSchema, { ...validForm, [field]: value });
    if (message === undefined) expect(messages[field]).toHaveLength(1);
    else expect(messages[field]).toEqual([message]);
  });

  it("allows the lawn size to be left out", () => {
    const { lawnSizeSqFt: _lawnSize, ...withoutLawnSize } = validForm;
    expect(ZBookingFormSchema.safeParse(withoutLawnSize).success).toBe(true);
  });

  it("says the spec's message for missing fields too", () => {
    expect(issueMessages(ZBookingFormSchema, {})).toMatchObject({
      serviceId: ["Please select a service"],
      address: ["Please enter your full address"],
      city: ["City is required"],
      zipCode: ["Valid zip code is required"],
      date: ["Please select a date"],
      timeSlot: ["Please select a time slot"],
      fullName: ["Full name is required"],
      email: ["Valid email is required"],
      phone: ["Valid phone number is required"],
    });
  });

  it("refuses huge inputs cleanly", () => {
    expect(issueMessages(ZBookingFormSchema, { ...validForm, address: "a".repeat(10_000) })).toEqual({
      address: ["Must be at most 300 characters"],
    });
    expect(issueMessages(ZBookingFormSchema, { ...validForm, email: `${"a".repeat(300)}@example.com` })).toEqual({
      email: ["Valid email is required"],
    });
  });
});

describe("ZCreateBookingRequestSchema", () => {
  const request = { ...validForm, serviceId: 3 };

  it("takes the service id as a JSON number or, as the spec's form holds it, its decimal digits", () => {
    expect(ZCreateBookingRequestSchema.parse({ ...validForm, serviceId: 7 }).serviceId).toBe(7);
    expect(ZCreateBookingRequestSchema.parse(validForm).serviceId).toBe(3);
    expect(ZCreateBookingRequestSchema.parse({ ...validForm, serviceId: "12" }).serviceId).toBe(12);
  });

  it.each([
    "",
    " ",
    "abc",
    "0",
    "-1",
    "+1",
    " 3",
    "3 ",
    "03",
    "0x3",
    "3e0",
    "1.5",
    "3.0",
    "3000000000",
    0,
    -2,
    1.5,
    3_000_000_000,
    null,
    true,
  ])("says 'Please select a service' for service id %j", (serviceId) => {
    expect(issueMessages(ZCreateBookingRequestSchema, { ...validForm, serviceId }).serviceId).toEqual(["Please select a service"]);
  });

  it.each([
    ["zipCode", "78701-1234", "Valid zip code is required"],
    ["zipCode", "7870a", "Valid zip code is required"],
    ["date", "06/12/2026", "Please select a date"],
    ["date", undefined, "Please select a date"],
    ["timeSlot", "9:00", "Please select a time slot"],
    ["timeSlot", "18:00", "Please select a time slot"],
    ["lawnSizeSqFt", -5, "Lawn size must be at least 100 sq ft"],
    ["lawnSizeSqFt", 2_000_000, "Lawn size must be at most 1,000,000 sq ft"],
  ])("%s = %j says %j", (field, value, message) => {
    expect(issueMessages(ZCreateBookingRequestSchema, { ...request, [field]: value })[field]).toEqual([message]);
  });

  it("refuses a lawn under 100 sq ft whatever the service, and rounds the size", () => {
    expect(issueMessages(ZCreateBookingRequestSchema, { ...request, lawnSizeSqFt: 99 }).lawnSizeSqFt).toEqual([
      "Lawn size must be at least 100 sq ft",
    ]);
    expect(ZCreateBookingRequestSchema.parse({ ...request, lawnSizeSqFt: 1500.4 }).lawnSizeSqFt).toBe(1500);
    expect(ZCreateBookingRequestSchema.parse({ ...request, lawnSizeSqFt: null }).lawnSizeSqFt).toBeNull();
  });

  it("accepts null special instructions from REST clients", () => {
    expect(ZCreateBookingRequestSchema.parse({ ...request, specialInstructions: null }).specialInstructions).toBeNull();
  });
});

describe("lawnSizeIssue", () => {
  it.each([
    [0, "Lawn size must be at least 100 sq ft"],
    [99, "Lawn size must be at least 100 sq ft"],
    [100, null],
    [5000, null],
    [null, null],
    [undefined, null],
  ])("lawn size %j gives %j", (size, issue) => {
    expect(lawnSizeIssue(size)).toBe(issue);
  });
});

describe('the "Text me about my visits" box', () => {
  it.each([
    ["ZBookingFormSchema", ZBookingFormSchema, validForm],
    ["ZCreateBookingRequestSchema", ZCreateBookingRequestSchema, { ...validForm, serviceId: 3 }],
  ] as const)("%s: is unticked when left out, as the spec's calls leave it", (_name, schema, form) => {
    expect(schema.parse(form).textConsent).toBe(false);
  });

  it.each([
    ["ZBookingFormSchema", ZBookingFormSchema, validForm],
    ["ZCreateBookingRequestSchema", ZCreateBookingRequestSchema, { ...validForm, serviceId: 3 }],
  ] as const)("%s: ticked, refuses on the phone a number that cannot take texts, and only then", (_name, schema, form) => {
    expect(schema.parse({ ...form, textConsent: true, phone: "(512) 555-0100" }).textConsent).toBe(true);
    expect(issueMessages(schema, { ...form, textConsent: true, phone: "800-555-0101" })).toEqual({ phone: [NUMBER_CANNOT_TAKE_TEXTS] });
    expect(issueMessages(schema, { ...form, textConsent: false, phone: "800-555-0101" })).toEqual({});
  });

  it("says the phone's problem on the contact step even while another field is wrong", () => {
    expect(issueMessages(ZBookingFormSchema, { ...validForm, email: "jane@", textConsent: true, phone: "+1 242 322 1234" })).toEqual({
      email: ["Valid email is required"],
      phone: [NUMBER_CANNOT_TAKE_TEXTS],
    });
  });

  it("says only the phone's own message when the phone is not a phone at all", () => {
    expect(issueMessages(ZBookingFormSchema, { ...validForm, textConsent: true, phone: "555" })).toEqual({
      phone: ["Valid phone number is required"],
    });
  });
});
