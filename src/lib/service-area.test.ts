import { describe, expect, it } from "vitest";
import {
  checkServiceArea,
  extractZipFromAddress,
  isServicedZip,
  SERVICE_AREA_MESSAGES,
  SERVICE_AREA_REGIONS,
  SERVICE_AREA_ZIP_CODES,
} from "./service-area";

describe("service area list", () => {
  const allCodes = SERVICE_AREA_REGIONS.flatMap(({ zipCodes }) => zipCodes);

  it("holds about 110 Greater Austin ZIP codes", () => {
    expect(SERVICE_AREA_ZIP_CODES.size).toBeGreaterThanOrEqual(100);
    expect(SERVICE_AREA_ZIP_CODES.size).toBeLessThanOrEqual(120);
    for (const zip of allCodes) expect(zip).toMatch(/^78(6|7)\d\d$/);
  });

  it("lists each ZIP code in one region only", () => {
    expect(allCodes).toHaveLength(SERVICE_AREA_ZIP_CODES.size);
  });

  it("names each region once and leaves none empty", () => {
    const names = SERVICE_AREA_REGIONS.map(({ region }) => region);
    expect(new Set(names).size).toBe(names.length);
    for (const { zipCodes } of SERVICE_AREA_REGIONS) expect(zipCodes.length).toBeGreaterThan(0);
  });

  it.each([
    "78701",
    "78745",
    "78664",
    "78613",
    "78641",
    "78660",
    "78626",
    "78653",
    "78640",
    "78610",
    "78620",
    "78734",
    "78738",
    "78617",
    "78666",
    "78602",
  ])("serves %s", (zip) => {
    expect(isServicedZip(zip)).toBe(true);
  });

  it.each(["10001", "78799", "77001", "7870", "", " 78701"])("does not serve %j", (zip) => {
    expect(isServicedZip(zip)).toBe(false);
  });
});

describe("extractZipFromAddress", () => {
  it.each([
    ["123 Main St, Austin, TX 78701", "78701"],
    ["PO 99999 then 78745", "78745"],
    ["12345 Ranch Rd 620, Austin TX 78732-1234", "78732"],
    ["1 Broadway, New York, NY 10001", "10001"],
    ["10001-1234", null],
    ["no zip here", null],
    ["7870", null],
    ["787011", null],
    ["TX78704", "78704"],
  ])("finds the ZIP in %j: %j", (address, zip) => {
    expect(extractZipFromAddress(address)).toBe(zip);
  });
});

describe("checkServiceArea", () => {
  const serviced = SERVICE_AREA_MESSAGES.serviced;
  const notServiced = SERVICE_AREA_MESSAGES.notServiced;
  const noZip = SERVICE_AREA_MESSAGES.noZip;
  const servicedAt = (zip: string) => ({ status: "serviced", zip, message: serviced });
  const notServicedAt = (zip: string) => ({ status: "not-serviced", zip, message: notServiced });
  const withoutZip = { status: "no-zip", zip: null, message: noZip };

  it("says the spec's texts", () => {
    expect(SERVICE_AREA_MESSAGES).toEqual({
      noZip: "Please enter a complete address with a valid zip code.",
      notServiced: "We're sorry, but we don't currently service your area. Please check our service areas on the Contact page.",
      serviced: "Great! We service your area.",
    });
  });

  it.each([
    ["serviced 5-digit field", "78745", "", servicedAt("78745")],
    ["field with spaces around it", " 78701 ", "", servicedAt("78701")],
    ["ZIP+4 in the field", "78701-1234", "", servicedAt("78701")],
    ["short field, ZIP in the address", "787", "1 Congress Ave, Austin, TX 78701", servicedAt("78701")],
    ["unserviced field, serviced ZIP in the address", "10001", "5 Elm St, Austin 78745", servicedAt("78745")],
    ["unserviced 5-digit field", "10001", "", notServicedAt("10001")],
    ["unserviced 78xxx field", "78799", "", notServicedAt("78799")],
    ["empty field, unserviced ZIP in the address", "", "1 Main St, Dallas, TX 75201", notServicedAt("75201")],
    ["empty field and address", "", "", withoutZip],
    ["partial field, no ZIP in the address", "7870", "123 Main St", withoutZip],
    ["only a foreign ZIP+4", "10001-1234", "", withoutZip],
  ])("%s", (_case, zipCode, address, expected) => {
    expect(checkServiceArea(zipCode, address)).toEqual(expected);
  });

  it("defaults the address to empty", () => {
    expect(checkServiceArea("78660")).toEqual(servicedAt("78660"));
  });
});
