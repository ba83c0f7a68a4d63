import type { Metadata } from "next";
import { InfoPage, InfoSection } from "@/components/public/info-page";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: `What personal information ${BUSINESS.name} collects, why, and how we keep it safe.`,
};

export default function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" lead="We collect only what we need to look after your yard, and we never sell it.">
      <InfoSection title="What we collect">
        <ul>
          <li>Contact details you give us: name, email, phone and service address.</li>
          <li>Booking details: the services, dates, lawn size and any instructions.</li>
          <li>Messages you send us through the contact form or your account.</li>
          <li>Payment records. Card numbers go straight to our payment provider; we never see or store them.</li>
        </ul>
      </InfoSection>
      <InfoSection title="How we use it">
        <p>
          To schedule and carry out visits, to contact you about them, to take payment and to answer your questions. We do not sell or rent
          your information, and we do not use advertising trackers on this site.
        </p>
      </InfoSection>
      <InfoSection title="Cookies">
        <p>Signing in to your account sets one cookie that keeps you signed in. It is removed when you log out.</p>
      </InfoSection>
      <InfoSection title="Your choices">
        <p>
          You can see and update your details in My Account, or ask us to correct or delete them by writing to{" "}
          <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
