import { type SQL, sql } from "drizzle-orm";
import { rateFromThousandths } from "@/lib/products";
import type { TApplicationsReportInput } from "@/lib/validation/applications-report";
import type { Db } from "@/server/db";
import { getBusinessLicense } from "@/server/products/business-license";
import { runReportStatement } from "@/server/reports/report-statement";
import type { ApplicationReportRecord, ApplicationsReport } from "./schemas";

type Json<T> = T | string | null;

/** A record as the statement builds it in JSON: instants as text, amounts in thousandths. */
interface RecordJson extends Omit<ApplicationReportRecord, "appliedAt" | "recordedAt" | "products" | "amendment"> {
  appliedAt: string;
  recordedAt: string;
  products: Array<{
    productId: number;
    name: string;
    epaRegistrationNumber: string;
    unit: ApplicationReportRecord["products"][number]["unit"];
    amountThousandths: number | null;
    rateThousandths: number | null;
    mixingRate: string | null;
    totalMix: string | null;
  }> | null;
  amendsRecordId: number | null;
  amendmentReason: string | null;
  originalRecordId: number | null;
  amendments: number | null;
}

interface ReportRow {
  records: Json<RecordJson[]>;
  products: Json<ApplicationsReport["choices"]["products"]>;
  applicators: Json<ApplicationsReport["choices"]["applicators"]>;
  customers: Json<ApplicationsReport["choices"]["customers"]>;
}

const parsed = <T>(value: Json<T[]>): T[] => (typeof value === "string" ? (JSON.parse(value) as T[]) : (value ?? []));

/** The filters as conditions on a standing record `p`; none means every record of the period. */
function filterConditions(input: TApplicationsReportInput): SQL {
  const conditions: SQL[] = [sql`true`];
  if (input.productId !== undefined) {
    conditions.push(
      sql`exists (select 1 from application_record_products x where x.record_id = p.id and x.product_id = ${input.productId})`,
    );
  }
  if (input.staffUserId !== undefined) conditions.push(sql`p.applicator_staff_user_id = ${input.staffUserId}`);
  if (input.customerId !== undefined) conditions.push(sql`p.customer_id = ${input.customerId}`);
  if (input.customerName) conditions.push(sql`lower(p.customer_name) = lower(${input.customerName})`);
  return sql.join(conditions, sql` and `);
}

/**
 * The application records of a period, as an inspector asks for them (4 TAC §7.144): only the
 * record that stands, the latest of its amendment chain, on the Austin day it records, with the
 * chain's original and how many corrections it had. Products, applicators and customers the
 * period's records name come along, to filter by. One statement reads it all.
 */
export async function applicationsReport(db: Db, input: TApplicationsReportInput): Promise<ApplicationsReport> {
  const [rows, license] = await Promise.all([
    runReportStatement<ReportRow>(
      db,
      sql`
      with recursive standing as materialized (
        select r.* from application_records r
        where r.applied_on >= ${input.from}::date and r.applied_on <= ${input.to}::date
          and not exists (select 1 from application_records later where later.amends_record_id = r.id)
      ),
      chosen as materialized (
        select p.* from standing p where ${filterConditions(input)}
      ),
      chain(standing_id, record_id, prior_id, depth) as (
        select c.id, c.id, c.amends_record_id, 0 from chosen c where c.amends_record_id is not null
        union all
        select chain.standing_id, a.id, a.amends_record_id, chain.depth + 1
        from chain join application_records a on a.id = chain.prior_id
      ),
      origins as (
        select standing_id, max(record_id) filter (where prior_id is null) as original_id, max(depth) as amendments
        from chain group by standing_id
      )
      select
        (select json_agg(json_build_object(
            'id', c.id, 'visitId', c.visit_id, 'customerId', c.customer_id, 'customerName', c.customer_name,
            'billingAddress', c.billing_address, 'serviceAddress', c.service_address,
            'appliedOn', to_char(c.applied_on, 'YYYY-MM-DD'), 'appliedAt', c.applied_at,
            'targetPest', c.target_pest, 'areaTreatedSqFt', c.area_treated_sq_ft,
            'windSpeedMph', c.wind_speed_mph, 'windDirection', c.wind_direction, 'temperatureF', c.temperature_f,
            'applicatorStaffUserId', c.applicator_staff_user_id, 'applicatorName', c.applicator_name,
            'applicatorLicenseType', c.applicator_license_type, 'applicatorLicenseNumber', c.applicator_license_number,
            'supervisorName', c.supervisor_name, 'supervisorLicenseNumber', c.supervisor_license_number,
            'businessLicenseNumber', c.business_license_number, 'recordedVia', c.recorded_via,
            'recordedByName', c.recorded_by_name, 'recordedAt', c.created_at,
            'amendsRecordId', c.amends_record_id, 'amendmentReason', c.amendment_reason,
            'originalRecordId', o.original_id, 'amendments', o.amendments,
            'products', (
              select json_agg(json_build_object(
                  'productId', x.product_id, 'name', x.product_name, 'epaRegistrationNumber', x.epa_registration_number,
                  'unit', x.unit, 'amountThousandths', x.amount_thousandths, 'rateThousandths', x.rate_thousandths,
                  'mixingRate', x.mixing_rate, 'totalMix', x.total_mix) order by x.id)
              from application_record_products x where x.record_id = c.id)
          ) order by c.applied_on, c.applied_at, c.id)
          from chosen c left join origins o on o.standing_id = c.id) as records,
        (select json_agg(json_build_object('id', id, 'name', name) order by lower(name), id) from (
          select distinct on (x.product_id) x.product_id as id, x.product_name as name
          from standing p join application_record_products x on x.record_id = p.id
          order by x.product_id, p.applied_at desc, p.id desc) named) as products,
        (select json_agg(json_build_object('id', id, 'name', name) order by lower(name), id) from (
          select distinct on (p.applicator_staff_user_id) p.applicator_staff_user_id as id, p.applicator_name as name
          from standing p where p.applicator_staff_user_id is not null
          order by p.applicator_staff_user_id, p.applied_at desc, p.id desc) named) as applicators,
        (select json_agg(json_build_object('id', id, 'name', name) order by lower(name), id nulls last) from (
          (select distinct on (p.customer_id) p.customer_id as id, p.customer_name as name
            from standing p where p.customer_id is not null
            order by p.customer_id, p.applied_at desc, p.id desc)
          union all
          (select null, min(p.customer_name) from standing p where p.customer_id is null group by lower(p.customer_name))
          ) named
        ) as customers
      `,
    ),
    getBusinessLicense(db),
  ]);
  const row = rows[0]!;
  return {
    period: { from: input.from, to: input.to },
    filters: {
      productId: input.productId ?? null,
      staffUserId: input.staffUserId ?? null,
      customerId: input.customerId ?? null,
      customerName: input.customerName || null,
    },
    businessLicenseNumber: license.licenseNumber,
    records: parsed(row.records).map(toRecord),
    choices: { products: parsed(row.products), applicators: parsed(row.applicators), customers: parsed(row.customers) },
  };
}

function toRecord(json: RecordJson): ApplicationReportRecord {
  const { amendsRecordId, amendmentReason, originalRecordId, amendments, products, ...fields } = json;
  return {
    ...fields,
    appliedAt: new Date(json.appliedAt),
    recordedAt: new Date(json.recordedAt),
    products: (products ?? []).map(({ amountThousandths, rateThousandths, ...product }) => ({
      ...product,
      amount: amountThousandths === null ? null : rateFromThousandths(amountThousandths),
      ratePer1000SqFt: rateThousandths === null ? null : rateFromThousandths(rateThousandths),
    })),
    amendment:
      amendsRecordId === null
        ? null
        : {
            originalRecordId: originalRecordId ?? amendsRecordId,
            amendsRecordId,
            amendments: amendments ?? 1,
            reason: amendmentReason ?? "",
            amendedBy: json.recordedByName,
            amendedAt: new Date(json.recordedAt),
          },
  };
}
