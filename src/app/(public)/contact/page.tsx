import { Clock, FileText, Mail, Phone } from "lucide-react";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ContactForm } from "@/components/public/contact-form";
import { PageIntro } from "@/components/public/page-intro";
import { ServiceAreaList } from "@/components/public/service-area-list";
import { BUSINESS } from "@/lib/business";

export const metadata: Metadata = {
  title: "Contact Us",
  description: `Call ${BUSINESS.phone}, email us or send a message. See the Austin-area ZIP codes we serve and our business hours.`,
};

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-gray-200 p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <h2 className="font-semibold text-gray-900">{title}</h2>
        <div className="mt-1 text-sm text-gray-700">{children}</div>
      </div>
    </div>
  );
}

const linkClasses = "inline-flex min-h-11 items-center break-words font-medium text-brand-700 underline underline-offset-4 sm:min-h-0";

export default function ContactPage() {
  return (
    <>
      <PageIntro title="Get in Touch">Questions, quotes or a special request: call, email or send us a message.</PageIntro>
      {/* Phones read the contact cards first; from lg the cards and hours sit beside the form. */}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem] lg:grid-rows-[auto_1fr]">
        <div className="grid gap-4 sm:grid-cols-3 lg:col-start-2 lg:row-start-1 lg:grid-cols-1">
          <ContactCard icon={<Phone className="size-5" aria-hidden="true" />} title="Call us">
            <a href={BUSINESS.phoneHref} className={linkClasses}>
              {BUSINESS.phone}
            </a>
          </ContactCard>
          <ContactCard icon={<Mail className="size-5" aria-hidden="true" />} title="Email us">
            <a href={`mailto:${BUSINESS.email}`} className={linkClasses}>
              {BUSINESS.email}
            </a>
            <p className="mt-1">We reply within 24 hours.</p>
          </ContactCard>
          <ContactCard icon={<FileText className="size-5" aria-hidden="true" />} title="Quotes">
            <a href={`mailto:${BUSINESS.quotesEmail}`} className={linkClasses}>
              {BUSINESS.quotesEmail}
            </a>
            <p className="mt-1">For estimates on larger projects.</p>
            <a href="/quote" className={linkClasses}>
              Request a quote online
            </a>
          </ContactCard>
        </div>
        <div className="space-y-8 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <section aria-labelledby="message-heading" className="rounded-2xl border border-gray-200 p-6 shadow-sm">
            <h2 id="message-heading" className="text-xl font-semibold text-gray-900">
              Send us a message
            </h2>
            <p className="mb-5 mt-1 text-sm text-gray-700">Tell us about your yard and what you need. We answer every message.</p>
            <ContactForm />
          </section>
          <ServiceAreaList />
        </div>
        <aside aria-labelledby="hours-heading" className="h-fit rounded-2xl bg-brand-50 p-6 lg:col-start-2 lg:row-start-2">
          <h2 id="hours-heading" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
            <Clock className="size-5" aria-hidden="true" />
            Business hours
          </h2>
          <dl className="mt-4 divide-y divide-brand-100 text-sm">
            {BUSINESS.hours.map((entry) => (
              <div key={entry.days} className="flex justify-between gap-4 py-2.5">
                <dt className="font-medium text-gray-900">{entry.days}</dt>
                <dd className="text-gray-700">{entry.hours}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-gray-700">Messages sent outside these hours are answered the next business day.</p>
        </aside>
      </div>
    </>
  );
}
