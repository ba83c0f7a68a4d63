import { CalendarDays, type LucideIcon, Mail, MapPin, MessageSquare, Pencil, Phone, Trash2 } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { HighlightedText } from "@/components/ui/highlighted-text";
import { formatPostalAddress } from "@/lib/postal-address";
import type { RouterOutputs } from "@/trpc/react";
import { formatPhoneNumber, phoneHref } from "@/lib/phone-number";

export type StaffCustomer = RouterOutputs["customers"]["list"][number];

const ACTION = "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold";

const LINK_LOOK = `${ACTION} bg-brand-50 text-brand-800 hover:bg-brand-100`;
const EDIT_LOOK = `${ACTION} border border-gray-300 text-gray-800 hover:bg-gray-50`;

/** One of the card's links to another staff screen, its icon first; `children` name it for a screen reader too. */
function CardLink({ href, icon: Icon, look, children }: { href: string; icon: LucideIcon; look: string; children: ReactNode }) {
  return (
    <Link prefetch={false} href={href} className={look}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/**
 * A customer's card on the customers screen: call and email links, links to the customer's schedule
 * and messages, edit and delete.
 */
export function CustomerCard({
  customer,
  onDelete,
  extraActions,
  query = "",
}: {
  customer: StaffCustomer;
  onDelete: () => void;
  extraActions?: ReactNode;
  /** The search the list answers: its matches are marked. */
  query?: string;
}) {
  const place = formatPostalAddress(customer);
  return (
    <li className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm" data-testid="customer-card">
      <h2 className="text-lg font-semibold text-gray-900">
        <HighlightedText text={customer.fullName} query={query} />
      </h2>
      <div className="mt-2 space-y-1 text-sm text-gray-700">
        <a
          href={`mailto:${customer.email}`}
          className="flex min-h-11 items-center gap-2 break-all sm:min-h-8 hover:text-brand-700 hover:underline"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Email </span>
          <HighlightedText text={customer.email} query={query} />
        </a>
        {customer.phone ? (
          <a href={phoneHref(customer.phone)} className="flex min-h-11 items-center gap-2 sm:min-h-8 hover:text-brand-700 hover:underline">
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Call </span>
            <HighlightedText text={formatPhoneNumber(customer.phone)} query={query} />
          </a>
        ) : null}
        {place ? (
          <p className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <HighlightedText text={place} query={query} />
          </p>
        ) : null}
        {customer.notes ? <p className="rounded-lg bg-gray-50 p-2 text-gray-700">{customer.notes}</p> : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-gray-100 pt-3">
        <CardLink href={`/schedule?customerId=${customer.id}`} icon={CalendarDays} look={LINK_LOOK}>
          Schedule<span className="sr-only"> for {customer.fullName}</span>
        </CardLink>
        <CardLink href={`/messages?customerId=${customer.id}`} icon={MessageSquare} look={LINK_LOOK}>
          Messages<span className="sr-only"> with {customer.fullName}</span>
        </CardLink>
        {extraActions}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <CardLink href={`/customers/edit/${customer.id}`} icon={Pencil} look={EDIT_LOOK}>
          Edit<span className="sr-only"> {customer.fullName}</span>
        </CardLink>
        <button type="button" onClick={onDelete} className={`${ACTION} border border-red-200 text-red-700 hover:bg-red-50`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> {customer.fullName}</span>
        </button>
      </div>
    </li>
  );
}
