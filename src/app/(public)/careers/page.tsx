import type { Metadata } from "next";
import { InfoPage, InfoSection } from "@/components/public/info-page";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "Careers",
  description: `Work outdoors with ${BUSINESS.name}: crew member and crew lead positions across Greater Austin.`,
};

export default function CareersPage() {
  return (
    <InfoPage title="Careers" lead="Like working outdoors and seeing the result of your work at the end of the day? Join our crews.">
      <InfoSection title="Open positions">
        <ul>
          <li>Lawn care crew member (full time or seasonal): mowing, trimming, edging and cleanup.</li>
          <li>Crew lead: runs a two-person crew and keeps the day&apos;s route on schedule.</li>
          <li>Fertilization technician: Texas Department of Agriculture applicator license preferred.</li>
        </ul>
      </InfoSection>
      <InfoSection title="What we offer">
        <ul>
          <li>Competitive hourly pay, paid weekly, and paid overtime in the busy season.</li>
          <li>Paid training on equipment and safety; all gear and uniforms provided.</li>
          <li>Predictable hours: Monday to Friday days and some Saturday mornings.</li>
        </ul>
      </InfoSection>
      <InfoSection title="How to apply">
        <p>
          Email a few lines about yourself and the position you are interested in to{" "}
          <a href={`mailto:${BUSINESS.email}?subject=Job%20application`}>{BUSINESS.email}</a>. We answer every application.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
