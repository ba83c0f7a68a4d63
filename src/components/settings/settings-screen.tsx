"use client";

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";
import { useStaffSession } from "@/components/staff/use-staff-session";
import type { StaffRole } from "@/lib/staff-roles";
import { ApiKeysPanel } from "./api-keys-panel";
import { BackgroundJobsPanel } from "./background-jobs-panel";
import { CrewsPanel } from "./crews-panel";
import { RouteStartForm } from "./route-start-form";
import { DeleteAccount } from "./delete-account";
import { ExportData } from "./export-data";
import { NotificationSettingsForm } from "./notification-settings-form";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";
import { SelfServiceRulesForm } from "./self-service-rules-form";
import { StaffCalendarFeed } from "./staff-calendar-feed";
import { RecentTextsPanel } from "./recent-texts-panel";
import { TextSettingsForm, TextSettingsSummary } from "./text-settings-form";
import { TextUsageCard } from "./text-usage-card";
import { QuoteSettingsPanel } from "@/components/quotes/quote-settings-panel";
import { BusinessLicenseForm, MyLicenseCard, StaffLicensesPanel } from "./licenses-panel";
import { ProductsPanel } from "./products-panel";
import { StaffPanel } from "./staff-panel";
import { WebhooksPanel } from "./webhooks-panel";

type TabName = "General" | "Products" | "Notifications" | "Texts" | "Billing" | "Advanced" | "Staff";

/** The tabs a role sees: crew members their own account only, owners the Staff tab besides. */
function tabsFor(role: StaffRole): TabName[] {
  if (role === "crew") return ["General", "Advanced"];
  return role === "owner"
    ? ["General", "Products", "Notifications", "Texts", "Billing", "Advanced", "Staff"]
    : ["General", "Products", "Notifications", "Texts", "Billing", "Advanced"];
}

// Whole class names, so Tailwind finds them in the source.
const TAB_COLUMNS: Record<number, string> = { 2: "sm:grid-cols-2", 6: "sm:grid-cols-3 md:grid-cols-6", 7: "sm:grid-cols-4 md:grid-cols-7" };

function Card({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-gray-200 bg-white p-5">{children}</div>;
}

function Placeholder({ what }: { what: string }) {
  return <p className="text-sm text-gray-700">{what} settings will be available in a future update.</p>;
}

/**
 * The settings screen's tabs, as the signed-in role may use them (docs/product-rules.md#staff-roles):
 * business settings (crews, self-service rules, notification and text settings, what texts cost) and
 * Staff for owners; the office's tools (calendar feed, webhooks, jobs, recent texts, export, API keys)
 * for owners and office; everyone's own profile, password and account.
 */
export function SettingsScreen({ initialTab = "General" }: { initialTab?: TabName }) {
  const { user } = useStaffSession();
  if (!user) return null;
  const role = user.role;
  const owner = role === "owner";
  const office = role !== "crew";
  const tabs = tabsFor(role);
  const panels: Record<TabName, ReactNode> = {
    General: (
      <TabPanel key="General" className="space-y-6">
        <Card>
          <ProfileForm />
        </Card>
        <Card>
          <PasswordForm />
        </Card>
        <Card>
          <MyLicenseCard />
        </Card>
        {owner ? (
          <Card>
            <CrewsPanel />
          </Card>
        ) : null}
        {owner ? (
          <Card>
            <RouteStartForm />
          </Card>
        ) : null}
        {owner ? (
          <Card>
            <BusinessLicenseForm />
          </Card>
        ) : null}
        {office ? (
          <Card>
            <StaffCalendarFeed />
          </Card>
        ) : null}
        {owner ? (
          <Card>
            <SelfServiceRulesForm />
          </Card>
        ) : null}
        {owner ? (
          <Card>
            <QuoteSettingsPanel />
          </Card>
        ) : null}
      </TabPanel>
    ),
    Products: (
      <TabPanel key="Products" className="space-y-6">
        <Card>
          <ProductsPanel />
        </Card>
      </TabPanel>
    ),
    Notifications: (
      <TabPanel key="Notifications" className="space-y-6">
        {owner ? (
          <Card>
            <NotificationSettingsForm />
          </Card>
        ) : null}
        <Card>
          <WebhooksPanel />
        </Card>
        <Card>
          <BackgroundJobsPanel />
        </Card>
      </TabPanel>
    ),
    Texts: (
      <TabPanel key="Texts" className="space-y-6">
        <Card>{owner ? <TextSettingsForm /> : <TextSettingsSummary />}</Card>
        {owner ? (
          <Card>
            <TextUsageCard />
          </Card>
        ) : null}
        <Card>
          <RecentTextsPanel />
        </Card>
      </TabPanel>
    ),
    Billing: (
      <TabPanel key="Billing" className="rounded-xl border border-gray-200 bg-white p-5">
        <Placeholder what="Billing" />
      </TabPanel>
    ),
    Advanced: (
      <TabPanel key="Advanced" className="space-y-6">
        {office ? (
          <>
            <Card>
              <ExportData />
            </Card>
            <Card>
              <ApiKeysPanel />
            </Card>
          </>
        ) : null}
        <DeleteAccount />
      </TabPanel>
    ),
    Staff: (
      <TabPanel key="Staff" className="space-y-6">
        <Card>
          <StaffPanel />
        </Card>
        <Card>
          <StaffLicensesPanel />
        </Card>
      </TabPanel>
    ),
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Settings</h1>
      <TabGroup defaultIndex={Math.max(0, tabs.indexOf(initialTab))}>
        <TabList className={`grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 ${TAB_COLUMNS[tabs.length] ?? "sm:grid-cols-4"}`}>
          {tabs.map((tab) => (
            <Tab
              key={tab}
              className="min-h-11 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-white/70 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm"
            >
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">{tabs.map((tab) => panels[tab])}</TabPanels>
      </TabGroup>
    </div>
  );
}
