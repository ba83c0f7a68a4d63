import { CalendarCheck, CreditCard, MessageSquare, UserRound } from "lucide-react";
import { BUSINESS } from "@/lib/business";

const BENEFITS = [
  { icon: CalendarCheck, title: "Your appointments", text: "See upcoming and past visits, and skip, move, pause or cancel them online." },
  { icon: MessageSquare, title: "Message our team", text: "Ask questions and get answers from the crew office in one place." },
  { icon: CreditCard, title: "Payments", text: "Review your payment history and pay open balances by card." },
  { icon: UserRound, title: "Your details", text: "Keep your address and phone number up to date." },
];

/** The side panel of portal benefits on the login page. */
export function PortalBenefits() {
  return (
    <div>
      <h2 className="text-xl font-semibold text-white">Your customer portal</h2>
      <ul className="mt-6 space-y-5">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-200" />
            <div>
              <p className="font-medium text-white">{title}</p>
              <p className="text-sm text-brand-100">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-brand-100">
        Questions? Call us at{" "}
        <a href={BUSINESS.phoneHref} className="font-semibold text-white underline">
          {BUSINESS.phone}
        </a>
        .
      </p>
    </div>
  );
}
