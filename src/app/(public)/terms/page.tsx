import type { Metadata } from "next";
import { InfoPage, InfoSection } from "@/components/public/info-page";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "Terms of Service",
  description: `The terms that apply when you book lawn and garden services with ${BUSINESS.name}.`,
};

export default function TermsPage() {
  return (
    <InfoPage title="Terms of Service" lead={`These terms apply when you book a service with ${BUSINESS.name}.`}>
      <InfoSection title="Bookings">
        <p>
          A booking is a request for a visit on the chosen date and time slot. We confirm it, or contact you if the slot cannot be kept.
          Prices are those shown when you book; services priced by lawn size are calculated from the size you give us and may be adjusted if
          the lawn is clearly larger.
        </p>
      </InfoSection>
      <InfoSection title="Access and safety">
        <p>
          Please make sure gates are unlocked, pets are inside and toys or hoses are off the lawn. If we cannot reach the yard safely we may
          have to skip the visit.
        </p>
      </InfoSection>
      <InfoSection title="Cancellations and weather">
        <p>
          You can cancel an upcoming visit more than 24 hours ahead at no charge. Visits that rain or storms make unsafe are moved to
          another day, and we tell you the new date.
        </p>
      </InfoSection>
      <InfoSection title="Payment and guarantee">
        <p>
          Payment is due after each visit. If you are not satisfied with a visit, tell us within 48 hours and we will come back to put it
          right.
        </p>
      </InfoSection>
      <InfoSection title="Contact">
        <p>
          Questions about these terms: <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or {BUSINESS.phone}.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
