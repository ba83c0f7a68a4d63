"use client";

import { Check, Mail, MessageSquareText, Phone, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FilterToggle } from "@/components/ui/filter-toggle";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatBusinessDate } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { formatPhoneNumber, phoneHref } from "@/lib/phone-number";

const INQUIRY_FILTERS = ["open", "handled"] as const;
type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

/**
 * A text from a number no customer has: it has a phone and no email. `source` says so where the
 * server sends it; an inquiry without an email came by text either way.
 */
function cameByText(inquiry: { source?: "website" | "text"; email: string }): boolean {
  return inquiry.source ? inquiry.source === "text" : inquiry.email === "";
}

/** Contact-form submissions and texts from unknown numbers, kept apart from customer conversations (docs/product-rules.md#messages). */
export function InquiriesPanel({ onOpenConversation }: { onOpenConversation: (customerId: number) => void }) {
  const [filter, setFilter] = useState<InquiryFilter>("open");
  // The list comes with the page's HTML: its buttons wait for the script, so a tap is never lost.
  const hydrated = useHydrated();
  const inquiries = api.inquiries.list.useQuery({ status: filter });
  const utils = api.useUtils();

  const refresh = () => Promise.all([utils.inquiries.list.invalidate(), utils.dashboard.stats.invalidate()]);
  const setHandled = api.inquiries.setHandled.useMutation({
    onSuccess: async (inquiry) => {
      toast({ title: inquiry.handledAt ? "Inquiry marked handled" : "Inquiry reopened" });
      await refresh();
    },
    onError: (error) => toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" }),
  });
  const convert = api.inquiries.convertToCustomer.useMutation({
    onSuccess: async (result) => {
      toast({
        title: result.created ? "Customer created" : "Linked to existing customer",
        description: result.created
          ? "The inquiry is now a customer you can message and schedule."
          : "A customer with this email already existed.",
      });
      await Promise.all([refresh(), utils.customers.list.invalidate(), utils.messages.conversations.invalidate()]);
      onOpenConversation(result.customerId);
    },
    onError: (error) => toast({ title: "Failed to create customer", description: errorMessage(error), variant: "destructive" }),
  });

  return (
    <section aria-labelledby="inquiries-heading" className="rounded-xl border border-gray-200 bg-white">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3">
        <h2 id="inquiries-heading" className="font-semibold text-gray-900">
          Inquiries
        </h2>
        <FilterToggle label="Show inquiries" options={INQUIRY_FILTERS} value={filter} onChange={setFilter} />
      </header>
      {inquiries.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading inquiries" />
        </div>
      ) : inquiries.isError ? (
        <p className="p-4 text-sm text-red-700">Inquiries could not be loaded.</p>
      ) : inquiries.data.length === 0 ? (
        <p className="p-4 text-sm text-gray-600">
          {filter === "open"
            ? "No open inquiries. The contact form and texts from unknown numbers land here."
            : "No handled inquiries yet."}
        </p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {inquiries.data.map((inquiry) => (
            <li key={inquiry.id} className="space-y-2 px-4 py-3" data-testid="inquiry">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-gray-900">{inquiry.name}</p>
                <p className="text-xs text-gray-600">{formatBusinessDate(inquiry.createdAt, "MMM d, h:mm a")}</p>
              </div>
              <p className="text-sm whitespace-pre-wrap text-gray-800">{inquiry.message}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {cameByText(inquiry) ? (
                  <span className="inline-flex items-center gap-1 font-medium text-gray-800" data-testid="inquiry-source">
                    <MessageSquareText aria-hidden="true" className="size-4" />
                    Text
                  </span>
                ) : (
                  <a href={`mailto:${inquiry.email}`} className="inline-flex items-center gap-1 text-brand-700 underline">
                    <Mail aria-hidden="true" className="size-4" />
                    {inquiry.email}
                  </a>
                )}
                {inquiry.phone ? (
                  <a href={phoneHref(inquiry.phone)} className="inline-flex items-center gap-1 text-brand-700 underline">
                    <Phone aria-hidden="true" className="size-4" />
                    {formatPhoneNumber(inquiry.phone)}
                  </a>
                ) : null}
              </p>
              <div className="flex flex-wrap gap-2">
                {inquiry.customerId ? (
                  <Button variant="secondary" size="sm" onClick={() => onOpenConversation(inquiry.customerId!)} disabled={!hydrated}>
                    Open conversation
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => convert.mutate({ id: inquiry.id })}
                    disabled={!hydrated || convert.isPending}
                  >
                    <UserPlus aria-hidden="true" className="size-4" />
                    Make customer
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setHandled.mutate({ id: inquiry.id, handled: !inquiry.handledAt })}
                  disabled={!hydrated || setHandled.isPending}
                >
                  {inquiry.handledAt ? (
                    "Reopen"
                  ) : (
                    <>
                      <Check aria-hidden="true" className="size-4" />
                      Mark handled
                    </>
                  )}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
