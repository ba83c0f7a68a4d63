"use client";

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useRouter, useSearchParams } from "next/navigation";
import { CalendarDays, CreditCard, FileText, LogOut, MessageSquare, UserRound } from "lucide-react";
import { markCustomerSignedOut } from "@/components/public/customer-session-store";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/toast/toast-store";
import { cn } from "@/lib/cn";
import type { TSessionCustomer } from "@/server/auth/schemas";
import { api } from "@/trpc/react";
import { AppointmentsTab } from "./appointments-tab";
import { ChangePasswordSection } from "./change-password-form";
import { MessagesTab } from "./messages-tab";
import { NotificationPreferences } from "./notification-preferences";
import { PaymentsTab } from "./payments-tab";
import { QuotesTab } from "./quotes-tab";
import { ProfileTab } from "./profile-tab";
import { errorMessage } from "@/components/error-text";
import { VerifyEmailBanner } from "./verify-email-banner";

const TABS = [
  { name: "Profile", icon: UserRound },
  { name: "Appointments", icon: CalendarDays },
  { name: "Messages", icon: MessageSquare },
  { name: "Payments", icon: CreditCard },
  { name: "Quotes", icon: FileText },
] as const;

/** My Account: visits, payments, messages, quotes and profile (docs/product-rules.md#customer-accounts-and-claiming). */
export function MyAccount({ customer: initial }: { customer: TSessionCustomer }) {
  const router = useRouter();
  const utils = api.useUtils();
  const profile = api.portal.profile.useQuery({}, { initialData: initial });
  const customer = profile.data;
  // Links in payment emails open the Payments tab (?tab=payments).
  const openTab = Math.max(
    0,
    TABS.findIndex((tab) => tab.name.toLowerCase() === useSearchParams().get("tab")),
  );
  const logout = api.customerAuth.logout.useMutation({
    onSuccess: () => {
      markCustomerSignedOut();
      toast({ title: "Logout successful", description: "You have been logged out" });
      utils.invalidate();
      router.replace("/");
      router.refresh();
    },
    onError: (error) => {
      toast({
        title: "Logout failed",
        description: errorMessage(error, { answer: "Could not log out", exception: "An error occurred during logout" }),
        variant: "destructive",
      });
    },
  });

  // The site's frame (PublicShell) holds the page's one main landmark.
  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">My Account</h1>
          <p className="mt-1 text-gray-700">Welcome, {customer.fullName || "Customer"}</p>
        </div>
        <Button variant="outline" onClick={() => logout.mutate({})} disabled={logout.isPending}>
          <LogOut aria-hidden="true" className="size-4" />
          {logout.isPending ? "Logging out..." : "Logout"}
        </Button>
      </div>

      {customer.isVerified ? null : <VerifyEmailBanner email={customer.email} />}

      <TabGroup className="mt-8" defaultIndex={openTab}>
        <TabList className="grid grid-cols-2 gap-1 rounded-xl bg-brand-50 p-1 sm:grid-cols-5">
          {TABS.map(({ name, icon: Icon }) => (
            <Tab
              key={name}
              className={({ selected }) =>
                cn(
                  // Five tabs in two columns on a phone: the last one takes the whole row.
                  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold last:col-span-2 focus-visible:outline-2 focus-visible:outline-brand-600 sm:last:col-span-1",
                  selected ? "bg-white text-brand-800 shadow" : "text-brand-900 hover:bg-white/60",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            <ProfileTab customer={customer} />
            <ChangePasswordSection />
            <NotificationPreferences phone={customer.phone} />
          </TabPanel>
          <TabPanel>
            <AppointmentsTab />
          </TabPanel>
          <TabPanel>
            <MessagesTab />
          </TabPanel>
          <TabPanel>
            <PaymentsTab />
          </TabPanel>
          <TabPanel>
            <QuotesTab verified={customer.isVerified} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
