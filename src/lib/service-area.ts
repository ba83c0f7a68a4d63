// The ZIP codes we serve (about 110 around Austin), shown grouped by region on the contact page.
// Post-office-box-only ZIPs are included where they sit in a town we serve, because people write
// them in addresses.
export const SERVICE_AREA_REGIONS: ReadonlyArray<{ region: string; zipCodes: readonly string[] }> = [
  {
    region: "Central Austin",
    zipCodes: ["78701", "78703", "78705", "78711", "78712", "78713", "78731", "78751", "78755", "78756", "78757"],
  },
  {
    region: "North Austin",
    zipCodes: ["78708", "78717", "78718", "78720", "78726", "78727", "78728", "78729", "78750", "78752", "78753", "78758", "78759"],
  },
  {
    region: "East Austin",
    zipCodes: ["78702", "78617", "78719", "78721", "78722", "78723", "78724", "78725", "78741", "78742", "78754"],
  },
  {
    region: "South Austin",
    zipCodes: ["78652", "78704", "78709", "78715", "78739", "78744", "78745", "78747", "78748", "78749"],
  },
  {
    region: "West Austin & Lake Travis",
    zipCodes: ["78645", "78669", "78716", "78730", "78732", "78733", "78734", "78735", "78736", "78738", "78746"],
  },
  {
    region: "Round Rock & Georgetown",
    zipCodes: ["78626", "78627", "78628", "78633", "78651", "78664", "78665", "78673", "78674", "78680", "78681", "78682", "78683"],
  },
  {
    region: "Cedar Park & Leander",
    zipCodes: ["78613", "78630", "78641", "78642", "78646"],
  },
  {
    region: "Pflugerville, Hutto & Manor",
    zipCodes: ["78615", "78634", "78653", "78660", "78691"],
  },
  {
    region: "Hays County",
    zipCodes: ["78610", "78619", "78620", "78640", "78656", "78666", "78667", "78676", "78737"],
  },
  {
    region: "Bastrop & Caldwell Counties",
    zipCodes: ["78602", "78612", "78616", "78621", "78622", "78644", "78648", "78650", "78655", "78659", "78661", "78662"],
  },
  {
    region: "Hill Country",
    zipCodes: ["78605", "78606", "78611", "78623", "78636", "78654", "78657", "78663"],
  },
];

export const SERVICE_AREA_ZIP_CODES: ReadonlySet<string> = new Set(SERVICE_AREA_REGIONS.flatMap(({ zipCodes }) => zipCodes));

export const SERVICE_AREA_MESSAGES = {
  noZip: "Please enter a complete address with a valid zip code.",
  notServiced: "We're sorry, but we don't currently service your area. Please check our service areas on the Contact page.",
  serviced: "Great! We service your area.",
} as const;

export type ServiceAreaStatus = "serviced" | "not-serviced" | "no-zip";

export interface ServiceAreaCheck {
  status: ServiceAreaStatus;
  zip: string | null;
  message: string;
}

const FIVE_DIGITS = /^\d{5}$/;
const AUSTIN_AREA_ZIP_IN_TEXT = /(?<!\d)78\d{3}(?!\d)/;
const STANDALONE_ZIP_IN_TEXT = /(?<!\d)\d{5}(?![-\d])/;

export function isServicedZip(zip: string): boolean {
  return SERVICE_AREA_ZIP_CODES.has(zip);
}

/**
 * The ZIP written in an address and where it starts: the first 78xxx wins, else a 5-digit number
 * not followed by a dash or another digit.
 */
export function findZipInAddress(address: string): { zip: string; index: number } | null {
  const match = AUSTIN_AREA_ZIP_IN_TEXT.exec(address) ?? STANDALONE_ZIP_IN_TEXT.exec(address);
  return match ? { zip: match[0], index: match.index } : null;
}

/** The ZIP written in an address, read as {@link findZipInAddress} reads it. */
export function extractZipFromAddress(address: string): string | null {
  return findZipInAddress(address)?.zip ?? null;
}

/** Check the ZIP field itself, and when that fails, look for a ZIP in the whole address. */
export function checkServiceArea(zipCode: string, address = ""): ServiceAreaCheck {
  const zipField = zipCode.trim();
  if (FIVE_DIGITS.test(zipField) && isServicedZip(zipField)) {
    return { status: "serviced", zip: zipField, message: SERVICE_AREA_MESSAGES.serviced };
  }
  const found = extractZipFromAddress(`${address} ${zipCode}`);
  if (found === null) return { status: "no-zip", zip: null, message: SERVICE_AREA_MESSAGES.noZip };
  if (isServicedZip(found)) return { status: "serviced", zip: found, message: SERVICE_AREA_MESSAGES.serviced };
  return { status: "not-serviced", zip: found, message: SERVICE_AREA_MESSAGES.notServiced };
}
