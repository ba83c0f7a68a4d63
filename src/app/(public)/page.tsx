import { ButtonLink } from "@/components/ui/button";
import { BUSINESS } from "@/lib/business";

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-1 flex-col items-start justify-center gap-6 px-4 py-16">
      <h1 className="text-4xl font-bold text-brand-900">{BUSINESS.name}</h1>
      <p className="text-lg text-gray-700">Lawn care and garden services across Greater Austin, Texas.</p>
      <div className="flex gap-3">
        <ButtonLink href="/book" variant="accent" size="lg">
          Book Now
        </ButtonLink>
        <ButtonLink href="/services" variant="outline" size="lg">
          View Services
        </ButtonLink>
      </div>
    </main>
  );
}
