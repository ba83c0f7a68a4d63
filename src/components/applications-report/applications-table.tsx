import { appliedAmount, appliedTime, dayLabel, licenseTypeLabel, windLabel } from "@/lib/applications-report";
import type { ApplicationReportRecord } from "@/server/applications-report/schemas";
import { RecordFields } from "./record-fields";

const TH = "px-3 py-2 text-left font-semibold whitespace-nowrap text-gray-700";
const TD = "px-3 py-2 align-top text-gray-800";

/**
 * The period's records: a table on a wide screen, one card a record on a phone (every field of
 * both, as on paper).
 */
export function ApplicationsTable({ records }: { records: ApplicationReportRecord[] }) {
  if (records.length === 0) return <p className="px-4 py-4 text-sm text-gray-600 md:px-5">No application records match.</p>;
  return (
    <>
      <ol className="divide-y divide-gray-200 md:hidden" aria-label="Application records">
        {records.map((record) => (
          <li key={record.id} className="px-4 py-4" data-application-record={record.id}>
            <p className="mb-2 text-sm font-semibold text-gray-900">Record #{record.id}</p>
            <RecordFields record={record} />
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto md:block" tabIndex={0} role="region" aria-label="Application records table">
        <table className="w-full text-sm" data-applications-table="">
          <thead>
            <tr className="border-b border-gray-200 bg-gray-50">
              <th scope="col" className={TH}>
                Applied
              </th>
              <th scope="col" className={TH}>
                Customer
              </th>
              <th scope="col" className={TH}>
                Products and amounts
              </th>
              <th scope="col" className={TH}>
                Target and conditions
              </th>
              <th scope="col" className={TH}>
                Applicator
              </th>
              <th scope="col" className={TH}>
                Record
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id} className="border-b border-gray-100 last:border-0" data-application-record={record.id}>
                <th scope="row" className={`${TD} font-medium whitespace-nowrap text-gray-900`}>
                  {dayLabel(record.appliedOn)}
                  <span className="block font-normal text-gray-600">{appliedTime(record.appliedAt)}</span>
                </th>
                <td className={TD}>
                  <span className="font-medium text-gray-900">{record.customerName}</span>
                  {record.customerId === null ? <span className="block text-xs text-gray-600">No longer on file</span> : null}
                  <span className="block">Billing: {record.billingAddress}</span>
                  <span className="block">Service: {record.serviceAddress}</span>
                </td>
                <td className={TD}>
                  <ul className="space-y-1">
                    {record.products.map((product) => (
                      <li key={`${product.productId}-${product.name}`}>
                        <span className="font-medium text-gray-900">{product.name}</span>
                        <span className="block text-xs text-gray-600">EPA Reg. No. {product.epaRegistrationNumber}</span>
                        <span className="block">{appliedAmount(product)}</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={TD}>
                  {record.targetPest}
                  <span className="block text-gray-600">{record.areaTreatedSqFt.toLocaleString("en-US")} sq ft</span>
                  <span className="block text-gray-600">
                    Wind {windLabel(record)}, {record.temperatureF} °F
                  </span>
                </td>
                <td className={TD}>
                  {record.applicatorName}
                  <span className="block text-xs text-gray-600">
                    {licenseTypeLabel(record.applicatorLicenseType)} {record.applicatorLicenseNumber}
                  </span>
                  {record.supervisorName ? (
                    <span className="block text-xs text-gray-600">
                      Supervised by {record.supervisorName} ({record.supervisorLicenseNumber ?? "no license recorded"})
                    </span>
                  ) : null}
                </td>
                <td className={TD}>
                  #{record.id}
                  <span className="block text-xs text-gray-600">Business {record.businessLicenseNumber}</span>
                  {record.amendment ? (
                    <span className="block text-xs text-amber-800">
                      Amended (original #{record.amendment.originalRecordId}): {record.amendment.reason}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
