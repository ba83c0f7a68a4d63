import type { Metadata } from "next";
import { InfoPage, InfoSection } from "@/components/public/info-page";

export const metadata: Metadata = {
  title: "Lawn Care Blog",
  description: "Seasonal lawn care tips for Central Texas: mowing heights, watering in summer heat and fall cleanup.",
};

export default function BlogPage() {
  return (
    <InfoPage
      title="Lawn Care Blog"
      lead="Practical tips for keeping a Central Texas lawn healthy through heat, drought and the odd freeze."
    >
      <InfoSection title="Mow high in the summer heat">
        <p>
          St. Augustine does best at 3 to 4 inches and Bermuda at 1.5 to 2 inches. Taller grass shades its own roots and holds moisture, so
          in July and August raise the deck a notch and never take more than a third of the blade at once.
        </p>
      </InfoSection>
      <InfoSection title="Water deeply, not daily">
        <p>
          One inch a week, delivered in one or two deep soakings early in the morning, trains roots to grow down. Check your city&apos;s
          watering schedule: most Austin-area utilities limit irrigation to set days.
        </p>
      </InfoSection>
      <InfoSection title="Fall is for cleanup and feeding">
        <p>
          Clearing leaves before they mat down keeps light on the grass, and a fall feeding helps warm-season lawns store energy for winter.
          It is also the right time to trim shrubs back from walks and windows.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
