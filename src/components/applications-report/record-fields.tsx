import { appliedAmount, appliedTime, dayLabel, licenseTypeLabel, windLabel } from "@/lib/applications-report";
import type { ApplicationReportRecord } from "@/server/applications-report/schemas";

/**
 * One application record with every field 4 TAC §7.144 asks, as written on the day: the print
 * view's block and the phone's card. The amendment says what it corrected and why.
 */
export function RecordFields({ record }: { record: ApplicationReportRecord }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Date and time", `${dayLabel(record.appliedOn)}, ${appliedTime(record.appliedAt)}`],
    ["Customer", record.customerId === null ? `${record.customerName} (no longer on file)` : record.customerName],
    ["Billing address", record.billingAddress],
    ["Service address", record.serviceAddress],
    [
      record.products.length === 1 ? "Product" : "Products",
      <ul key="products" className="space-y-1">
        {record.products.map((product) => (
          <li key={`${product.productId}-${product.name}`}>
            <span className="font-medium">{product.name}</span>, EPA Reg. No. {product.epaRegistrationNumber}: {appliedAmount(product)}
          </li>
        ))}
      </ul>,
    ],
    ["Target pest or purpose", record.targetPest],
    ["Area treated", `${record.areaTreatedSqFt.toLocaleString("en-US")} sq ft`],
    ["Wind and temperature", `${windLabel(record)}, ${record.temperatureF} °F`],
    ["Applicator", `${record.applicatorName}, ${licenseTypeLabel(record.applicatorLicenseType)} license ${record.applicatorLicenseNumber}`],
    [
      "Supervising certified applicator",
      record.supervisorName
        ? `${record.supervisorName}, license ${record.supervisorLicenseNumber ?? "not recorded"}`
        : "None (certified applicator)",
    ],
    ["Business license", record.businessLicenseNumber],
    ["Recorded by", record.recordedByName],
  ];
  if (record.amendment) {
    rows.push([
      "Amended",
      `Corrects record #${record.amendment.amendsRecordId} (original #${record.amendment.originalRecordId}${
        record.amendment.amendments > 1 ? `, ${record.amendment.amendments} corrections` : ""
      }): ${record.amendment.reason} (${record.amendment.amendedBy})`,
    ]);
  }
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[13rem_1fr] print:grid-cols-[11rem_1fr] print:text-[10pt]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-gray-700">{label}</dt>
          <dd className="mb-1 text-gray-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
