import type { Metadata } from "next";
import Link from "next/link";
import { InfoPage, InfoSection } from "@/components/public/info-page";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "About Us",
  description: `${BUSINESS.name} is a local lawn and garden service caring for yards across Greater Austin, Texas.`,
};

export default function AboutPage() {
  return (
    <InfoPage
      title="About Us"
      lead={`${BUSINESS.name} is a local lawn and garden company, proudly serving ${BUSINESS.city} and its neighbours.`}
    >
      <InfoSection title="Who we are">
        <p>
          We started with one mower and a pickup truck, cutting lawns for neighbours in South Austin. Today our crews care for homes from
          Georgetown to San Marcos, and we still treat every yard as if it were our own.
        </p>
      </InfoSection>
      <InfoSection title="How we work">
        <ul>
          <li>Upfront prices: you see what a visit costs before you book.</li>
          <li>Trained, insured crews with well-kept commercial equipment.</li>
          <li>Care suited to Central Texas: drought-aware mowing heights and fertilizer matched to local grasses.</li>
          <li>A satisfaction guarantee: if something is missed, we come back and fix it.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Talk to us">
        <p>
          Have a question or a special project? <Link href="/contact">Contact us</Link> or call {BUSINESS.phone}.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
