import type { Metadata } from "next";
import Link from "next/link";
import { InfoPage, InfoSection } from "@/components/public/info-page";
import { SERVICE_AREA_ZIP_CODES } from "@/lib/service-area";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "Frequently Asked Questions",
  description: "Where we work, how prices are set, the recurring discount, cancellations and payment: answers to common questions.",
};

export default function FaqPage() {
  return (
    <InfoPage title="Frequently Asked Questions" lead="The questions homeowners ask us most, answered.">
      <InfoSection title="Which areas do you serve?">
        <p>
          Greater Austin: {SERVICE_AREA_ZIP_CODES.size} ZIP codes from Georgetown and Round Rock to San Marcos, Bastrop and Lake Travis. The
          full list, grouped by region, is on our <Link href="/contact">Contact page</Link>, and the booking form checks your ZIP code as
          you type it.
        </p>
      </InfoSection>
      <InfoSection title="How are prices set?">
        <p>
          Most services have a fixed price per visit, shown on the <Link href="/services">Services page</Link>. Some, like premium lawn care
          and seasonal cleanups, are priced by lawn size: a price per square foot times the size of your lawn. As a guide, a small lawn is
          500 to 2,000 sq ft, a medium one 2,000 to 5,000 sq ft and a large one over 5,000 sq ft.
        </p>
      </InfoSection>
      <InfoSection title="Is there a discount for regular visits?">
        <p>Yes. A recurring plan (weekly, biweekly or monthly) takes 10% off the price of every visit in the series.</p>
      </InfoSection>
      <InfoSection title="Can I cancel or move a visit?">
        <p>
          Customers with an account can cancel an upcoming visit from My Account up to 24 hours before it starts. For later changes or to
          move a visit, call {BUSINESS.phone}. When rain makes mowing impossible we move the day&apos;s visits and tell you the new date.
        </p>
      </InfoSection>
      <InfoSection title="How do I pay?">
        <p>
          Pay by card through our secure payment provider (we never see or store your card number), or by cash or check to the crew. Your
          payment history is in My Account.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
