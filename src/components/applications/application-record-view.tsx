import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { LICENSE_TYPE_LABELS, type LicenseType } from "@/lib/products";

/** A record as the API answers it (src/server/applications/schemas.ts). */
export interface ApplicationRecordData {
  id: number;
  amendsRecordId: number | null;
  amendmentReason: string | null;
  appliedOn: string;
  customerName: string;
  billingAddress: string;
  serviceAddress: string;
  areaTreatedSqFt: number;
  targetPest: string;
  windSpeedMph: number;
  windDirection: string | null;
  temperatureF: number;
  applicatorName: string;
  applicatorLicenseType: LicenseType;
  applicatorLicenseNumber: string;
  supervisorName: string | null;
  supervisorLicenseNumber: string | null;
  businessLicenseNumber: string;
  recordedByName: string;
  createdAt: string;
  products: Array<{
    productId: number;
    productName: string;
    epaRegistrationNumber: string;
    unit: string;
    amount: number | null;
    mixingRate: string | null;
    totalMix: string | null;
  }>;
}

function amountOf(product: ApplicationRecordData["products"][number]) {
  return product.amount !== null ? `${product.amount} ${product.unit}` : `mixed at ${product.mixingRate}, ${product.totalMix} in all`;
}

/** Every §7.144 field of one record (or amendment), as written on the day. */
export function ApplicationRecordView({ record, standing }: { record: ApplicationRecordData; standing: boolean }) {
  const rows: Array<[string, string]> = [
    ["Applied on", formatBusinessDate(startOfBusinessDay(record.appliedOn), "MMM d, yyyy")],
    ["Customer", `${record.customerName}, ${record.billingAddress}`],
    ["Service address", record.serviceAddress],
    ...record.products.map((product): [string, string] => [
      "Product",
      `${product.productName} (EPA Reg. No. ${product.epaRegistrationNumber}): ${amountOf(product)}`,
    ]),
    ["Area treated", `${record.areaTreatedSqFt.toLocaleString("en-US")} sq ft`],
    ["Target", record.targetPest],
    ["Weather", `Wind ${record.windSpeedMph} mph${record.windDirection ? ` ${record.windDirection}` : ""}, ${record.temperatureF} °F`],
    ["Applicator", `${record.applicatorName}, ${LICENSE_TYPE_LABELS[record.applicatorLicenseType]} ${record.applicatorLicenseNumber}`],
    ...(record.supervisorName
      ? ([["Supervisor", `${record.supervisorName}, ${record.supervisorLicenseNumber ?? "no license number"}`]] as Array<[string, string]>)
      : []),
    ["Business license", record.businessLicenseNumber],
    ["Recorded by", `${record.recordedByName}, ${formatBusinessDate(new Date(record.createdAt), "MMM d, h:mm a")}`],
  ];
  return (
    <div
      className={`rounded-lg border p-2 text-sm ${standing ? "border-brand-200 bg-white" : "border-gray-200 bg-gray-50 text-gray-600"}`}
      data-testid="application-record"
    >
      <p className="font-semibold text-gray-900">
        {record.amendsRecordId === null ? "Application record" : `Amendment of record #${record.amendsRecordId}`} #{record.id}
        {standing ? "" : " (corrected since)"}
      </p>
      {record.amendmentReason ? <p className="text-gray-800">Why: {record.amendmentReason}</p> : null}
      <dl className="mt-1 grid grid-cols-1 gap-x-3 gap-y-0.5 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value], index) => (
          <div key={`${label}-${index}`} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
