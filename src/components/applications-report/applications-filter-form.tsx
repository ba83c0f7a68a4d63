import Form from "next/form";
import { buttonClasses } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { CUSTOMER_NAME_PREFIX, customerFilterValue } from "@/lib/applications-report";
import type { TApplicationsReportInput } from "@/lib/validation/applications-report";
import type { ApplicationsReport } from "@/server/applications-report/schemas";

const INPUT = "mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 md:text-sm";

type Option = { value: string; label: string };

/** The choices the period's records offer, plus the filter asked for when none of them is it. */
function optionsWith(options: Option[], current: string, fallback: string): Option[] {
  return current === "" || options.some((option) => option.value === current) ? options : [...options, { value: current, label: fallback }];
}

/**
 * The period and the filters: a plain GET form, so it works without JavaScript and the address
 * says what is shown. The lists hold what the period's records name.
 */
export function ApplicationsFilterForm({
  input,
  report,
  problem,
}: {
  input: TApplicationsReportInput;
  report: ApplicationsReport;
  problem?: string;
}) {
  const product = input.productId ? String(input.productId) : "";
  const applicator = input.staffUserId ? String(input.staffUserId) : "";
  const customer = customerFilterValue(input);
  const products = optionsWith(
    report.choices.products.map((each) => ({ value: String(each.id), label: each.name })),
    product,
    `Product #${product}`,
  );
  const applicators = optionsWith(
    report.choices.applicators.map((each) => ({ value: String(each.id), label: each.name })),
    applicator,
    `Staff member #${applicator}`,
  );
  const customers = optionsWith(
    report.choices.customers.map((each) =>
      each.id === null
        ? { value: `${CUSTOMER_NAME_PREFIX}${each.name}`, label: `${each.name} (deleted)` }
        : { value: String(each.id), label: each.name },
    ),
    customer,
    input.customerName ?? `Customer #${customer}`,
  );
  const select = (name: string, label: string, value: string, options: Option[], everyone: string) => (
    <label className="col-span-2 text-sm font-medium text-gray-800 sm:col-span-1 sm:min-w-44">
      {label}
      <select name={name} defaultValue={value} className={INPUT}>
        <option value="">{everyone}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="space-y-3">
      <FormAlert message={problem ? `${problem}. Showing the month so far.` : undefined} />
      <Form action="/reports/applications" className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <label className="text-sm font-medium text-gray-800">
          From
          <input type="date" name="from" defaultValue={input.from} required className={INPUT} />
        </label>
        <label className="text-sm font-medium text-gray-800">
          To
          <input type="date" name="to" defaultValue={input.to} required className={INPUT} />
        </label>
        {select("productId", "Product", product, products, "All products")}
        {select("staffUserId", "Applicator", applicator, applicators, "All applicators")}
        {select("customer", "Customer", customer, customers, "All customers")}
        <button type="submit" className={buttonClasses("primary", "md", "col-span-2 sm:col-span-1")}>
          Show
        </button>
      </Form>
    </div>
  );
}
