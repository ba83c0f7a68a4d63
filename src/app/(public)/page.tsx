import { CalendarCheck, CreditCard, Quote, Repeat, ShieldCheck, Star } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { HomeQuickBooking, HomeServicesGrid } from "@/components/public/home-services";
import { loadCatalogue } from "@/components/public/load-services";
import { ServiceCardSkeletons } from "@/components/public/service-skeletons";
import { ViewServicesLink } from "@/components/public/view-services-link";
import { buttonClasses } from "@/components/ui/button";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: { absolute: "GreenScape Austin | Lawn Mowing & Yard Care in Austin, TX" },
  description:
    "Book lawn mowing, trimming, cleanup and fertilization online in Greater Austin. One-time or recurring visits, upfront prices, secure payment.",
};

// The pitch is online booking, professional service, flexible scheduling, secure payments.
const FEATURES = [
  { icon: CalendarCheck, title: "Online Booking", text: "Pick a service, a day and a time slot in a couple of minutes, any time of day." },
  {
    icon: ShieldCheck,
    title: "Professional Service",
    text: "Trained, insured crews with commercial equipment and a satisfaction guarantee.",
  },
  { icon: Repeat, title: "Flexible Scheduling", text: "Book a one-time visit or a weekly, biweekly or monthly plan and save up to 10%." },
  { icon: CreditCard, title: "Secure Payments", text: "Pay by card through a secure provider, or settle up by cash or check on the day." },
] as const;

const STEPS = [
  { title: "Choose a service", text: "Browse mowing, trimming, cleanup and fertilization with prices shown upfront." },
  { title: "Pick a date and time", text: "Check that your ZIP code is in our area, then choose a slot from tomorrow on." },
  { title: "Enjoy your lawn", text: "Our crew arrives on time, does the work and hauls away the clippings." },
] as const;

const TESTIMONIALS = [
  {
    quote: "They have kept our yard in Crestview looking sharp every week for a year. Booking online takes a minute.",
    name: "Maria G.",
    place: "North Austin",
  },
  {
    quote: "The fall cleanup was thorough: beds weeded, leaves gone, edges crisp. Fair price, friendly crew.",
    name: "David L.",
    place: "Round Rock",
  },
  {
    quote: "I switched to the biweekly plan and the discount makes it an easy decision. Always on time.",
    name: "Priya S.",
    place: "South Austin",
  },
] as const;

export default function HomePage() {
  const catalogue = loadCatalogue();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-10 pt-10 md:grid-cols-2 md:pt-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Lawn care in Greater Austin</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
              A lawn you are proud of, without giving up your weekend
            </h1>
            <p className="mt-4 max-w-xl text-lg text-gray-700">
              Mowing, trimming, cleanup and fertilization by local crews. See prices upfront and book a one-time or recurring visit online.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/book" className={buttonClasses("accent", "lg")}>
                Book Now
              </Link>
              <ViewServicesLink />
            </div>
          </div>
          {/* A plain <img>: next/image does not resize SVGs and would add a client component to the page. */}
          <img
            src="/images/hero-lawn.svg"
            alt="Illustration of a freshly mowed striped lawn in front of a house"
            width={640}
            height={480}
            fetchPriority="high"
            className="hidden h-auto w-full md:block"
          />
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-12">
          <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-md sm:p-6">
            <h2 className="text-lg font-semibold text-gray-900">Check your ZIP and book</h2>
            <p className="mb-4 mt-1 text-sm text-gray-700">
              We serve about 110 ZIP codes across {BUSINESS.city} and the surrounding towns.
            </p>
            <Suspense fallback={<div className="h-[4.5rem] animate-pulse rounded-lg bg-gray-100" />}>
              <HomeQuickBooking services={catalogue} />
            </Suspense>
          </div>
        </div>
      </section>

      <HomeSection id="why-heading" title={`Why choose ${BUSINESS.name}`}>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-gray-200 p-6">
              <Icon className="size-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-sm text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection
        id="services-heading"
        title="Popular services"
        className="bg-gray-50"
        action={
          <Link
            href="/services"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            See all services
          </Link>
        }
      >
        <div className="mt-8">
          <Suspense fallback={<ServiceCardSkeletons count={3} />}>
            <HomeServicesGrid services={catalogue} />
          </Suspense>
        </div>
      </HomeSection>

      <HomeSection id="how-heading" title="How it works">
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-gray-900">{step.title}</h3>
                <p className="mt-1 text-sm text-gray-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </HomeSection>

      <HomeSection id="testimonials-heading" title="What our customers say" className="bg-brand-50">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
                <div className="flex gap-0.5 text-accent-600" role="img" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, star) => (
                    <Star key={star} className="size-4 fill-current" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="mt-3 flex-1 text-gray-800">
                  <Quote className="mb-1 size-5 text-brand-300" aria-hidden="true" />
                  {testimonial.quote}
                </blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-gray-900">
                  {testimonial.name} <span className="font-normal text-gray-600">· {testimonial.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </HomeSection>

      <section className="mx-auto max-w-6xl px-4 py-14 text-center">
        <h2 className="text-3xl font-bold text-brand-900">Questions before you book?</h2>
        <p className="mx-auto mt-3 max-w-xl text-gray-700">Call us at {BUSINESS.phone} or send a message. We reply within 24 hours.</p>
        <Link href="/contact" className={buttonClasses("primary", "lg", "mt-6")}>
          Contact Us
        </Link>
      </section>
    </>
  );
}

/** A band of the home page: its heading (with an optional link beside it) above its content. */
function HomeSection({
  id,
  title,
  action,
  className,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id={id} className="text-3xl font-bold text-brand-900">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
